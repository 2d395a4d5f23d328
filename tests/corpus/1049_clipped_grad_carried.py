import torch
# gradients clipped between backward passes and then accumulated into: clip_grad_norm_ scales every .grad by min(max_norm / (total norm + 1e-6), 1), clip_grad_value_ clamps each element; the next backward adds to the clipped .grad
w = torch.tensor([3.0, -4.0, 1.0], requires_grad=True)
b = torch.tensor([[0.5, 2.0]], requires_grad=True)
((w * w).sum() + (b ** 3).sum()).backward()
w.grad
b.grad
torch.nn.utils.clip_grad_norm_([w, b], 1.0)
w.grad
b.grad
((w * 2).sum() + b.sum()).backward()
w.grad
b.grad
torch.nn.utils.clip_grad_value_([w, b], 0.5)
w.grad
((w ** 3).sum() + (b * 4).sum()).backward()
w.grad
b.grad
torch.nn.utils.clip_grad_norm_([w, b], 2.0, norm_type=float('inf'))
w.grad
torch.nn.utils.clip_grad_norm_(iter([w, b]), 5.0, norm_type=1)
(w.sin().sum() + b.exp().sum()).backward()
w.grad
b.grad
torch.manual_seed(0)
net = torch.nn.Linear(3, 2)
x = torch.randn(4, 3)
for step in range(3):
    loss = (net(x) ** 2).sum()
    loss.backward()
    print(step, torch.nn.utils.clip_grad_norm_(net.parameters(), 0.5))
net.weight.grad
net.bias.grad
try:
    torch.nn.utils.clip_grad_norm_([w], 1.0, error_if_nonfinite=True, norm_type=float('nan'))
except RuntimeError as e:
    print(e)
try:
    torch.nn.utils.clip_grad_value_(w, None)
except TypeError as e:
    print(e)
