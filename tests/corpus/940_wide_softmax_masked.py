import torch
# Softmax and log_softmax along dims of 100 to 500 elements, some masked to -inf (attention):
# torch's diag(p) - p*p^T Jacobian, one slice at a time.
torch.manual_seed(1)
scores = torch.randn(4, 100, requires_grad=True)
mask = torch.arange(100).reshape(1, 100) > torch.tensor([[10], [50], [99], [0]])
att = torch.softmax(scores.masked_fill(mask, float('-inf')), dim=-1)
(att * torch.linspace(-1, 1, 100)).sum().backward()
scores.grad[:, :3]
scores.grad[3].abs().sum()
y = torch.randn(500, 2, requires_grad=True)
(torch.log_softmax(y, dim=0)[::50] * 3).sum().backward()
y.grad[:3]
z = torch.randn(2, 3, 128, dtype=torch.float64, requires_grad=True)
torch.softmax(z, -1).pow(3).sum().backward()
z.grad[0, 0, :4]
