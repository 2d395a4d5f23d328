import torch
x1 = torch.tensor(-2.0, requires_grad=True)
x2 = torch.tensor(-2.0, requires_grad=True)
x3 = torch.tensor(-2.0, requires_grad=True)
x4 = torch.tensor(-2.0, requires_grad=True)
x5 = torch.tensor(-2.0, requires_grad=True)
x6 = torch.tensor(-2.0, requires_grad=True)
x7 = torch.tensor(-2.0, requires_grad=True)
