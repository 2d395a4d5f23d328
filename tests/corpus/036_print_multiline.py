import torch
a = torch.arange(12.0).view(3, 4)
print(a)
b = torch.tensor([[1.5, -2.0], [30.0, 4.0]], requires_grad=True)
print(b)
c = torch.arange(8.0).reshape(2, 2, 2)
print(c)
d = torch.linspace(0, 1, 12, requires_grad=True) * 2
print(d)
print(torch.tensor([100.0, 0.5]), torch.tensor([1000.0, 0.5]))
print(torch.tensor([1e-5, 3.0]))
print(torch.arange(13.0) * b[0, 0])
print(torch.tensor([1, 2], dtype=torch.int32), torch.tensor([True, False]))
print(torch.ones(2, dtype=torch.float64, requires_grad=True) ** 2)
print(torch.tensor(2.5), torch.tensor(-0.0), torch.zeros(2, 3))
a
