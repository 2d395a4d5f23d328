import torch


class Model:
    def __init__(self):
        self.w = torch.tensor([1.0, 2.0], requires_grad=True)

    def __call__(self, x):
        return (self.w * x).sum()


m = Model()
print(isinstance(m, Model), isinstance(m, torch.Tensor), isinstance(m.w, torch.Tensor))
errors = []
for bad in [lambda: m(torch.ones(3)), lambda: m("x"), lambda: 1 / 0]:
    try:
        bad()
    except (RuntimeError, TypeError, ZeroDivisionError) as e:
        errors.append(e)
[isinstance(e, RuntimeError) for e in errors]
[isinstance(e, (TypeError, ArithmeticError)) for e in errors]
[str(e)[:30] for e in errors]
ValueError
RuntimeError("boom")
