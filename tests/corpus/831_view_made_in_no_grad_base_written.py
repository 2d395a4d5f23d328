import torch
w = torch.ones(3, requires_grad=True)
with torch.no_grad():
    v2 = w[:2]
    _ = v2.mul_(2)
    try:
        print(v2.grad_fn)
    except RuntimeError as e:
        print("IN", e)
try:
    print(v2.grad_fn)
except RuntimeError as e:
    print("OUT", e)
with torch.inference_mode():
    v9 = w[:2]
with torch.no_grad():
    _ = w.add_(1)
try:
    print(v9.grad_fn)
except RuntimeError as e:
    print("INF", e)
c = torch.ones(3)
with torch.no_grad():
    vc = c[:2]
_ = c.add_(1)
print(vc.grad_fn, vc)
with torch.no_grad():
    v5 = w[:2]
print(v5)
print(v5.sum())
w2 = torch.ones(3, requires_grad=True)
with torch.no_grad():
    v6 = w2[:2]
with torch.no_grad():
    _ = w2.mul_(2)
try:
    z = v6 * 2
    print(z)
except RuntimeError as e:
    print('USE', e)
