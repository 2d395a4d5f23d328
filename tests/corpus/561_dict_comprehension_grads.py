import torch

a = torch.tensor(1.0, requires_grad=True)
b = torch.tensor(2.0, requires_grad=True)
c = torch.tensor(3.0, requires_grad=True)
named = {"a": a, "b": b, "c": c}
out = a * b * c
out.backward()
grads = {name: t.grad.item() for name, t in named.items()}
grads
{k: v for k, v in grads.items() if v > 2.5}
ranking = sorted(grads.items(), key=lambda kv: kv[1], reverse=True)
ranking
[f"{k}={v:.1f}" for k, v in ranking]
", ".join(["%s=%.1f" % (k, v) for k, v in ranking])
