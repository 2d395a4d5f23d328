import torch


def describe(v):
    if isinstance(v, torch.Tensor):
        return f"tensor of shape {tuple(v.shape)}"
    if isinstance(v, (int, float)):
        return f"number {v}"
    if isinstance(v, str):
        return f"string {v!r}"
    if isinstance(v, (list, tuple)):
        return f"sequence of {len(v)}"
    if isinstance(v, dict):
        return f"dict with keys {sorted(v)}"
    return "something else"


x = torch.ones(2, 3, requires_grad=True)
for v in [x, 3, 2.5, "hi", [1, 2], (1,), {"b": 1, "a": 2}, None]:
    print(describe(v))
isinstance(True, int)
isinstance(x.grad, torch.Tensor)
