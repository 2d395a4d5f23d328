import torch
w = torch.tensor([1.0], requires_grad=True)
for i in range(3):
    loss = (w * (i + 1)) ** 2
    loss.backward()
    print(i, w.grad)
w.grad.zero_()
for i in range(3):
    loss = (w * (i + 1)) ** 2
    loss.backward()
    print(i, w.grad)
    w.grad.zero_()
