# torch.as_tensor (a tensor is itself, an array shares its memory, a dtype casts differentiably) and torch.finfo / torch.iinfo (the values torch gives, the default dtype's, torch's errors), as real programs use them for an epsilon; lists of numpy scalars and of tensors of other dtypes: the dtype torch infers, by promotion
import torch
import numpy as np
a = np.ones(2, dtype=np.float32)
t = torch.as_tensor(a)
a[0] = 5
t
x = torch.ones(2, requires_grad=True)
torch.as_tensor(x) is x
y = torch.as_tensor(x, dtype=torch.float64)
y.grad_fn
torch.as_tensor([1, 2.5])
torch.as_tensor(3)
torch.as_tensor(np.arange(3), dtype=torch.float32)
torch.as_tensor([[1, 2], [3, 4]], dtype=torch.float16)
f = torch.finfo(torch.float32)
f
f.eps, f.max, f.tiny, f.bits, f.resolution, f.min, f.smallest_normal, f.dtype
torch.finfo(torch.float16)
torch.finfo(torch.float64).eps
torch.finfo() == torch.finfo(torch.float32)
torch.iinfo(torch.int64).max
torch.iinfo(torch.int32)
torch.iinfo(torch.uint8).bits
x = torch.tensor([0.0, 1.0])
torch.log(x + torch.finfo(x.dtype).eps)
for bad in (lambda: torch.iinfo(torch.float32), lambda: torch.finfo(torch.int32), lambda: torch.finfo(3), lambda: torch.iinfo(torch.bool)):
    try:
        bad()
    except TypeError as e:
        print(e)
w = torch.tensor([0.5, 2.0], requires_grad=True)
z = torch.as_tensor(w, dtype=torch.float64)
(z * torch.finfo(z.dtype).max / 1e300).sum().backward()
w.grad
torch.tensor([a[0], a[1]])
torch.tensor([np.float64(1.5), 2.0])
torch.tensor([np.int32(1), 2])
torch.tensor([np.float32(1.0), np.float64(2.0)]).dtype
torch.tensor([torch.tensor(1.0, dtype=torch.float64), 2.0])
torch.tensor([torch.tensor(1, dtype=torch.int32)]).dtype
torch.tensor([torch.tensor(1.0, dtype=torch.float16), 2]).dtype
