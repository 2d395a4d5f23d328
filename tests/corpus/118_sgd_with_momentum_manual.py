import torch
w = torch.tensor([2.0, -3.0], requires_grad=True)
velocity = torch.zeros(2)
for step in range(4):
    loss = (w ** 2).sum() + w[0] * w[1]
    loss.backward()
    with torch.no_grad():
        velocity = 0.9 * velocity + w.grad
        w -= 0.1 * velocity
    w.grad = None
    print(step, round(loss.item(), 4), w)
w
velocity
torch.is_grad_enabled()
