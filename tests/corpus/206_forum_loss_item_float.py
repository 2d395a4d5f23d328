import torch
torch.manual_seed(0)
w = torch.randn(2, requires_grad=True)
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
y = torch.tensor([1.0, 2.0])
losses = []
for i in range(3):
    loss = ((x @ w - y) ** 2).mean()
    losses.append(loss.item())
    loss.backward()
    with torch.no_grad():
        w -= 0.01 * w.grad
        w.grad.zero_()
len(losses)
losses[0] > losses[-1]
print(f"final loss {losses[-1]:.4f}")
w
