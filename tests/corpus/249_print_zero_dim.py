import torch
torch.tensor(5.)
torch.tensor(0.5)
torch.tensor(-0.)
torch.tensor(float("nan"))
torch.tensor(-float("inf"))
torch.tensor(5)
torch.tensor(True)
torch.tensor(123456789.0)
torch.tensor(1e-4)
torch.tensor(0.0001234)
print(torch.tensor(123456789.0))
print(torch.tensor(1e-4))
print(torch.tensor(3.14159, requires_grad=True) * 2)
f"{torch.tensor(1.5)}"
f"{torch.tensor(0.1)}"
f"{torch.tensor(2.0):.3f}"
str(torch.tensor([1, 2]))
