import torch

torch.manual_seed(0)
params = [torch.randn(3, 2, requires_grad=True), torch.randn(2, requires_grad=True)]
print("parameters:", sum(p.numel() for p in params))
x = torch.tensor([[1.0, 2.0, 3.0]])
out = (x @ params[0] + params[1]).tanh()
loss = sum((o ** 2) for o in out.flatten())
loss.backward()
print(all(p.grad is not None for p in params))
print(any((p.grad.abs() > 10).sum() > 0 for p in params))
total_norm = sum(p.grad.norm() ** 2 for p in params) ** 0.5
print(f"grad norm: {total_norm.item():.4f}")
print(", ".join(f"{g:.3f}" for g in params[1].grad.tolist()))
print(max(p.grad.abs().max().item() for p in params) > 0)
shapes = tuple(tuple(p.shape) for p in params)
shapes
g = (p.grad.sum() for p in params)
next_values = list(g)
next_values
list(g)
