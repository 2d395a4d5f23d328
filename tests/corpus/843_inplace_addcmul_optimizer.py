import torch

# a hand-written Adam step: the in-place addcmul_/addcdiv_/lerp_ of optimizer code
torch.manual_seed(0)
w = torch.tensor([[0.5, -0.3], [0.8, 0.1]], requires_grad=True)
m = torch.zeros_like(w)
v = torch.zeros_like(w)
data = torch.tensor([[1.0, 2.0], [-1.0, 0.5], [0.3, -0.7]])
target = torch.tensor([[0.5, 0.0], [1.0, -1.0], [0.0, 0.2]])
for step in range(1, 4):
    loss = ((data @ w - target) ** 2).mean()
    w.grad = None
    loss.backward()
    with torch.no_grad():
        m.lerp_(w.grad, 0.1)
        v.mul_(0.999).addcmul_(w.grad, w.grad, value=0.001)
        denom = (v / (1 - 0.999 ** step)).sqrt().add_(1e-8)
        w.addcdiv_(m, denom, value=-0.05 / (1 - 0.9 ** step))
    print(step, round(loss.item(), 5))
print(w, m, v, sep="\n")

# in-place on a tensor in the graph records the op's node
x = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
y = x * 1
y.addcmul_(x, x, value=0.5)
print(y.grad_fn.name())
y.lerp_(x.exp(), 0.25)
print(y.grad_fn.name())
y.sum().backward()
print(x.grad)

# torch's refusals
for bad in (lambda: torch.lerp(x, x.double(), 0.5),
            lambda: torch.lerp(x, x, torch.ones(3, dtype=torch.float64)),
            lambda: torch.lerp(torch.tensor([1, 2]), torch.tensor([3, 4]), 0.5),
            lambda: torch.addcdiv(torch.tensor([1, 2]), torch.tensor([3, 4]), torch.tensor([1, 1])),
            lambda: torch.addcmul(x, x, torch.ones(2)),
            lambda: torch.atan2(x, 2.0),
            lambda: torch.lerp(x, 2.0, 0.5),
            lambda: x.addcmul(x, x, 3)):
    try:
        bad()
    except (RuntimeError, TypeError, NotImplementedError) as e:
        print(type(e).__name__, e)
