# nn.ParameterList, nn.ParameterDict (nanoGPT-style ModuleDict(dict(...)) keys as attributes) and Module.register_parameter: items made Parameters, reprs, named_parameters, gradients, torch's errors
import torch
import torch.nn as nn
pl = nn.ParameterList([nn.Parameter(torch.ones(2)), torch.zeros(3,4)])
pl
print(type(pl[1]).__name__, len(pl), [n for n,_ in pl.named_parameters()])
pl.append(torch.ones(1)); print(pl[-1].requires_grad, type(pl[-1]).__name__)
pl[0:2]
pd = nn.ParameterDict({'b': nn.Parameter(torch.ones(2)), 'a': torch.zeros(2,2)})
pd
print(pd['a'] is pd.a, list(pd.keys()), 'a' in pd, len(pd))
class M(nn.Module):
    def __init__(s):
        super().__init__()
        s.p = nn.ParameterList([nn.Parameter(torch.ones(1))])
        s.d = nn.ParameterDict(dict(w=nn.Parameter(torch.ones(2))))
        s.register_parameter('v', nn.Parameter(torch.full((2,), 3.0)))
        s.register_parameter('n', None)
    def forward(s, x):
        return (x * s.d.w * s.v).sum() + s.p[0].sum() * 2
m = M()
m
print([n for n,_ in m.named_parameters()], m.n)
m(torch.ones(2)).backward()
[p.grad for p in m.parameters()]
pl.extend([torch.ones(1)]); print(len(pl))
pd.update({'c': torch.ones(1)}); print(list(pd.keys()), pd.pop('c').shape, len(pd), pd.get('q', 5))
nn.ParameterList([1.5, 'x'])
for p in pl:
    print(p.shape)
try:
    pl[7]
except IndexError as e:
    print("IndexError", e)
pd["zz"]
