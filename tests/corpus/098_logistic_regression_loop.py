import torch
X = torch.tensor([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [0.0, 0.0]])
y = torch.tensor([1.0, 0.0, 1.0, 0.0])
w = torch.zeros(2, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
for epoch in range(3):
    p = torch.sigmoid(X @ w + b)
    loss = -(y * torch.log(p) + (1 - y) * torch.log(1 - p)).mean()
    loss.backward()
    print(epoch, round(loss.item(), 5), w.grad)
    with torch.no_grad():
        w.sub_(1.0 * w.grad)
        b.sub_(1.0 * b.grad)
    w.grad = None
    b.grad = None
w
b
(torch.sigmoid(X @ w + b) > 0.5).long()
