import torch
a = torch.tensor(2.0, requires_grad=True)
b = a * 3
c = b.exp()
c.backward()
a.grad
b.grad
print(b.grad)
for i in range(3):
    b.grad
b.is_leaf, a.is_leaf, c.grad_fn
d = b.detach()
d.grad
