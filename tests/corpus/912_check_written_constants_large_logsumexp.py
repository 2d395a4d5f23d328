import torch
# the check's former false alarms: a constant an op writes (zero_'s zeros, fill_'s value, a slice assigned a number) passes no gradient and is no moved element; logsumexp, softmax and log_softmax of inputs ~1000, where exp overflows float64 (torch shifts by the max)
torch.manual_seed(0)
x = torch.randn(5, 5, 5, requires_grad=True)
y = x * 2
y.zero_()
y.grad_fn
(y * torch.randn(5, 5, 5)).sum().backward()
x.grad.abs().sum()
z = x * 3
z[1:3].fill_(0.0)
z[:, 4] = -2.0
(z * torch.randn(5, 5, 5)).sum().backward()
x.grad[1:3].abs().sum()
x.grad[0, :, 4]
big = (torch.randn(4, 6) * 3 + 1000).requires_grad_()
lse = torch.logsumexp(big, 1)
lse
sm = big.softmax(1)
lsm = torch.log_softmax(big, dim=0)
whole = big.logsumexp((0, 1), keepdim=True)
whole
(lse * torch.randn(4)).sum().backward()
big.grad
(sm * torch.randn(4, 6)).sum().backward()
(lsm * torch.randn(4, 6)).sum().backward()
whole.sum().backward()
big.grad
huge = torch.tensor([[1800.0, -1800.0, 1799.0], [float("-inf"), float("-inf"), 0.5]], dtype=torch.float64, requires_grad=True)
h = torch.logsumexp(huge, -1)
h
h.sum().backward()
huge.grad
e = torch.zeros(0, 3, requires_grad=True)
torch.logsumexp(e, 0)
