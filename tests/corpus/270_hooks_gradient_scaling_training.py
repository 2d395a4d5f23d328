import torch
w = torch.tensor([0.5, -0.5], requires_grad=True)
w.register_hook(lambda g: g.clamp(-0.1, 0.1))
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
y = torch.tensor([1.0, -1.0])
for i in range(3):
    loss = ((x @ w - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= w.grad
    w.grad = None
w
