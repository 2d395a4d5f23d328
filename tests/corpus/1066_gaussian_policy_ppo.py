# A Gaussian policy and a PPO-style clipped objective with torch.distributions.Normal and Independent: a network's mean and a learned log-std, actions sampled (torch's RNG), log_prob summed over action dims, the ratio to the old policy's log_prob, the clipped surrogate, the entropy bonus, an optimizer step; rsample's reparameterized gradient; cdf, icdf, variance; a SAC actor's tanh-squashed Normal (TransformedDistribution with TanhTransform(cache_size=1)) and its log_prob through the cached inverse, LogNormal
import torch
import torch.nn as nn
from torch.distributions import Normal, Independent, TransformedDistribution, LogNormal
from torch.distributions.transforms import TanhTransform, AffineTransform
torch.manual_seed(1)
actor = nn.Linear(3, 2)
log_std = nn.Parameter(torch.zeros(2) - 0.5)
optimizer = torch.optim.SGD(list(actor.parameters()) + [log_std], lr=0.1)
states = torch.randn(6, 3)
with torch.no_grad():
    old = Normal(actor(states), log_std.exp())
    actions = old.sample()
    old_log_probs = old.log_prob(actions).sum(-1)
advantages = torch.randn(6)
for step in range(3):
    dist = Normal(actor(states), log_std.exp())
    log_probs = dist.log_prob(actions).sum(-1)
    ratio = (log_probs - old_log_probs).exp()
    surrogate = torch.min(ratio * advantages, ratio.clamp(0.8, 1.2) * advantages)
    loss = -surrogate.mean() - 0.01 * dist.entropy().sum(-1).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, round(loss.item(), 5))
dist
actions
log_probs.grad_fn
ratio
log_std.grad
actor.weight.grad
dist.mean.shape, dist.stddev.grad_fn, dist.variance.grad_fn
mvn = Independent(Normal(actor(states), log_std.exp()), 1)
mvn
mvn.batch_shape, mvn.event_shape
mvn.log_prob(actions)
mvn.entropy()
loc = torch.tensor([0.5, -1.0], requires_grad=True)
scale = torch.tensor([1.0, 2.0], requires_grad=True)
n = Normal(loc, scale)
z = n.rsample((4,))
z
z.grad_fn
(z ** 2).sum().backward()
loc.grad, scale.grad
n.sample((2,)).requires_grad
n.cdf(torch.tensor([0.0, 0.0]))
n.icdf(torch.tensor([0.25, 0.75]))
n.log_prob(torch.tensor([1.0, 1.0])).grad_fn
n.entropy()
n.variance
Normal(0.0, 1.0).log_prob(torch.tensor(0.0))
Normal(torch.tensor(0.0), 2.0).sample((3,))
sac_actor = nn.Linear(3, 4)
mean, log_std = sac_actor(states).chunk(2, dim=-1)
squashed = TransformedDistribution(Normal(mean, log_std.clamp(-5, 2).exp()), [TanhTransform(cache_size=1), AffineTransform(0.0, 2.0)])
squashed
squashed.batch_shape, squashed.event_shape
action = squashed.rsample()
action
log_pi = squashed.log_prob(action).sum(-1)
log_pi
log_pi.grad_fn
q = (action * torch.tensor([1.0, -0.5])).sum(-1)
actor_loss = (0.2 * log_pi - q).mean()
actor_loss.backward()
sac_actor.weight.grad
sac_actor.bias.grad
squashed.support
TanhTransform().inv(torch.tensor([0.5, -0.25]))
ln = LogNormal(torch.tensor([0.0, 0.5], requires_grad=True), torch.tensor([1.0, 0.25]))
ln
ln.mean, ln.variance
ln.rsample((2,))
ln.log_prob(torch.tensor([1.0, 2.0])).sum().backward()
ln.loc.grad
