import torch
x = torch.tensor([0.25, 1.0, 4.0], requires_grad=True)
for y in [x.log1p(), torch.expm1(x), x.rsqrt(), torch.reciprocal(x), x.sign(), torch.sign(x - 1)]:
    print(y)
    y.grad_fn
    x.grad = None
    y.sum().backward()
    print(x.grad)
