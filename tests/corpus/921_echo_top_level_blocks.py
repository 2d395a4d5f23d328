import torch
# the REPL's echo rule: every expression statement in a top-level statement's for/while/if/with/try blocks, at any nesting depth, echoes a value that is not None
x = torch.tensor([1.0, 2.0], requires_grad=True)
for i in range(2):
    i
    x * i
    if i:
        x.sum()
        for j in range(2):
            (i, j)
    else:
        None
        "else branch"
n = 0
while n < 2:
    n += 1
    n
else:
    "while's else"
with torch.no_grad():
    x * 10
    with torch.enable_grad():
        (x * 2).requires_grad
try:
    x.exp()
    [][0]
except IndexError as e:
    str(e)
    type(e).__name__
else:
    "not reached"
finally:
    "finally"
try:
    pass
except RuntimeError:
    pass
else:
    "try's else"
y = (x ** 2).sum()
y.backward()
for p in [x]:
    p.grad
    print(p.grad)
