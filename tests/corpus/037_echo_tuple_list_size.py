import torch
x = torch.ones(2, 3, requires_grad=True)
x.shape
x.size()
x.size(1)
x.shape[0], x.dtype, x.ndim
y = x * 2
[x.is_leaf, y.is_leaf]
y.grad_fn
(y.grad_fn, x.grad_fn)
print(x.shape, x.dtype)
print([torch.tensor(1.0), torch.tensor([2.0])])
print((torch.tensor(1.0),))
torch.float64, torch.double, torch.long, torch.int32, torch.bool, torch.float
"done"
3 * 4
