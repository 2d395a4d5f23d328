import torch
# iter() and next() over a list and a range, as a pasted loader loop uses them
it = iter([torch.ones(1), 2])
print(next(it))
print(next(it))
print(next(it, 'done'))
g = iter(range(10 ** 12))
print(next(g), next(g))
try:
    next(it)
except Exception:
    print("stop")
next(it)
