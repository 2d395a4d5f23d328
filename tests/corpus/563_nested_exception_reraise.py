import torch


def step(x):
    try:
        return (x * 2).backward()
    except RuntimeError:
        print("step failed, re-raising")
        raise


x = torch.ones(3, requires_grad=True)
try:
    step(x)
except RuntimeError as e:
    print("outer:", e)
try:
    raise TypeError("a", 1)
except Exception as e:
    print(e, e.args)
step(x.sum())
