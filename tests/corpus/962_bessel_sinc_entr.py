# i0, i0e, i1, i1e (the 0.5 slope of i1 at 0), sinc (1 at 0), entr, xlog1py
import torch
x = torch.tensor([-3.0, -0.5, 0.0, 1.0, 25.0], requires_grad=True)
outs = [torch.i0(x), torch.special.i0e(x), torch.special.i1(x), torch.special.i1e(x),
        torch.sinc(x), torch.special.sinc(x)]
outs
sum(o.sum() for o in outs).backward()
x.grad
p = torch.tensor([0.0, 0.25, 1.0, 3.0], requires_grad=True)
h = torch.special.entr(p)
h
h.sum().backward()
p.grad
torch.special.entr(torch.tensor([-1.0, float('nan')]))
a = torch.tensor([0.0, 2.0, -1.5], requires_grad=True)
b = torch.tensor([-0.5, 0.5, 3.0], requires_grad=True)
r = torch.special.xlog1py(a, b)
r
r.grad_fn
r.sum().backward()
a.grad
b.grad
torch.special.xlog1py(2.0, b)
torch.special.xlog1py(a, 1.0)
torch.special.xlogy(a, b.abs())
s = torch.tensor([0.5, 2.0])
s.i0_()
s.sinc_()
