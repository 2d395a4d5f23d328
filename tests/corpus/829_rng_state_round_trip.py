import torch
torch.manual_seed(5)
s = torch.get_rng_state()
s
s.shape, s.dtype
s[:24]
a = torch.rand(3)
torch.set_rng_state(s)
b = torch.rand(3)
torch.equal(a, b)
torch.randn(3)
s2 = torch.random.get_rng_state()
s2[:24]
s2[5016:5056]
n1 = torch.randn(1)
torch.random.set_rng_state(s2)
n2 = torch.randn(1)
n1, n2
g = torch.Generator().manual_seed(3)
st = g.get_state()
st[:24]
x = torch.rand(2, generator=g)
g.set_state(st)
y = torch.rand(2, generator=g)
x, y
torch.default_generator.get_state()[:16]
for _ in range(700):
    _ = torch.rand(1)
torch.get_rng_state()[:24]
try:
    torch.set_rng_state(torch.zeros(5056))
except TypeError as e:
    print(e)
try:
    torch.set_rng_state(torch.zeros(10, dtype=torch.uint8))
except RuntimeError as e:
    print(e)
try:
    torch.set_rng_state(torch.zeros(5056, dtype=torch.uint8))
except RuntimeError as e:
    print(e)
try:
    g.set_state([1, 2])
except TypeError as e:
    print(e)
w = torch.randn(4, requires_grad=True)
state = torch.get_rng_state()
d1 = torch.nn.functional.dropout(w, 0.5)
torch.set_rng_state(state)
d2 = torch.nn.functional.dropout(w, 0.5)
(d1 * d2).sum().backward()
w.grad
