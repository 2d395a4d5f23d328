# movedim/moveaxis (permute), swapdims, rot90 (its own node), tile (repeat), unflatten (view),
# fliplr/flipud, take (its own node), take_along_dim (expand, then gather)
import torch
x = torch.tensor([[0.5, -1.0, 2.0, 1.5], [0.25, 3.0, -0.5, 1.0], [2.5, -2.0, 0.75, -1.5]],
                 requires_grad=True)
y = x.reshape(3, 2, 2)
torch.movedim(y, 0, 2)
torch.moveaxis(y, (0, 1), (2, 0)).shape
y.movedim(-1, 0).grad_fn
torch.swapdims(x, 0, 1)
r = torch.rot90(x)
r
torch.rot90(y, 2, [1, 2])
torch.tile(x, (2,)).shape
x.tile(2, 1, 1).grad_fn
u = x.unflatten(1, (2, -1))
u
torch.fliplr(x)
torch.flipud(x)
t = torch.take(x, torch.tensor([[0, -1], [5, 5]]))
t
a = torch.take_along_dim(x, torch.tensor([[0], [3], [-1]]), 1)
a
a.grad_fn.next_functions
torch.take_along_dim(x, torch.tensor([11, 0]))
loss = (r * torch.arange(12.0).reshape(4, 3)).sum() + t.pow(2).sum() + a.sum() * 3 + \
    u[:, 1].sum() + torch.movedim(y, 0, 2)[0].pow(2).sum()
loss.backward()
x.grad
for bad in (lambda: torch.movedim(x, (0, 0), (0, 1)), lambda: torch.movedim(x, 0, (0, 1)),
            lambda: torch.rot90(x, 1, [0, 0]), lambda: torch.rot90(x[0]),
            lambda: x.unflatten(1, (3, 3)), lambda: torch.fliplr(x[0]),
            lambda: torch.take_along_dim(x, torch.tensor([0]), 1)):
    try:
        bad()
    except RuntimeError as e:
        print(e)
try:
    torch.take(x, torch.tensor([12]))
except IndexError as e:
    print(e)
