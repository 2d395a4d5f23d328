import torch
import torch.nn as nn

torch.manual_seed(1)
model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))
x = torch.randn(5, 3)
loss = model(x).pow(2).mean()
loss.backward()

n_params = sum(p.numel() for p in model.parameters())
n_trainable = sum(p.numel() for p in model.parameters() if p.requires_grad)
print(f"{n_params} parameters, {n_trainable} trainable")
for name, p in model.named_parameters():
    print(f"{name:10s} {str(tuple(p.shape)):8s} grad norm {p.grad.norm().item():.4f}")
norms = {name: round(p.grad.norm().item(), 3) for name, p in model.named_parameters()}
largest = max(norms, key=norms.get)
print("largest:", largest, norms[largest])
grads = [p.grad.flatten() for p in model.parameters()]
total = torch.cat(grads).norm()
print(f"total grad norm {total:.4f}", [g.shape[0] for g in grads])
weights_only = [name for name, _ in model.named_parameters() if name.endswith("weight")]
print(weights_only, *[type(m).__name__ for m in model])
