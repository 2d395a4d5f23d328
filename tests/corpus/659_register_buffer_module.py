import torch
import torch.nn as nn
# Buffers: state a module keeps that is not trained (a step counter, a running average)


class Normalizer(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(dim))
        self.register_buffer("mean", torch.zeros(dim))
        self.register_buffer("steps", torch.tensor(0))
        self.register_buffer("scratch", torch.ones(1), persistent=False)

    def forward(self, x):
        if self.training:
            with torch.no_grad():
                self.mean.mul_(0.9).add_(0.1 * x.mean(0))
                self.steps += 1
        return (x - self.mean) * self.scale


torch.manual_seed(0)
norm = Normalizer(3)
print(norm)
print(norm.state_dict())
for name, buf in norm.named_buffers():
    print(name, buf)
print(len(list(norm.buffers())), len(list(norm.parameters())))
for _ in range(3):
    out = norm(torch.randn(4, 3) + 2)
out.sum().backward()
print(norm.mean, norm.steps)
print(norm.scale.grad)
print(norm.mean.requires_grad, norm.mean.grad)
norm.mean = torch.full((3,), 5.0)
print(norm.state_dict()["mean"])
try:
    norm.steps = 3
except TypeError as e:
    print(e)
try:
    norm.register_buffer("scale", torch.zeros(3))
except KeyError as e:
    print(e)
model = nn.Sequential(nn.Linear(3, 3), Normalizer(3))
print([k for k in model.state_dict()])
