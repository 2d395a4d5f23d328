import torch
import torch.nn as nn
torch.manual_seed(0)
model = nn.Linear(3, 2)
x = torch.randn(4, 3)
w = torch.ones(2, requires_grad=True)
with torch.inference_mode():
    out = model(x)
    a = torch.ones(2) * 2
    torch.is_inference_mode_enabled()
    torch.is_grad_enabled()
    v = w[:1]
    with torch.inference_mode(False):
        torch.is_grad_enabled()
        torch.ones(1).is_inference()
out
out.is_inference()
out.requires_grad
v.is_inference()
torch.is_inference_mode_enabled()
(w + a).sum().backward()
w.grad
b = a.clone()
b.is_inference()
(w * b).sum().backward()
w.grad
a.data.add_(1)
a

@torch.inference_mode()
def predict(m, data):
    return m(data).argmax(dim=1)

@torch.inference_mode
def double(t):
    return t * 2

predict(model, x)
double(w).is_inference()
torch.inference_mode()
for f in (lambda: a.add_(1), lambda: a.requires_grad_(), lambda: w * a):
    try:
        f()
    except RuntimeError as e:
        print(e)
a[0] = 3.0
