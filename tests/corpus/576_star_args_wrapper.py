import torch

def logged(fn):
    def wrapper(*args, **kwargs):
        print("calling with", len(args), "arguments and", sorted(kwargs))
        return fn(*args, **kwargs)
    return wrapper

@logged
def loss_fn(pred, target, reduction="mean"):
    diff = (pred - target) ** 2
    return diff.mean() if reduction == "mean" else diff.sum()

p = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
t = torch.tensor([1.5, 1.5, 1.5])
batch = [p, t]
loss = loss_fn(*batch, reduction="sum")
loss.backward()
p.grad
loss2 = loss_fn(*batch, **{"reduction": "mean"})
loss2.backward()
p.grad
