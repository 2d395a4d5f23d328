import torch
# the REPL's echo rule: nothing inside a def body is echoed (docstrings, bare expressions, calls); the call at the top level echoes what it returns
def f(x):
    "the docstring is evaluated, never echoed"
    x * 2
    x.sum()
    for i in range(2):
        x + i
    if x.sum() > 0:
        x.exp()
    return x + 1
f(torch.tensor([1.0, 2.0]))
def g(x):
    x ** 2
g(torch.tensor(3.0))
def h(x):
    def inner(y):
        y * 10
        return y - 1
    inner(x)
    return inner(x) * 2
h(torch.tensor(2.0))
x = torch.tensor([1.0, -1.0], requires_grad=True)
def loss(x):
    """squared"""
    x.grad
    (x * x).sum()
    return (x * x).sum()
l = loss(x)
l.backward()
x.grad
loss(x)
