import torch
v2 = torch.zeros(1, requires_grad=True)
x4 = torch.tensor([[-1.0]], requires_grad=True)
v5 = v2 @ x4
v5
torch.div(x4, v5)
torch.dot(torch.zeros(1), -torch.ones(1))
w = torch.zeros(1, 1, requires_grad=True)
m = torch.tensor([[-0.0]], requires_grad=True)
(w @ m).sum().backward()
w.grad
m.grad
a = torch.zeros(2, 1, requires_grad=True)
(a @ torch.tensor([[-1.0, 0.0]])).backward(torch.tensor([[0.0, -1.0], [1.0, 0.0]]))
a.grad
torch.mm(torch.full((2, 1), -0.5), torch.zeros(1, 3)).reciprocal()
torch.mm(torch.full((2, 2), -0.5), torch.zeros(2, 3)).reciprocal()
torch.mv(torch.full((2, 1), -0.5), torch.zeros(1)).reciprocal()
