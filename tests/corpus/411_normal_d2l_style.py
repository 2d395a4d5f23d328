import torch
torch.manual_seed(0)
w = torch.normal(0, 0.01, size=(2, 1), requires_grad=True)
w
X = torch.normal(0, 1, (20, 2))
X[:3]
y = torch.normal(2.0, 3.0, (5,), dtype=torch.float64)
y
m = torch.normal(torch.zeros(4), 0.5)
m
s = torch.normal(torch.ones(3), torch.tensor([0.1, 1.0, 10.0]))
s
torch.normal(mean=1.0, std=2.0, size=(17,))
