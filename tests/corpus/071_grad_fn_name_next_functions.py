import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
c = torch.tensor([3.0, 4.0])
y = x * c
y.grad_fn
y.grad_fn.name()
y.grad_fn.next_functions
z = (y + x).sum()
z.grad_fn.name()
z.grad_fn.next_functions
z.grad_fn.next_functions[0][0].next_functions
w = x ** 2 + 1
w.grad_fn.next_functions[0][0].name()
t = torch.zeros(2)
t[0] = x[0]
t.grad_fn.name()
