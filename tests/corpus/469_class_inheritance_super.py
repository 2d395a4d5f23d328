import torch
# inheritance with super(): __init__ and an overridden method that calls the base's
class Affine:
    kind = "affine"

    def __init__(self, scale):
        self.scale = torch.tensor(scale, requires_grad=True)
        self.calls = 0

    def forward(self, x):
        self.calls += 1
        return x * self.scale

class Shifted(Affine):
    kind = "shifted"

    def __init__(self, scale, shift):
        super().__init__(scale)
        self.shift = shift

    def forward(self, x):
        return super().forward(x) + self.shift

m = Shifted(2.0, 1.0)
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = m.forward(x)
y
y.sum().backward()
x.grad
m.scale.grad
m.calls, m.kind, Affine.kind, Shifted.kind
isinstance(m, Affine), isinstance(m, Shifted), isinstance(Affine(1.0), Shifted)
isinstance(x, (Shifted, torch.Tensor))
Shifted
m.forward
