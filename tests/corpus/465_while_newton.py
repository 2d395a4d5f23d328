import torch
# Newton's method for sqrt(2) with autograd computing the derivative, in a while loop
def f(x):
    return x * x - 2

x = torch.tensor(1.0, requires_grad=True)
it = 0
while True:
    y = f(x)
    (g,) = torch.autograd.grad(y, [x])
    step = (y / g).detach()
    if step.abs() < 1e-6:
        break
    x = (x - step).detach().requires_grad_()
    it += 1
it
x
