import torch
x = torch.tensor([1.5, 0.5, 2.0], requires_grad=True)
w = torch.tensor([0.5, -1.0, 3.0], requires_grad=True)
M = torch.tensor([[1.0, 2.0, 0.5], [0.0, -1.0, 1.5], [2.0, 1.0, 1.0]], requires_grad=True)
y = x.sum() ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.mean() ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.prod() ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.max() ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.min() ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.amax() ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.norm() ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = M.sum(0) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = M.mean(1) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = M.max(0).values ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = M.min(dim=1)[0] ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = M.amax(1) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = M.prod(0) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.cumsum(0) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.softmax(0) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.log_softmax(0) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = F.mse_loss(x, w) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = M.sum(dim=1, keepdim=True) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.exp().sum() ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.sigmoid() ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.tanh() ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.relu() ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = F.leaky_relu(x - 1, 0.1) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
