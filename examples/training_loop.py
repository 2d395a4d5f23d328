# A tiny linear regression trained with manual SGD: the update runs under no_grad, and
# the gradient is reset every step (forgetting zero_() is the classic accumulation bug).
import torch
X = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
y = torch.tensor([[5.0], [11.0], [17.0]])
w = torch.zeros(2, 1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
for step in range(5):
    loss = ((X @ w + b - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.01 * w.grad
        b -= 0.01 * b.grad
    w.grad.zero_()
    b.grad.zero_()
    print(f"step {step}: loss {loss.item():.4f}")
w, b
