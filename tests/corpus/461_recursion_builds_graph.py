import torch
# recursion builds a deep graph: power(x, n) by repeated squaring
def power(x, n):
    if n == 0:
        return torch.ones_like(x)
    if n % 2 == 0:
        half = power(x, n // 2)
        return half * half
    return x * power(x, n - 1)

x = torch.tensor([1.5, -0.5], requires_grad=True)
y = power(x, 7)
y
y.sum().backward()
x.grad
def depth(t):
    return 0 if t.grad_fn is None else 1 + max([depth_of(n) for n in t.grad_fn.next_functions] + [0])
def depth_of(pair):
    return 0 if pair[0] is None else 1
depth(y)
