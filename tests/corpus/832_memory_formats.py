import torch
torch.contiguous_format, torch.preserve_format, torch.channels_last, torch.channels_last_3d
x = torch.ones(2, 3)
y = x.contiguous(memory_format=torch.contiguous_format)
y is x
x.t().contiguous(memory_format=torch.contiguous_format).is_contiguous()
x.clone(memory_format=torch.preserve_format).is_contiguous()
x.t().clone(memory_format=torch.contiguous_format).is_contiguous()
torch.zeros_like(x, memory_format=torch.contiguous_format)
x.is_contiguous(memory_format=torch.contiguous_format)
x.is_contiguous(memory_format=torch.channels_last)
for bad in (lambda: x.contiguous(memory_format=torch.channels_last),
            lambda: x.clone(memory_format=torch.channels_last),
            lambda: torch.zeros_like(x, memory_format=torch.channels_last),
            lambda: x.to(memory_format=torch.channels_last),
            lambda: x.contiguous(memory_format=torch.channels_last_3d)):
    try:
        bad()
    except RuntimeError as e:
        print(e)
try:
    x.contiguous(memory_format=3)
except TypeError as e:
    print(e)
w = torch.arange(24.0).reshape(1, 2, 3, 4).requires_grad_()
z = w.contiguous(memory_format=torch.channels_last)
z.is_contiguous(), z.is_contiguous(memory_format=torch.channels_last), z.shape
z.grad_fn
(z * 2).is_contiguous(memory_format=torch.channels_last)
z.clone().is_contiguous(), z.contiguous().is_contiguous()
v = w.to(memory_format=torch.channels_last)
v.grad_fn, v.is_contiguous(memory_format=torch.channels_last)
w.to(torch.float64, memory_format=torch.channels_last).is_contiguous()
u = w.to(memory_format=torch.contiguous_format)
u is w
o = torch.ones_like(w, memory_format=torch.channels_last)
o.is_contiguous(), o.is_contiguous(memory_format=torch.channels_last)
loss = (z * torch.arange(24.0).reshape(1, 2, 3, 4)).sum() + (v ** 2).sum()
loss.backward()
w.grad
z.view(-1)
