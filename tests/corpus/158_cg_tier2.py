import torch
x = torch.tensor([1.5, 0.5, 2.0], requires_grad=True)
w = torch.tensor([0.5, -1.0, 3.0], requires_grad=True)
M = torch.tensor([[1.0, 2.0, 0.5], [0.0, -1.0, 1.5], [2.0, 1.0, 1.0]], requires_grad=True)
y = x.clamp(-1, 1)
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
y = torch.where(x > 0, x, w)
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
y = torch.maximum(x, w)
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
y = torch.minimum(x, w)
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
y = x.softmax(0)
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
y = x.log_softmax(0)
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
y = x.log1p()
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
y = x.expm1()
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
y = x.rsqrt()
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
y = x.reciprocal()
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
y = x.sign()
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
y = x.cumsum(0)
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
y = x.masked_fill(x > 1, 0.0)
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
y = x.gather(0, torch.tensor([2, 0]))
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
y = x.index_select(0, torch.tensor([1]))
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
y = F.relu(x)
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
y = F.sigmoid(x)
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
y = F.tanh(x)
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
y = F.softmax(x, dim=0)
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
y = F.log_softmax(x, dim=0)
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
y = F.mse_loss(x, w)
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
y = x.square()
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
y = x.clamp(min=0)
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
