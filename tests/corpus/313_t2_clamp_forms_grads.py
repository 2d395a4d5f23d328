import torch
x = torch.tensor([-2.0, -1.0, 0.0, 0.5, 1.0, 2.0], requires_grad=True)
for y in [x.clamp(-1, 1), torch.clamp(x, min=0), x.clamp(max=0.5), x.clamp_min(0), x.clamp_max(1), torch.clip(x, -0.5, 0.5), x.clamp(torch.tensor(-1.0), torch.tensor(1.0))]:
    print(y)
    y.grad_fn
    x.grad = None
    y.sum().backward()
    print(x.grad)
