import torch

torch.manual_seed(0)
X = torch.linspace(-1, 1, 8).unsqueeze(1)
Y = 3 * X + 0.5

w = torch.randn(1, 1, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
params = [w, b]

def forward(x):
    return x @ w + b

def mse(pred, target):
    return ((pred - target) ** 2).mean()

history = []
for epoch in range(5):
    loss = mse(forward(X), Y)
    loss.backward()
    with torch.no_grad():
        for p in params:
            p -= 0.1 * p.grad
            p.grad.zero_()
    history.append(loss.item())
    print(f"epoch {epoch:2d} | loss {loss.item():.4f} | w {w.item():+.3f} | b {b.item():+.3f}")

best_epoch, best_loss = min(enumerate(history), key=lambda pair: pair[1])
print(f"best: epoch {best_epoch} ({best_loss:.4f})")
print([f"{h:.2f}" for h in sorted(history, reverse=True)[:3]])
