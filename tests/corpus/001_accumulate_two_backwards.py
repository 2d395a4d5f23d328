import torch
x = torch.tensor([2.0], requires_grad=True)
y = x ** 2
z = x ** 3
x.grad
y.backward()
x.grad
z.backward()
x.grad
print("after both:", x.grad)
x.is_leaf, x.requires_grad, x.grad.requires_grad
