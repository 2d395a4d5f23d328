import torch
torch.manual_seed(1)
X = torch.randn(16, 3)
y = (X.sum(dim=1) > 0).float()
w = torch.zeros(3, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
for step in range(20):
    logits = X @ w + b
    loss = F.binary_cross_entropy_with_logits(logits, y)
    loss.backward()
    with torch.no_grad():
        w -= 0.5 * w.grad
        b -= 0.5 * b.grad
    w.grad.zero_()
    b.grad.zero_()
loss
w
pred = (torch.sigmoid(X @ w + b) > 0.5).float()
(pred == y).float().mean()
