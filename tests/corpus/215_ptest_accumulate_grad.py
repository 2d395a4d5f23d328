import torch
grad_output = torch.ones(5, 5)
x = torch.randn(5, 5, requires_grad=True)
y = torch.randn(5, 5, requires_grad=True)
torch.manual_seed(0)
x = torch.randn(5, 5, requires_grad=True)
y = torch.randn(5, 5, requires_grad=True)
z = x + y
z.backward(grad_output, retain_graph=True)
x_grad = x.grad
x_grad_clone = x.grad.clone()
del x
z.backward(grad_output)
torch.equal(x_grad, x_grad_clone * 2)
y.grad
