import torch
torch.manual_seed(0)
X = torch.rand(8, 3)
Y = (X.sum(dim=1, keepdim=True) > 1.5).float()
W1 = (torch.rand(3, 4) - 0.5).requires_grad_()
b1 = torch.zeros(4, requires_grad=True)
W2 = (torch.rand(4, 1) - 0.5).requires_grad_()
b2 = torch.zeros(1, requires_grad=True)
params = [W1, b1, W2, b2]
losses = []
for step in range(4):
    h = torch.relu(X @ W1 + b1)
    out = torch.sigmoid(h @ W2 + b2)
    loss = ((out - Y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        for p in params:
            p -= 0.5 * p.grad
            p.grad.zero_()
    losses = losses + [round(loss.item(), 3)]
losses
((torch.sigmoid(torch.relu(X @ W1 + b1) @ W2 + b2) - Y) ** 2).mean() < losses[0]
b2
[p.shape for p in params]
