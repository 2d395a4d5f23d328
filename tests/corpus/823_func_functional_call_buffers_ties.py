# functional_call's docs: buffers replaced as parameters are, tied weights (tie_weights)
import torch
import torch.nn as nn
from torch.func import functional_call
class Foo(nn.Module):
    def __init__(self):
        super().__init__()
        self.foo = nn.Parameter(torch.zeros(()))
        self.register_buffer("buf", torch.ones(()))
    def forward(self, x):
        return x + self.foo + self.buf
mod = Foo()
a = {'foo': torch.ones(())}
print(functional_call(mod, a, torch.ones(())))
print(functional_call(mod, {'buf': torch.zeros(())}, torch.ones(())))
print(functional_call(mod, ({'foo': torch.ones(())}, {'buf': torch.zeros(())}), torch.ones(())))
print(mod.foo, mod.buf)
class Tied(nn.Module):
    def __init__(self):
        super().__init__()
        self.foo = nn.Parameter(torch.ones(()))
        self.foo_tied = self.foo
    def forward(self, x):
        return x + self.foo + self.foo_tied
mod = Tied()
print(mod(torch.zeros(())))
print(functional_call(mod, {'foo': torch.zeros(())}, torch.zeros(())))
print(functional_call(mod, {'foo': torch.zeros(())}, torch.zeros(()), tie_weights=False))
new_a = {'foo': torch.zeros(()), 'foo_tied': torch.zeros(())}
try:
    functional_call(mod, new_a, torch.zeros(()))
except ValueError as e:
    print(e)
print(functional_call(mod, new_a, torch.zeros(()), tie_weights=False))
print(mod.foo, mod.foo_tied is mod.foo)
lin = nn.Linear(3, 2)
params = dict(lin.named_parameters())
print(functional_call(lin, {k: torch.zeros_like(v) for k, v in params.items()}, torch.ones(1, 3)))
