import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
c = a * b + a.exp() - b.sin()


def walk(fn, seen):
    if fn is None or fn.name() in seen:
        return seen
    seen.add(fn.name())
    for nxt, _ in fn.next_functions:
        seen = walk(nxt, seen)
    return seen


names = walk(c.grad_fn, set())
sorted(names)
"MulBackward0" in names, "PowBackward0" in names
len(names)
c.backward()
{"a": round(a.grad.item(), 4), "b": round(b.grad.item(), 4)}
