# torch.distributions beyond the basics, as programs use them: MultivariateNormal by covariance, scale_tril or precision (log_prob, rsample, entropy, KL, batched), OneHotCategorical and its straight-through rsample (Gumbel-style action selection), Uniform exploration noise, Exponential and Laplace (rsample, log_prob, KL), Geometric, Gumbel, HalfNormal, Cauchy, HalfCauchy and their KLs, and a script's own Distribution subclass declaring constraints, validated as torch validates it
import torch
import torch.nn as nn
from torch.distributions import (Cauchy, Distribution, Exponential, Geometric, Gumbel, HalfCauchy, HalfNormal, Laplace, MultivariateNormal, OneHotCategorical, OneHotCategoricalStraightThrough, Uniform, constraints, kl_divergence)
torch.manual_seed(5)
A = torch.randn(3, 3)
cov = (A @ A.T + torch.eye(3)).requires_grad_()
loc = torch.randn(3, requires_grad=True)
mvn = MultivariateNormal(loc, covariance_matrix=cov)
mvn
mvn.batch_shape, mvn.event_shape
x = mvn.sample()
x
lp = mvn.log_prob(x)
lp
lp.grad_fn
lp.backward()
loc.grad
mvn.entropy()
mvn.variance
L = torch.tensor([[1.0, 0.0], [0.5, 2.0]])
mu = torch.zeros(4, 2, requires_grad=True)
batched = MultivariateNormal(mu, scale_tril=L)
batched
z = batched.rsample()
z
(z ** 2).sum().backward()
mu.grad
batched.log_prob(torch.ones(4, 2))
MultivariateNormal(torch.zeros(2), precision_matrix=torch.tensor([[2.0, 0.3], [0.3, 1.0]])).covariance_matrix
kl_divergence(mvn, MultivariateNormal(torch.zeros(3), scale_tril=2 * torch.eye(3)))
policy = nn.Linear(4, 3)
state = torch.randn(5, 4)
onehot = OneHotCategorical(logits=policy(state))
onehot
actions = onehot.sample()
actions
reward = actions @ torch.tensor([1.0, -1.0, 0.5])
loss = -(onehot.log_prob(actions) * reward).mean()
loss.backward()
policy.bias.grad
onehot.entropy()
onehot.mode
st = OneHotCategoricalStraightThrough(logits=policy(state))
y = st.rsample()
y
y.grad_fn
values = torch.tensor([3.0, 1.0, 2.0])
policy.zero_grad()
(y @ values).sum().backward()
policy.bias.grad
kl_divergence(onehot, OneHotCategorical(probs=torch.tensor([0.2, 0.3, 0.5])))
noise = Uniform(-0.1, 0.1)
noise.sample((3,))
noise.log_prob(torch.tensor(0.05))
noise.entropy()
rate = torch.tensor([0.5, 2.0], requires_grad=True)
waits = Exponential(rate).rsample((3,))
waits
waits.sum().backward()
rate.grad
Exponential(rate).log_prob(torch.tensor([1.0, 0.25]))
center = torch.tensor([0.0, 1.0], requires_grad=True)
laplace = Laplace(center, 0.5)
laplace.rsample((2,))
laplace.log_prob(torch.tensor([0.2, 0.7])).sum().backward()
center.grad
kl_divergence(laplace, Laplace(0.0, 1.0)), kl_divergence(Exponential(rate), Exponential(1.0))
success = torch.tensor([0.2, 0.7], requires_grad=True)
trials = Geometric(success)
trials.sample((3,))
trials.log_prob(torch.tensor([3.0, 0.0])).sum().backward()
success.grad
trials.entropy()
extreme = Gumbel(torch.tensor([0.0, 1.0], requires_grad=True), 2.0)
extreme.log_prob(torch.tensor([0.5, 0.5]))
extreme.mean, extreme.stddev
sigma = torch.tensor([1.0, 3.0], requires_grad=True)
half = HalfNormal(sigma)
half.rsample((2,))
half.log_prob(torch.tensor([0.5, 1.0])).sum().backward()
sigma.grad
kl_divergence(trials, Geometric(torch.tensor([0.5, 0.5]))), kl_divergence(half, HalfNormal(2.0)), kl_divergence(extreme, Gumbel(0.5, 1.0))
prior_scale = torch.tensor([1.0, 2.5], requires_grad=True)
prior = HalfCauchy(prior_scale)
prior.rsample((2,))
prior.log_prob(torch.tensor([0.5, 3.0])).sum().backward()
prior_scale.grad
heavy = Cauchy(torch.zeros(2), prior_scale.detach())
heavy.sample((3,))
heavy.cdf(torch.tensor([1.0, -1.0])), heavy.entropy(), kl_divergence(heavy, Cauchy(0.5, 1.0))
class WaitingTime(Distribution):
    arg_constraints = {"rate": constraints.positive}
    support = constraints.positive
    has_rsample = True
    def __init__(self, rate, validate_args=None):
        self.rate = rate
        super().__init__(batch_shape=rate.shape, validate_args=validate_args)
    def rsample(self, sample_shape=torch.Size()):
        u = torch.rand(self._extended_shape(sample_shape))
        return -torch.log1p(-u) / self.rate
    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        return self.rate.log() - self.rate * value
rate = torch.tensor([0.5, 2.0], requires_grad=True)
e = WaitingTime(rate)
e
e.rsample((2,))
s = e.sample()
s.requires_grad
e.log_prob(torch.tensor([1.0, 0.25])).sum().backward()
rate.grad
constraints.positive.check(torch.tensor([1.0, -1.0]))
for bad in (lambda: WaitingTime(torch.tensor([-1.0])), lambda: e.log_prob(torch.tensor([-0.5, 1.0])), lambda: MultivariateNormal(torch.zeros(2), torch.tensor([[1.0, 2.0], [2.0, 1.0]])), lambda: MultivariateNormal(torch.zeros(2)), lambda: OneHotCategorical(logits=torch.zeros(3)).log_prob(torch.tensor([0.5, 0.5, 0.0]))):
    try:
        bad()
    except ValueError as err:
        print(err)
