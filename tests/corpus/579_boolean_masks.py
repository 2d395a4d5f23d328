import torch

x = torch.tensor([-1.5, -0.2, 0.3, 0.8, 2.0], requires_grad=True)
inside = (x > -1) & (x < 1)
outside = ~inside
edge = (x.abs() > 0.25) ^ inside
either = (x < 0) | (x > 1.5)
print(inside, outside, edge, either)
y = torch.where(inside, x ** 2, 2 * x)
y.sum().backward()
print(x.grad)
x.grad = None
z = (x[outside] * 3).sum() + x[either | inside].sum()
z.backward()
print(x.grad)
ints = torch.tensor([6, 3, 12])
print(ints & 5, ints | 1, ints ^ 2, ~ints, 1 | ints, True & inside)
try:
    x | x
except NotImplementedError as e:
    print("NotImplementedError:", e)
try:
    ~x
except TypeError as e:
    print("TypeError:", e)
try:
    inside | 0.5
except NotImplementedError as e:
    print("NotImplementedError:", e)
