import torch
w = torch.tensor([1.0, -2.0], requires_grad=True)
v = torch.zeros(2)
for i in range(5):
    loss = (w ** 2).sum() + 0.5 * (w[0] - w[1]) ** 2
    loss.backward()
    with torch.no_grad():
        v = 0.9 * v + w.grad + 0.01 * w
        w -= 0.1 * v
    w.grad.zero_()
w
v
loss
