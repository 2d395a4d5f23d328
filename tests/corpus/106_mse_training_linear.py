import torch
torch.manual_seed(0)
X = torch.rand(10, 2)
true_w = torch.tensor([[2.0], [-1.0]])
Y = X @ true_w + 0.5
W = torch.zeros(2, 1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
for step in range(30):
    loss = F.mse_loss(F.linear(X, W.t(), b), Y)
    loss.backward()
    with torch.no_grad():
        W -= 0.5 * W.grad
        b -= 0.5 * b.grad
    W.grad = None
    b.grad = None
    if step % 10 == 0:
        print(step, f"{loss.item():.3f}")
W.shape, b.shape
loss < 0.5
