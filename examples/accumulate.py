import torch
x = torch.ones(1, requires_grad=True)
y = x**2
z = x**3
y.backward()
x.grad            # tensor([2.])
z.backward()
x.grad            # tensor([5.])   = 2 + 3: gradients accumulate
x.grad.zero_()
