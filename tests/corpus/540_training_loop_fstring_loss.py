import torch

torch.manual_seed(0)
w = torch.randn(3, requires_grad=True)
x = torch.tensor([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]])
y = torch.tensor([1.0, 0.0])
lr = 0.1
for epoch in range(5):
    pred = x @ w
    loss = ((pred - y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= lr * w.grad
    w.grad.zero_()
    print(f"epoch {epoch}: loss = {loss.item():.4f}")
print(f"final w: {w}")
