import torch
x = torch.tensor([1.5, 0.5, 2.0], requires_grad=True)
w = torch.tensor([0.5, -1.0, 3.0], requires_grad=True)
M = torch.tensor([[1.0, 2.0, 0.5], [0.0, -1.0, 1.5], [2.0, 1.0, 1.0]], requires_grad=True)
y = x + 2
y
y.grad_fn
g = torch.autograd.grad(y.sum(), [x], create_graph=True)[0]
g
g.requires_grad
try:
    h = torch.autograd.grad(g.sum(), [x], allow_unused=True)
    h
except RuntimeError as err:
    print(err)
y = 2 + x
y
y.grad_fn
g = torch.autograd.grad(y.sum(), [x], create_graph=True)[0]
g
g.requires_grad
try:
    h = torch.autograd.grad(g.sum(), [x], allow_unused=True)
    h
except RuntimeError as err:
    print(err)
y = x - 2
y
y.grad_fn
g = torch.autograd.grad(y.sum(), [x], create_graph=True)[0]
g
g.requires_grad
try:
    h = torch.autograd.grad(g.sum(), [x], allow_unused=True)
    h
except RuntimeError as err:
    print(err)
y = 2 - x
y
y.grad_fn
g = torch.autograd.grad(y.sum(), [x], create_graph=True)[0]
g
g.requires_grad
try:
    h = torch.autograd.grad(g.sum(), [x], allow_unused=True)
    h
except RuntimeError as err:
    print(err)
y = x * 3
y
y.grad_fn
g = torch.autograd.grad(y.sum(), [x], create_graph=True)[0]
g
g.requires_grad
try:
    h = torch.autograd.grad(g.sum(), [x], allow_unused=True)
    h
except RuntimeError as err:
    print(err)
y = 3 * x
y
y.grad_fn
g = torch.autograd.grad(y.sum(), [x], create_graph=True)[0]
g
g.requires_grad
try:
    h = torch.autograd.grad(g.sum(), [x], allow_unused=True)
    h
except RuntimeError as err:
    print(err)
y = x / 2
y
y.grad_fn
g = torch.autograd.grad(y.sum(), [x], create_graph=True)[0]
g
g.requires_grad
try:
    h = torch.autograd.grad(g.sum(), [x], allow_unused=True)
    h
except RuntimeError as err:
    print(err)
y = 2 / x
y
y.grad_fn
g = torch.autograd.grad(y.sum(), [x], create_graph=True)[0]
g
g.requires_grad
try:
    h = torch.autograd.grad(g.sum(), [x], allow_unused=True)
    h
except RuntimeError as err:
    print(err)
y = x ** 2
y
y.grad_fn
g = torch.autograd.grad(y.sum(), [x], create_graph=True)[0]
g
g.requires_grad
try:
    h = torch.autograd.grad(g.sum(), [x], allow_unused=True)
    h
except RuntimeError as err:
    print(err)
y = x ** 3
y
y.grad_fn
g = torch.autograd.grad(y.sum(), [x], create_graph=True)[0]
g
g.requires_grad
try:
    h = torch.autograd.grad(g.sum(), [x], allow_unused=True)
    h
except RuntimeError as err:
    print(err)
y = x ** 0.5
y
y.grad_fn
g = torch.autograd.grad(y.sum(), [x], create_graph=True)[0]
g
g.requires_grad
try:
    h = torch.autograd.grad(g.sum(), [x], allow_unused=True)
    h
except RuntimeError as err:
    print(err)
y = 2 ** x
y
y.grad_fn
g = torch.autograd.grad(y.sum(), [x], create_graph=True)[0]
g
g.requires_grad
try:
    h = torch.autograd.grad(g.sum(), [x], allow_unused=True)
    h
except RuntimeError as err:
    print(err)
y = x ** -1
y
y.grad_fn
g = torch.autograd.grad(y.sum(), [x], create_graph=True)[0]
g
g.requires_grad
try:
    h = torch.autograd.grad(g.sum(), [x], allow_unused=True)
    h
except RuntimeError as err:
    print(err)
y = torch.pow(x, 2)
y
y.grad_fn
g = torch.autograd.grad(y.sum(), [x], create_graph=True)[0]
g
g.requires_grad
try:
    h = torch.autograd.grad(g.sum(), [x], allow_unused=True)
    h
except RuntimeError as err:
    print(err)
