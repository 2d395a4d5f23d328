import torch
x = torch.tensor([1.5, 0.5, 2.0], requires_grad=True)
w = torch.tensor([0.5, -1.0, 3.0], requires_grad=True)
M = torch.tensor([[1.0, 2.0, 0.5], [0.0, -1.0, 1.5], [2.0, 1.0, 1.0]], requires_grad=True)
y = x @ w
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
y = torch.dot(x, w)
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
y = x.dot(x)
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
y = M @ x
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
y = x @ M
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
y = M.mv(x)
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
y = (M * 1).mm(M)
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
y = torch.matmul(x, M)
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
