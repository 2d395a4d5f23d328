import torch
x = torch.randn(2, 3)
for dt in [torch.float32, torch.float64]:
    for fn in ["ones", "zeros", "rand", "randn"]:
        if fn == "ones":
            y = torch.ones(2, 3, dtype=dt, requires_grad=True)
        elif fn == "zeros":
            y = torch.zeros(2, 3, dtype=dt, requires_grad=True)
        elif fn == "rand":
            y = torch.rand(2, 3, dtype=dt, requires_grad=True)
        else:
            y = torch.randn(2, 3, dtype=dt, requires_grad=True)
        print(fn, y.requires_grad, y.is_leaf, y.dtype)
z = torch.ones_like(x, requires_grad=True)
z.requires_grad
