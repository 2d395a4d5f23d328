import torch
# calling a function wrongly raises Python's TypeErrors
def f(x, y=2, *, k=1):
    return x * y * k

x = torch.tensor(2.0, requires_grad=True)
f(x, k=3)
try:
    f()
except TypeError as e:
    print(e)
try:
    f(x, 1, 2)
except TypeError as e:
    print(e)
try:
    f(x, z=1)
except TypeError as e:
    print(e)
try:
    f(x, x=1)
except TypeError as e:
    print(e)
f(x, y=x).backward()
x.grad
