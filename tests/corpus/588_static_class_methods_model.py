import torch
import torch.nn as nn

class Affine(nn.Module):
    instances = 0

    def __init__(self, n, scale=1.0):
        super().__init__()
        self.weight = nn.Parameter(torch.full((n,), scale))
        self.bias = nn.Parameter(torch.zeros(n))
        Affine.instances += 1

    @classmethod
    def identity(cls, n):
        return cls(n, 1.0)

    @staticmethod
    def init_scale(fan_in):
        return 1.0 / fan_in ** 0.5

    @property
    def n(self):
        return self.weight.shape[0]

    def forward(self, x):
        return x * self.weight + self.bias

layer = Affine(3, Affine.init_scale(4))
ident = Affine.identity(3)
x = torch.tensor([1.0, 2.0, 3.0])
out = ident(layer(x)).sum()
out.backward()
print(Affine.instances, layer.n, type(layer).__name__, isinstance(layer, nn.Module))
print(layer.weight.grad, ident.weight.grad, ident.bias.grad)
print([name for name, _ in layer.named_parameters()])
