import torch
# one training step per call: the function returns the loss, the caller steps
def step(w, x, y, lr=0.1):
    w.grad = None
    loss = ((x @ w - y) ** 2).sum()
    loss.backward()
    with torch.no_grad():
        w -= lr * w.grad
    return loss.item()

w = torch.tensor([[0.1], [0.2]], requires_grad=True)
x = torch.tensor([[1.0, 2.0], [0.5, -1.0]])
y = torch.tensor([[1.0], [0.0]])
losses = [step(w, x, y) for _ in range(4)]
losses
w
w.grad
