import torch
import torch.nn as nn
# the REPL's echo rule: nothing inside a class body is echoed, nor inside its methods; an nn.Module's forward and a custom Function's docstrings stay silent
class Counter:
    "class docstring"
    start = 1
    "a string after an attribute"
    def __init__(self):
        """init's docstring"""
        self.n = self.start
        self.n + 100
    def step(self):
        self.n * 3
        self.n += 1
        return self.n
c = Counter()
c.step()
c.step()
c.n
class Net(nn.Module):
    """A small net."""
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(2, 1)
        self.lin.weight
    def forward(self, x):
        "forward's docstring"
        self.lin(x)
        x.shape
        return self.lin(x).sum()
torch.manual_seed(0)
net = Net()
out = net(torch.ones(3, 2))
out
out.backward()
net.lin.bias.grad
class Square(torch.autograd.Function):
    """x ** 2 by hand."""
    @staticmethod
    def forward(ctx, x):
        """In the forward pass we receive a Tensor containing the input."""
        ctx.save_for_backward(x)
        x * x
        return x * x
    @staticmethod
    def backward(ctx, grad_output):
        """In the backward pass we receive the gradient of the loss."""
        x, = ctx.saved_tensors
        grad_output
        return 2 * x * grad_output
a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
s = Square.apply(a)
s
s.sum().backward()
a.grad
