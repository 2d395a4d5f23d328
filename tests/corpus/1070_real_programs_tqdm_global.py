# What real training scripts do around their PyTorch code (#33): tqdm's progress bars (tqdm, trange, set_description/set_postfix, `with tqdm(...) as bar`, tqdm.write), a step counter kept with `global` (the DQN tutorial's steps_done), numpy scalars meeting tensors (DANN's gradient reversal alpha, in a hook), torch.pi, math.degrees, np.random.beta (mixup) and Counter.most_common
import math
import random
from collections import Counter

import numpy as np
import torch
import torch.nn as nn
from tqdm import tqdm, trange

torch.manual_seed(0)
np.random.seed(0)
random.seed(0)
net = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))
opt = torch.optim.SGD(net.parameters(), lr=0.1)
X = torch.randn(8, 3)
Y = X.sum(dim=1, keepdim=True)
steps_done = 0


def select_action():
    global steps_done
    eps = 0.05 + 0.85 * math.exp(-1.0 * steps_done / 10)
    steps_done += 1
    return eps


t = trange(3, desc="Epoch")
for epoch in t:
    opt.zero_grad()
    loss = ((net(X) - Y) ** 2).mean()
    loss.backward()
    opt.step()
    t.set_description(f"Epoch {epoch}")
    t.set_postfix(loss=loss.item(), eps=select_action())
t.n, t.total, t.desc
steps_done
net[0].weight.grad
with tqdm(torch.utils.data.DataLoader(torch.utils.data.TensorDataset(X, Y), batch_size=4), unit="batch") as bar:
    for data, target in bar:
        bar.set_description("Eval")
        tqdm.write(f"batch mse {nn.functional.mse_loss(net(data), target).item():.4f}")
len(tqdm(range(5)))
[i * 2 for i in tqdm(range(3), leave=False)]
p = 0.25
alpha = 2. / (1. + np.exp(-10 * p)) - 1
type(alpha)
f = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
r = f * 1.0
handle = r.register_hook(lambda grad: grad.neg() * alpha)
(r * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
f.grad
handle.remove()
(f * alpha).sum().backward()
f.grad
torch.ones(2) * np.float32(0.5), np.int64(3) + torch.ones(2, dtype=torch.int64), torch.ones(2) > np.float64(0.5)
theta = torch.tensor(torch.pi / 6, requires_grad=True)
d = 12.0 ** 2 * torch.sin(2 * theta) / 9.81
d.backward()
theta.grad
math.degrees(theta.item()), math.radians(180.0), torch.e, torch.inf
lam = np.random.beta(0.4, 0.4)
lam
x1 = torch.tensor([1.0, 2.0], requires_grad=True)
mixed = lam * x1 + (1 - lam) * torch.tensor([3.0, 4.0])
mixed.sum().backward()
x1.grad
Counter("to be or not to be".split()).most_common(2)
for bad in (lambda: len(tqdm()), lambda: list(tqdm())):
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
bar = tqdm(total=2)
bar.update(2)
bar.write("done")
bar.n
bar.set_postfix({"acc": 0.123456}, lr=1e-3)
bar.postfix
