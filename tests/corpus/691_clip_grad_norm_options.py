import torch
from torch.nn.utils import clip_grad_norm_, clip_grad_value_
# norm_type, a single tensor, a norm already under max_norm, clip_grad_value_, error_if_nonfinite
w = torch.tensor([3.0, -4.0], requires_grad=True)
b = torch.tensor([12.0], requires_grad=True)
(w * torch.tensor([1.0, 1.0])).sum().backward()
w.grad = torch.tensor([3.0, -4.0])
b.grad = torch.tensor([12.0])
print(clip_grad_norm_([w, b], max_norm=26.0), w.grad, b.grad)
print(clip_grad_norm_([w, b], max_norm=6.5), w.grad, b.grad)
print(clip_grad_norm_(w, 1.0, norm_type=1), w.grad)
print(clip_grad_norm_([w, b], 0.5, norm_type=float('inf')), w.grad, b.grad)
print(clip_grad_norm_([w, b], 10, norm_type='inf'))
clip_grad_value_([w, b], clip_value=0.1)
print(w.grad, b.grad)
c = torch.zeros(3, requires_grad=True)
print(clip_grad_norm_([c], 1.0))
c.grad = torch.tensor([1.0, float('inf'), 2.0])
print(clip_grad_norm_([c], 1.0), c.grad)
c.grad = torch.tensor([1.0, float('nan'), 2.0])
try:
    clip_grad_norm_([c], 1.0, error_if_nonfinite=True)
except RuntimeError as e:
    print(e)
print(clip_grad_norm_([], 1.0))
model = torch.nn.Linear(2, 2)
print(clip_grad_norm_(model.parameters(), 1.0))
print(torch.nn.utils.clip_grad_norm(w, 1.0))
try:
    print(clip_grad_norm_(w, 1.0, foreach=True))
except RuntimeError as e:
    print(e)
