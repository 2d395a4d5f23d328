import torch
# torch.mode / Tensor.mode: the smallest of the most frequent values, the index torch's CPU kernel (std::sort of (value, index) pairs) picks; ModeBackward0 puts the grad at that index
for d in [[1.0, 2.0, 2.0, 1.0], [3.0, 1.0, 3.0, 1.0, 2.0], [2.0, 1.0, 1.0, 2.0, 0.0], [5.0, 4.0, 3.0], [1.0, float('nan'), float('nan')], [1.0, 1.0, float('nan'), float('nan')], [0.0, -0.0, 1.0]]:
    print(torch.mode(torch.tensor(d)))
long = torch.tensor([float(v % 3) for v in range(40)] + [1.0, 2.0, 0.0, 2.0, 1.0])
torch.mode(long)
x = torch.tensor([[1.0, 2.0, 2.0, 1.0], [3.0, 3.0, 0.0, 3.0], [0.5, 0.5, 0.5, 0.5]], requires_grad=True)
m = x.mode(1)
m
m0 = torch.mode(x, 0, keepdim=True)
m0
m2 = x.mode(dim=-1, keepdim=True)
m2
(g,) = torch.autograd.grad(x.mode(0).values.pow(2).sum(), x, create_graph=True)
g
(m.values.sum() + (m0.values * 2).sum() + g.sum()).backward()
x.grad
torch.mode(torch.tensor(3.0))
torch.mode(torch.tensor([[1, 2], [1, 3]]), 0, keepdim=True)
torch.mode(torch.zeros(2, 0), 0)
try:
    torch.mode(torch.zeros(0))
except IndexError as e:
    print(e)
try:
    x.mode("a")
except TypeError as e:
    print(e)
