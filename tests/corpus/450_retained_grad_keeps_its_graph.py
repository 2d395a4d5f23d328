# retain_grad under create_graph: .grad is grad.clone() (CloneBackward0), then .grad + grad
# (AddBackward0), graphs a later backward reaches the retained tensor through
import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x ** 2
y.retain_grad()
z = (y ** 2).sum()
z.backward(create_graph=True)
print(y.grad, x.grad)
print(y.grad.grad_fn.name(), y.grad.requires_grad)
z2 = (y ** 2).sum()
z2.backward(create_graph=True)
print(y.grad, y.grad.grad_fn.name())
y.grad.sum().backward()
print(x.grad)
