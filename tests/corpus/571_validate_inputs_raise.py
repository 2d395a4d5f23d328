import torch


class Regressor:
    def __init__(self, n):
        self.w = torch.zeros(n, requires_grad=True)

    def __call__(self, x):
        if not isinstance(x, torch.Tensor):
            raise TypeError(f"expected a tensor, got {x!r}")
        if x.shape[-1] != self.w.shape[0]:
            raise ValueError("size mismatch: {} vs {}".format(x.shape[-1], self.w.shape[0]))
        return x @ self.w


model = Regressor(3)
for bad in [[1, 2, 3], torch.ones(2), torch.ones(4, 3)]:
    try:
        out = model(bad)
        print("ok", tuple(out.shape))
    except (TypeError, ValueError) as err:
        print(f"{'TypeError' if isinstance(err, TypeError) else 'ValueError'}: {err}")
out.sum().backward()
model.w.grad
model(torch.ones(5))
