import torch
x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
g = x.gather(1, torch.tensor([[2, 0], [1, 1]]))
g
g.grad_fn
g.sum().backward()
x.grad
x.grad = None
s = torch.index_select(x, 1, torch.tensor([0, 0, 2]))
s
s.grad_fn
s.sum().backward()
x.grad
torch.gather(x, 0, torch.tensor([[1, 0, 1]]))
x.index_select(0, torch.tensor([1]))
