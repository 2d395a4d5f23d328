import torch
x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
idx = torch.tensor([[2, 0], [1, 1]])
g = torch.gather(x, 1, idx)
g
g.grad_fn
x.gather(dim=0, index=torch.tensor([[1, 0, 1]]))
s = torch.index_select(x, 1, torch.tensor([0, 2, 0]))
s
s.grad_fn
x.index_select(0, torch.tensor([1]))
(g.sum() + s.sum()).backward()
x.grad
