import torch
# A leaf written through .data after a graph that read it was built: autograd does not see
# the write, and mm's saved x is the new memory while y holds the old product (the check
# says it cannot replay that; a new graph reads the new values and is checked as usual)
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
w = torch.tensor([[0.5, -1.0], [2.0, 0.25]], requires_grad=True)
y = x.mm(w)
(x * x).sum().backward()
x.data -= 0.1 * x.grad.data
(y * y).mean().backward()
w.grad
x.grad
x.grad = None
w.grad = None
(x.mm(w) ** 2).mean().backward()
w.grad
x.grad
