import torch
x1 = torch.ones((2,), requires_grad=True)
try:
    x1.sum().backward()
except RuntimeError as e:
    print(e)
v2 = x1.reshape(-1)
v2
v3 = v2.double()
v3
v4 = F.log_softmax(v3, dim=0)
v5 = v2[0:]
v3
