# forward AD's tangents are checked when the script reads them (issue #30): two dual inputs,
# a reduction, a broadcast, an in-place op, and a tangent read twice
import torch
import torch.autograd.forward_ad as fwAD

a = torch.tensor([0.5, -1.0, 2.0])
b = torch.tensor([[1.0, 2.0, -0.5], [0.25, -3.0, 1.5]])
ta = torch.tensor([1.0, 0.0, -1.0])
tb = torch.tensor([[0.5, 0.5, 0.5], [-1.0, 2.0, 0.0]])

with fwAD.dual_level():
    da = fwAD.make_dual(a, ta)
    db = fwAD.make_dual(b, tb)
    y = torch.sigmoid(da * db).sum(dim=1) + da.norm()
    p, t = fwAD.unpack_dual(y)
    print(p, t)
    z = (db @ da).exp() / (1 + da.pow(2).sum())
    print(fwAD.unpack_dual(z).tangent)
    c = da.clone()
    c.mul_(db[0])
    print(fwAD.unpack_dual(c).tangent)
    print(fwAD.unpack_dual(c).tangent)
    r = torch.relu(db - 0.5).mean()
    print(fwAD.unpack_dual(r).tangent)
