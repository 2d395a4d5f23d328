import torch
torch.manual_seed(0)
x = torch.rand((2, 1), requires_grad=True)
y = torch.zeros(3, 1)
y[0] = x[0]**2
y[1] = x[1]**3
y[2] = x[1]**4
y.backward(gradient=torch.ones(y.size()))
x.grad            # [2*x[0], 3*x[1]**2 + 4*x[1]**3]
