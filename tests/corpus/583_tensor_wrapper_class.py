import torch

class Value:
    """A tiny wrapper that names a tensor and reports its gradient."""

    def __init__(self, data, name=""):
        self.data = torch.tensor(data, requires_grad=True)
        self.name = name

    def __repr__(self):
        return f"Value({self.name}={self.data.item():.3f})"

    @property
    def grad(self):
        g = self.data.grad
        return None if g is None else round(g.item(), 4)

a = Value(2.0, "a")
b = Value(-3.0, "b")
c = Value(10.0, "c")
e = a.data * b.data
d = e + c.data
f = Value(-2.0, "f")
L = d * f.data
L.backward()
for v in [a, b, c, f]:
    print(v, "grad:", v.grad)
print(sorted([a, b, c, f], key=lambda v: v.grad))
