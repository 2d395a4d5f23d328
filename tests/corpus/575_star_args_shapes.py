import torch

# reshaping with a shape kept in a tuple, and a helper that forwards its arguments
shape = (2, 3)
w = torch.randn(*shape).requires_grad_()
torch.manual_seed(0)
w = torch.randn(*shape, requires_grad=True)

def affine(x, *params, **options):
    weight, bias = params
    out = x @ weight.t() + bias
    return out.relu() if options.get("relu", False) else out

x = torch.ones(4, 3)
b = torch.zeros(2, requires_grad=True)
y = affine(x, *[w, b], **{"relu": True})
y.sum().backward()
w.grad
b.grad
y.view(*y.shape[::-1]).shape
print(*y.shape, sep=" x ")
