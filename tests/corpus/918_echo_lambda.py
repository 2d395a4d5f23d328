import torch
# the REPL's echo rule: a lambda is a new scope; calling it at the top level echoes its value, calling it inside a def does not
sq = lambda t: t * t
sq(torch.tensor(3.0))
sq
(lambda: None)()
(lambda: 7)()
def twice(f, v):
    f(v)
    return f(f(v))
twice(sq, torch.tensor(2.0))
list(map(lambda v: v + 1, [1, 2, 3]))
x = torch.tensor([1.0, 2.0], requires_grad=True)
closure = lambda: (x * x).sum()
closure()
loss = closure()
loss.backward()
x.grad
sorted([3, 1, 2], key=lambda v: -v)
