import torch
x = torch.randn(5, 5, requires_grad=True)
y = torch.randn(5, 5)
torch.manual_seed(0)
x = torch.randn(5, 5, requires_grad=True)
y = torch.randn(5, 5)
fn_called = []
x.register_hook(lambda grad: fn_called.append(1))
(x * y).sum().backward()
len(fn_called)
torch.allclose(x.grad, y)
