import torch

x = torch.tensor([1.0, -2.0], requires_grad=True)
y = (x * 3).relu().sum()
print(type(x), type(x).__name__, type(x) is torch.Tensor, x.__class__.__name__)
print(type(y.grad_fn).__name__, type(y.grad_fn.next_functions[0][0]).__name__)
print(type(x.shape), type(x.dtype), type(x.tolist()), type(y.item()).__name__)
w = torch.nn.Parameter(torch.zeros(2))
layer = torch.nn.Linear(2, 1)
print(type(w).__name__, type(w) is torch.nn.Parameter, isinstance(w, torch.Tensor))
print(type(layer).__name__, type(layer.weight).__name__, layer.__class__.__name__)
def describe(v):
    if isinstance(v, (int, float)):
        return f"{type(v).__name__} {v}"
    if type(v) is torch.Tensor:
        return f"tensor of shape {tuple(v.shape)}"
    return type(v).__name__
for v in [1, 2.5, x, w, "s", None, [x], describe]:
    print(describe(v))
for fn in [torch.relu, len, describe, lambda t: t]:
    print(fn.__name__ if fn is not len else "builtin len")
try:
    y.backward()
    y.backward()
except RuntimeError as e:
    print(type(e).__name__, e.__class__.__name__, type(e) is RuntimeError)
print(x.grad)
