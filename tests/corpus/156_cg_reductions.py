import torch
x = torch.tensor([1.5, 0.5, 2.0], requires_grad=True)
w = torch.tensor([0.5, -1.0, 3.0], requires_grad=True)
M = torch.tensor([[1.0, 2.0, 0.5], [0.0, -1.0, 1.5], [2.0, 1.0, 1.0]], requires_grad=True)
y = x.sum()
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
y = x.mean()
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
y = x.prod()
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
y = x.max()
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
y = x.min()
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
y = x.sum(0)
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
y = x.mean(dim=0)
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
y = x.prod(0)
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
y = x.max(0).values
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
y = x.min(dim=0)[0]
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
y = x.norm()
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
y = x.amax()
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
