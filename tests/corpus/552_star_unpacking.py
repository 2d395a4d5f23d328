import torch

x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
first, *middle, last = x.unbind()
first
middle
last
(first * last + sum(middle)).backward()
x.grad
head, *tail = [10, 20, 30]
print(head, tail)
*init, end = "abc"
print(init, end)
for a, *rest in [(1, 2, 3), (4,)]:
    print(a, rest)
