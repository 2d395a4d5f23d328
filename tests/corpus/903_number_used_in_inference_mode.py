import torch
# a Python number first used under inference_mode is still an ordinary operand after it: saved for backward, no error
with torch.inference_mode():
    a = torch.ones(2) * 2
    b = torch.ones(2) ** 2
a.is_inference()
x = torch.ones(3, requires_grad=True)
(g,) = torch.autograd.grad((x ** 2).sum() + (x * 2).sum(), x, create_graph=True)
g
g.sum().backward()
x.grad
