import torch
torch.manual_seed(0)
w = torch.empty(3, 5).uniform_(-1, 1)
w
b = torch.zeros(20, dtype=torch.float64).normal_(mean=1.0, std=0.5)
b
torch.empty(4).uniform_(to=3.0)
t = torch.ones(3, requires_grad=True)
y = t * 2
y.uniform_()
y.grad_fn
(y * t).sum().backward()
t.grad
with torch.no_grad():
    t.normal_(0, 0.01)
t
for f in (lambda: t.uniform_(), lambda: torch.ones(2, dtype=torch.long).normal_(),
          lambda: torch.ones(2).normal_(0, -0.5), lambda: torch.ones(2).uniform_(2, 1),
          lambda: torch.ones(2).uniform_(0, 1, 3)):
    try:
        f()
    except (RuntimeError, NotImplementedError, TypeError) as e:
        print(type(e).__name__, e)
