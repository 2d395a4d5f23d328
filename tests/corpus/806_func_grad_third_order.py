import torch
from torch.func import grad
# higher derivatives by nesting grad
f = lambda x: x ** 4 + torch.sin(x)
x = torch.tensor(1.5)
d1 = grad(f)
d2 = grad(d1)
d3 = grad(d2)
print(d1(x), d2(x), d3(x))
print(grad(grad(lambda x: torch.exp(2 * x)))(torch.tensor(0.0)))
def loss(w, b, x):
    return torch.tanh(w * x + b)
print(grad(grad(loss), argnums=1)(torch.tensor(0.3), torch.tensor(-0.2), torch.tensor(2.0)))
