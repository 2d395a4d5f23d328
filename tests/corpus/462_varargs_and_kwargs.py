import torch
# *args and **kwargs: a weighted sum of any number of tensors
def weighted_sum(*tensors, **weights):
    total = torch.zeros(())
    for i, t in enumerate(tensors):
        total = total + t.sum() * weights["w" + str(i)]
    return total * len(weights)

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
s = weighted_sum(a, b * b, w0=2.0, w1=0.5)
s
s.backward()
a.grad
b.grad
def pick(first, *rest):
    return first, rest
pick(1, 2, 3)
pick(a)[1]
