import torch
import torch.autograd.forward_ad as fwAD
p = torch.tensor([1.0, 2.0, 3.0])
t = torch.tensor([1.0, 0.0, 0.5])
try:
    fwAD.make_dual(p, t)
except RuntimeError as e:
    print(e)
with fwAD.dual_level():
    d = fwAD.make_dual(p, t)
    print(d)
    u = fwAD.unpack_dual(d)
    print(u)
    print(u.tangent is t, u[1] is t, u.primal is p)
    print(fwAD.unpack_dual(p))
    try:
        fwAD.make_dual(p, torch.ones(2))
    except RuntimeError as e:
        print(e)
    try:
        fwAD.make_dual(torch.tensor([1, 2]), torch.tensor([1, 2]))
    except ValueError as e:
        print(e)
    try:
        fwAD.make_dual(d, t)
    except RuntimeError as e:
        print(e)
    try:
        with fwAD.dual_level():
            pass
    except RuntimeError as e:
        print(e)
    s = d.sum()
    print(s)
    print(d.view(3, 1))
    w = torch.zeros(3)
    w.add_(d)
    print(w)
    print(fwAD.make_dual(p, torch.ones(3, dtype=torch.float64)))
    y = d.sin() * 2 + d ** 2
print(y, fwAD.unpack_dual(y))
print(fwAD.unpack_dual(3.0))
fwAD.make_dual(p, t)
