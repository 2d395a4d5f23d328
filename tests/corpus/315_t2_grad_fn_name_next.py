import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
c = torch.tensor([3.0, 4.0])
y = x * c + 2
y.grad_fn.name()
y.grad_fn.next_functions
y.grad_fn.next_functions[0][0].name()
y.grad_fn.next_functions[0][0].next_functions
acc = y.grad_fn.next_functions[0][0].next_functions[0][0]
acc
acc.name()
acc.variable is x
z = torch.zeros(2)
z[0] = x[0]
z.grad_fn.name()
(x.sum() * 2).grad_fn.next_functions
(1 - x).grad_fn
(2 / x).grad_fn.next_functions
