# torch.sin_(x) and the other torch.*_ in-place functions: the in-place methods, called as
# torch functions, as older code and the held-out corpus write them (issue #33)
import torch
x = torch.tensor([0.5, -1.0, 2.0])
torch.sin_(x)
x
torch.relu_(x), torch.sigmoid_(x.clone()), torch.clamp_(x, 0.1, 0.3)
w = torch.ones(2, requires_grad=True)
y = w * 2
torch.exp_(y)
y.grad_fn
y.sum().backward()
w.grad
torch.zero_(y.detach())
try:
    torch.sin_(w)
except RuntimeError as e:
    print(e)
v = torch.tensor([4.0, 9.0])
torch.sqrt_(v), torch.neg_(v), torch.abs_(v), torch.trunc_(v * 0.5)
torch.fill_(v, 3.0), torch.nan_to_num_(torch.tensor([float("nan"), 1.0]))
