import torch
x = torch.tensor([1.5, 0.5, 2.0], requires_grad=True)
w = torch.tensor([0.5, -1.0, 3.0], requires_grad=True)
M = torch.tensor([[1.0, 2.0, 0.5], [0.0, -1.0, 1.5], [2.0, 1.0, 1.0]], requires_grad=True)
y = x.neg()
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
y = x.exp()
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
y = x.log()
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
y = x.sin()
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
y = x.cos()
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
y = x.tan()
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
y = x.tanh()
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
y = x.sigmoid()
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
y = x.relu()
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
y = x.sqrt()
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
