import torch
# scatter with an index smaller than self in the other dims: self's gradient is the grad with the written slots zeroed, src's the grad read back at index (torch refuses src's gradient unless src is shaped as index); and 0-d tensors (one element along dim 0)
x = torch.tensor([[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]], requires_grad=True)
s = torch.tensor([[0.5, -1.5], [3.5, -4.5]], requires_grad=True)
idx = torch.tensor([[3, 0], [1, 2]])
y = torch.scatter(x, 1, idx, s)
y
w = torch.tensor([[1.0, -2.0, 3.0, -4.0], [0.5, 0.25, -0.75, 2.0], [1.5, -1.0, 2.0, 0.5]])
(gx, gs) = torch.autograd.grad((y * y * w).sum(), (x, s), create_graph=True)
gx
gs
(gx.sum() + (gs * gs).sum()).backward()
x.grad
s.grad
big = torch.tensor([[0.5, -1.5, 2.5], [3.5, -4.5, 5.5]])
y0 = x.scatter(0, torch.tensor([[2, 0, 1]]), big)
y0
(y0 * w).sum().backward()
x.grad
try:
    x.scatter(0, torch.tensor([[2, 0, 1]]), big.requires_grad_()).sum().backward()
except RuntimeError as e:
    print(e)
a = torch.tensor(-2.5, requires_grad=True)
b = torch.tensor(4.0, requires_grad=True)
z = torch.scatter(a, 0, torch.tensor(0), b)
z
(z * 3).backward()
[a.grad, b.grad]
z2 = a.scatter(-1, torch.tensor(0), 7.0)
z2
try:
    torch.scatter(a, 0, torch.tensor(1), b)
except RuntimeError as e:
    print(e)
