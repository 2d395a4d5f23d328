# The REINFORCE example's shape with a seed_everything() first (#33): torch.cuda seeding and cudnn flags on a CPU-only torch, np.finfo's epsilon, `del policy.rewards[:]` between episodes, (mask).nonzero(), count_nonzero, Linear.reset_parameters() and nn.Unflatten
import os
import random

import numpy as np
import torch
import torch.backends.cudnn as cudnn
import torch.nn as nn
import torch.nn.functional as F


def seed_everything(seed=42):
    random.seed(seed)
    os.environ["PYTHONHASHSEED"] = str(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.cuda.manual_seed(seed)
    torch.cuda.manual_seed_all(seed)
    torch.backends.cudnn.deterministic = True
    torch.backends.cudnn.benchmark = False


seed_everything(543)
cudnn.benchmark, torch.backends.cudnn.deterministic, torch.backends.cudnn.is_available()
torch.backends.cuda.matmul.allow_tf32 = True
torch.use_deterministic_algorithms(True)


class Policy(nn.Module):
    def __init__(self):
        super(Policy, self).__init__()
        self.affine1 = nn.Linear(4, 8)
        self.affine2 = nn.Linear(8, 2)
        self.saved_log_probs = []
        self.rewards = []

    def forward(self, x):
        x = F.relu(self.affine1(x))
        return F.softmax(self.affine2(x), dim=1)


policy = Policy()
policy.affine2.reset_parameters()
policy.affine2.weight
optimizer = torch.optim.Adam(policy.parameters(), lr=1e-2)
eps = np.finfo(np.float32).eps.item()
eps
for episode in range(2):
    for t in range(4):
        state = torch.randn(1, 4)
        probs = policy(state)
        action = torch.multinomial(probs, 1).item()
        policy.saved_log_probs.append(torch.log(probs[0, action]))
        policy.rewards.append(1.0 if action == 1 else -0.5)
    R, returns = 0, []
    for r in policy.rewards[::-1]:
        R = r + 0.99 * R
        returns.insert(0, R)
    returns = torch.tensor(returns)
    returns = (returns - returns.mean()) / (returns.std() + eps)
    loss = torch.stack([-lp * R for lp, R in zip(policy.saved_log_probs, returns)]).sum()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(f"episode {episode} loss {loss.item():.4f} rewards {policy.rewards}")
    del policy.rewards[:]
    del policy.saved_log_probs[:]
len(policy.rewards), policy.affine1.weight.grad
positive = (returns > 0).nonzero().squeeze(1)
positive, returns[positive], torch.count_nonzero(returns > 0)
returns.nonzero(as_tuple=True)
decoder = nn.Sequential(nn.Linear(2, 6), nn.Unflatten(1, (2, 3)))
decoder
z = torch.tensor([[0.5, -1.0]], requires_grad=True)
out = decoder(z)
out.shape
out.sum().backward()
z.grad
d = {"a": 1, "b": 2}
del d["a"]
d
try:
    del out[0]
except TypeError as e:
    print(e)
