import torch
from torch.autograd.functional import hessian
# differentiate through the Hessian's trace
x = torch.tensor([1.0, 2.0], requires_grad=True)
def f(x):
    return (x[0] ** 3) * x[1] + x[1] ** 4
H = hessian(f, x, create_graph=True)
print(H)
trace = H[0, 0] + H[1, 1]
trace.backward()
print(x.grad)
