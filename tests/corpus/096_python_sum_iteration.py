import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
total = sum(x)
total
total.grad_fn
parts = [e for e in x]
parts[0]
s = sum([x[0] * 2, x[1] * 3, x[2] * 4])
s.backward()
x.grad
max(torch.tensor([1.0, 5.0, 3.0]).tolist()), min([3, 1, 2]), abs(-2.5)
len(x), len(torch.zeros(4, 2))
