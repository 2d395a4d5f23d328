import torch
torch.manual_seed(0)
x = torch.randn(37)
y = 3 * x + 0.5
w = torch.zeros(1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
for step in range(8):
    pred = w * x + b
    loss = ((pred - y) ** 2).mean()
    print(step, loss.item())
    loss.backward()
    with torch.no_grad():
        w -= 0.1 * w.grad
        b -= 0.1 * b.grad
    w.grad.zero_()
    b.grad.zero_()
print(w.item(), b.item())
X = torch.randn(6, 50)
print(X.sum().item(), X.sum(0).sum().item(), X.sum(1).tolist())
print(X.mean().item(), X.mean(dim=1)[2].item())
print(F.mse_loss(X, X * 0.5).item())
print((X * X).sum(dim=0, keepdim=True)[0, :3].tolist())
X64 = X.double()
print(X64.sum().item(), X64.mean(0)[:2].tolist())
