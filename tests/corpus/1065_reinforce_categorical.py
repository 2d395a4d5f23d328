# REINFORCE with torch.distributions.Categorical, as policy-gradient programs write it: a policy network's logits, actions sampled (bit for bit with torch's RNG), log_prob of the actions, discounted returns, -(log_prob * return).sum() with an entropy bonus, an optimizer step; the Categorical's probs, logits, mode, entropy and shapes
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import Categorical
torch.manual_seed(0)
policy = nn.Sequential(nn.Linear(4, 16), nn.Tanh(), nn.Linear(16, 3))
optimizer = torch.optim.Adam(policy.parameters(), lr=1e-2)
gamma = 0.9
for episode in range(3):
    states = torch.randn(5, 4)
    dist = Categorical(logits=policy(states))
    actions = dist.sample()
    rewards = (actions == 1).float() - 0.1 * actions
    returns = []
    running = 0.0
    for r in reversed(rewards.tolist()):
        running = r + gamma * running
        returns.insert(0, running)
    returns = torch.tensor(returns)
    returns = (returns - returns.mean()) / (returns.std() + 1e-8)
    log_probs = dist.log_prob(actions)
    loss = -(log_probs * returns).sum() - 0.01 * dist.entropy().mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(episode, actions.tolist(), round(loss.item(), 4))
dist
actions
log_probs
log_probs.grad_fn
dist.entropy()
dist.probs
dist.logits
dist.mode
dist.batch_shape, dist.event_shape, dist.param_shape
policy[2].bias.grad
state = torch.randn(4)
m = Categorical(F.softmax(policy(state), dim=-1))
m
action = m.sample()
action
m.log_prob(action)
m.probs.grad_fn, m.logits.grad_fn
p = torch.tensor([0.2, 0.5, 0.3], requires_grad=True)
c = Categorical(probs=p)
c.sample((2, 3))
lp = c.log_prob(torch.tensor([0, 2, 2, 1]))
lp
lp.sum().backward()
p.grad
c.enumerate_support()
Categorical(logits=torch.zeros(2, 3)).enumerate_support(expand=False)
c.perplexity()
