# Counting and spacing as real programs do: torch.histc of activations and torch.bincount of labels (class weights for an imbalanced loss; weights; torch's errors), torch.logspace for a learning-rate sweep, and torch.vander for a polynomial fit (values, its nodes, and torch's own error when its backward meets the cumprod it overwrote)
import torch
import torch.nn as nn

torch.manual_seed(0)
acts = torch.randn(500)
hist = torch.histc(acts, bins=8, min=-2, max=2)
hist
hist.sum()
torch.histc(torch.linspace(0, 1, 101), bins=10, min=0, max=1)
torch.tensor([1., 2., 1., 4., 2.5]).histc(bins=3)
torch.histc(torch.tensor([2., 2., 2.], dtype=torch.float64), bins=4)
labels = torch.randint(0, 4, (40,))
counts = torch.bincount(labels, minlength=5)
counts
class_weights = counts.sum() / (counts.float().clamp(min=1) * len(counts))
class_weights
logits = torch.randn(40, 5, requires_grad=True)
loss = nn.CrossEntropyLoss(weight=class_weights)(logits, labels)
loss
loss.backward()
logits.grad[:2]
w = torch.rand(40, requires_grad=True)
per_class = torch.bincount(labels, weights=w)
per_class
per_class.grad_fn
torch.bincount(torch.tensor([0, 2, 2]), weights=torch.tensor([1, 2, 3]))
try:
    per_class.sum().backward()
except RuntimeError as e:
    print(e)
for lr in torch.logspace(-4, -1, steps=4):
    print(f"lr={lr.item():.0e}")
torch.logspace(0, 3, 4, base=2)
torch.logspace(-2, 2, 5, dtype=torch.float64)
torch.logspace(0, 4, 5, base=3, dtype=torch.int64)
x = torch.linspace(-1, 1, 6)
y = 1.0 - 2.0 * x + 0.5 * x ** 3
V = torch.vander(x, N=4, increasing=True)
V
torch.linalg.lstsq(V, y.unsqueeze(1)).solution.squeeze()
torch.vander(torch.tensor([1, 2, 3]))
c = torch.zeros(4, requires_grad=True)
opt = torch.optim.Adam([c], lr=0.1)
for step in range(50):
    opt.zero_grad()
    fit = ((V @ c - y) ** 2).mean()
    fit.backward()
    opt.step()
fit
c.grad
t = torch.tensor([0.5, 2.0], requires_grad=True)
vt = torch.vander(t, 3)
vt
vt.grad_fn
try:
    vt.sum().backward()
except RuntimeError as e:
    print(str(e).split(" Hint:")[0])
for bad in (lambda: torch.histc(torch.tensor([1, 2, 3]), bins=3), lambda: torch.histc(acts, bins=0),
            lambda: torch.histc(acts, bins=3, min=3, max=1), lambda: torch.bincount(torch.tensor([-1, 2])),
            lambda: torch.bincount(torch.tensor([1.0])), lambda: torch.vander(torch.ones(2, 2)),
            lambda: torch.logspace(0, 1, -1)):
    try:
        bad()
    except (RuntimeError, NotImplementedError) as e:
        print(type(e).__name__, e)
