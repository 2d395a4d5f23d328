import torch
w = torch.tensor([0.5], requires_grad=True)
h = torch.tensor([1.0])
for step in range(3):
    h = h * w + 1
    loss = h.sum()
    try:
        loss.backward()
        print(step, w.grad)
    except RuntimeError as e:
        print(step, str(e)[:60])
h = torch.tensor([1.0])
w.grad = None
for step in range(3):
    h = (h * w + 1).detach()
    h.requires_grad_()
    loss = (h * w).sum()
    loss.backward()
w.grad
