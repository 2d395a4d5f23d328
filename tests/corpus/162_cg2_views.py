import torch
x = torch.tensor([1.5, 0.5, 2.0], requires_grad=True)
w = torch.tensor([0.5, -1.0, 3.0], requires_grad=True)
M = torch.tensor([[1.0, 2.0, 0.5], [0.0, -1.0, 1.5], [2.0, 1.0, 1.0]], requires_grad=True)
y = x.unsqueeze(0) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.view(3, 1) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.view(1, 3).squeeze() ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.view(1, 3).squeeze(0) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.view(3, 1).t() ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.view(3, 1).T ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.view(3, 1).transpose(0, 1) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.expand(2, 3) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x[0] ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x[1:] ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x[[0, 2]] ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x[None] ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.reshape(3, 1) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.flatten() ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = torch.stack([x, w]) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = torch.cat([x, w]) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.unbind()[1] ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.split(2)[0] ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.view(3, 1).expand(3, 2) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = (x + w.view(3, 1)) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
