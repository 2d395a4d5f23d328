import torch
w = torch.ones(3, requires_grad=True)
with torch.no_grad():
    v = w[:2]
v.requires_grad, v.grad_fn
try:
    v.mul_(2)
except RuntimeError as e:
    print(e)
c = torch.ones(3)
with torch.no_grad():
    vc = c[:2]
_ = vc.mul_(2)
try:
    vc.mul_(w[:2])
except RuntimeError as e:
    print(e)
with torch.no_grad():
    v2 = w[:2]
    _ = v2.mul_(2)
v3 = w.view(3) * 1
with torch.no_grad():
    _ = v3[:1].mul_(2)
with torch.no_grad():
    v4 = w[:2]
u = v4[:1]
u.grad_fn
try:
    u.mul_(2)
except RuntimeError as e:
    print(e)
with torch.no_grad():
    v7 = w[:2]
try:
    v7[0] = 5.0
except RuntimeError as e:
    print(e)
with torch.no_grad():
    v8 = w.detach()[:2]
_ = v8.mul_(2)
with torch.inference_mode():
    v9 = w[:2]
try:
    v9.mul_(2)
except RuntimeError as e:
    print(e)
y = w * 2
with torch.no_grad():
    a, b = y.split(2)
try:
    a.mul_(2)
except RuntimeError as e:
    print(e)
u2 = a.unsqueeze(0)
try:
    u2.mul_(2)
except RuntimeError as e:
    print(e)
with torch.no_grad():
    vy = y.view(3)
try:
    vy.add_(1)
except RuntimeError as e:
    print(e)
vy.requires_grad
p = torch.nn.Parameter(torch.zeros(2, 2))
with torch.no_grad():
    row = p[0]
    _ = row.fill_(1.0)
p
(p * 3).sum().backward()
p.grad
w
