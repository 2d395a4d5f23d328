import torch
x = torch.tensor([1.5], requires_grad=True)
y = x ** 2
y.retain_grad()
z = y ** 2
z.backward(retain_graph=True)
y.grad, x.grad
y.grad.zero_()
z.backward(retain_graph=True)
y.grad, x.grad
z.backward()
x.grad
try:
    z.backward()
except RuntimeError as e:
    print("third call:", str(e)[:50])
