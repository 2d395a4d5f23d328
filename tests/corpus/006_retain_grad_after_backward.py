import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x + 1
z = (y * 2).sum()
z.backward(retain_graph=True)
y.retain_grad()
print(y.grad)
z.backward()
y.grad
x.grad
x.retain_grad()
x.retains_grad
