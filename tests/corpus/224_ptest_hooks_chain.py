import torch
x = torch.ones(5, 5, requires_grad=True)
y = torch.ones(5, 5) * 4
y.requires_grad_(True)
counter = [0]
h1 = y.register_hook(lambda grad: counter.append(grad.sum().item()))
z = x * y + x + y * x + y
z.backward(torch.ones(5, 5), retain_graph=True)
counter
h2 = y.register_hook(lambda grad: grad * 2)
z.backward(torch.ones(5, 5), retain_graph=True)
counter
y.grad[0, 0]
h1.remove()
z.backward(torch.ones(5, 5))
counter
y.grad[0, 0]
