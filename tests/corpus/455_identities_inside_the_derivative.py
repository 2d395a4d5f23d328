import torch
# sympy's log(sqrt(x)) is log(x)/2, whose derivative is finite at x < 0; torch's is nan (its
# sqrt is nan there): the numeric replay, as IEEE computes it, checks that gradient
x = torch.tensor(-1.5, requires_grad=True)
torch.log(torch.sqrt(x)).backward()
x.grad
y = torch.tensor([-1.5, 4.0], requires_grad=True)
torch.log(torch.sqrt(y)).sum().backward()
y.grad
# a leaf written through .data after the forward: log's saved input is the new memory, the
# forward's -inf the old (the check compares no forward values then)
z = torch.eye(2, 1, requires_grad=True)
v = z.log()
z.data -= 1.5 * torch.eye(2, 1)
(g,) = torch.autograd.grad(v.sum(), [z])
g
