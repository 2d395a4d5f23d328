# Joining and splitting as torch composes them: h/v/d/column_stack (cat of atleast_Nd views),
# tensor_split and h/v/dsplit (slices), meshgrid, cartesian_prod, combinations, block_diag
import torch
x = torch.tensor([[0.5, -1.0, 2.0, 1.5], [0.25, 3.0, -0.5, 1.0], [2.5, -2.0, 0.75, -1.5]],
                 requires_grad=True)
v = torch.tensor([1.0, -2.0, 0.5, 3.0], requires_grad=True)
s = torch.tensor(0.75, requires_grad=True)
h = torch.hstack([x, x * 2])
h
torch.vstack([v, x]).grad_fn.next_functions
torch.dstack([x, x]).shape
torch.column_stack([v, v * 3, x.t()])
torch.row_stack([v, v])
torch.atleast_1d(s)
torch.atleast_2d(v, s)
torch.atleast_3d(x).shape
pieces = torch.tensor_split(x, 3, dim=1)
[p.shape for p in pieces]
torch.tensor_split(x, torch.tensor([1, -1]), dim=1)
torch.hsplit(x, 2)
torch.vsplit(x, [1])
torch.split_with_sizes(v, [1, 3])
g = torch.meshgrid(v[:2], v, indexing="xy")
g
torch.cartesian_prod(v[:2], v[1:])
torch.combinations(v, 3)
torch.combinations(v[:3], with_replacement=True)
b = torch.block_diag(x[:2, :2], v, s)
b
torch.broadcast_tensors(x, v, s)[2]
torch.broadcast_to(v, (2, 4))
loss = (h.sum() + pieces[1].pow(2).sum() + g[0].mul(g[1]).sum() + b.pow(2).sum()
        + torch.combinations(v).prod(1).sum() + torch.column_stack([v, v]).sum())
loss.backward()
x.grad
v.grad
s.grad
for bad in (lambda: torch.hstack([]), lambda: torch.vsplit(v, 2), lambda: torch.hsplit(x, 3),
            lambda: torch.tensor_split(x, 0), lambda: torch.combinations(x),
            lambda: torch.block_diag(x[None]), lambda: torch.meshgrid(v, indexing="yx"),
            lambda: torch.tensor_split(x, torch.tensor([1.0]))):
    try:
        bad()
    except RuntimeError as e:
        print(e)
