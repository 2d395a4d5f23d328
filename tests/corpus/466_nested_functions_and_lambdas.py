import torch
# nested functions, lambdas taking closures, functions passed as arguments
def compose(f, g):
    return lambda x: f(g(x))

def scale_by(k):
    def scale(x):
        return x * k
    return scale

square = lambda t: t * t
h = compose(square, scale_by(3.0))
x = torch.tensor([1.0, -2.0], requires_grad=True)
y = h(x).sum()
y
y.backward()
x.grad
def apply_n(fn, x, n):
    for _ in range(n):
        x = fn(x)
    return x
z = apply_n(torch.sin, x, 3)
z
z.sum().backward()
x.grad
