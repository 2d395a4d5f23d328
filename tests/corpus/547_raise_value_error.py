import torch


def check_shape(t, n):
    if t.shape[0] != n:
        raise ValueError(f"expected {n} rows, got {t.shape[0]}")
    return t


x = torch.ones(3, 2, requires_grad=True)
check_shape(x, 3)
try:
    check_shape(x, 4)
except (TypeError, ValueError) as e:
    print("bad input:", e)
    print(e.args)
    print(repr(e))
try:
    raise RuntimeError
except Exception as e:
    print(repr(e), str(e) == "")
check_shape(x, 2)
