import torch
# gather with an empty index: any dtype, any shape (torch checks neither); an index smaller than the input
y = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
g = torch.gather(y, 1, torch.zeros(0, 3, dtype=torch.uint8))
g
g2 = torch.gather(y, 0, torch.zeros(2, 0, dtype=torch.int16))
g2
z = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
g4 = torch.gather(z, 0, torch.zeros((2, 0), dtype=torch.uint8))
g4
g4.sum().backward()
z.grad
g3 = torch.gather(y, 1, torch.tensor([[2, 0]]))
g3
(g.sum() + g2.sum() + y.sum() + (g3 * torch.tensor([[3.0, 5.0]])).sum()).backward()
y.grad
torch.gather(y, 1, torch.zeros(1, 1, dtype=torch.uint8))
