import torch
x = torch.tensor([1.5, 0.5, 2.0], requires_grad=True)
w = torch.tensor([0.5, -1.0, 3.0], requires_grad=True)
M = torch.tensor([[1.0, 2.0, 0.5], [0.0, -1.0, 1.5], [2.0, 1.0, 1.0]], requires_grad=True)
y = x * w
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x / w
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x ** w
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = w ** x
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = torch.maximum(x, w) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = torch.minimum(x, w) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x * w * x
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x / (w * w)
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = (x - w) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.add(w, alpha=2) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = torch.where(x > 1, x, w) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.clamp(0.6, 1.6) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.clamp(min=1) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.clamp(max=1) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = torch.dot(x, w) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = (x @ M) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = (M @ x) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = (M @ M) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.masked_fill(x > 1, 0.0) ** 2
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = 2 ** x
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x ** 2.5
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = 1 / x
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
y = x.sqrt()
gx, gw, gM = torch.autograd.grad(y.sum(), [x, w, M], create_graph=True, allow_unused=True)
gx
gw
gM
if gx is not None and gx.requires_grad:
    torch.autograd.grad(gx.sum(), [x, w, M], allow_unused=True)
