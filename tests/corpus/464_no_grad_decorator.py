import torch
# @torch.no_grad() on an update function; grad mode comes back after the call, even on error
@torch.no_grad()
def update(p, lr):
    p -= lr * p.grad
    assert lr < 1, "learning rate too big"
    return p * 2

@torch.enable_grad()
def inner(x):
    return x * x

p = torch.tensor([1.0, 2.0], requires_grad=True)
(p ** 2).sum().backward()
q = update(p, 0.1)
q
q.requires_grad
torch.is_grad_enabled()
try:
    update(p, 5)
except AssertionError as e:
    print("failed:", e)
torch.is_grad_enabled()
with torch.no_grad():
    r = inner(p)
r.requires_grad
