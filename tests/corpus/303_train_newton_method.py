import torch
x = torch.tensor(3.0, requires_grad=True)
for i in range(5):
    f = x ** 3 - 2 * x - 5
    g, = torch.autograd.grad(f, x)
    with torch.no_grad():
        x -= f / g
    print(i, x.item())
x
