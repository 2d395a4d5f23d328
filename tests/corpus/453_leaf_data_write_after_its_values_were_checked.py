import torch
# x3 is checked once (line 7), then written through .data; an older graph's backward reads its
# new memory (DivBackward0 saved x3 itself): x1.grad is 1 / 0.5, and so is the check's
x1 = torch.zeros((), requires_grad=True)
x3 = torch.ones((), requires_grad=True)
v4 = x1 / x3
x3.sum().backward()
x3.data -= 0.5 * x3.grad.data
v4.backward(torch.ones_like(v4))
x1.grad
x3.grad
