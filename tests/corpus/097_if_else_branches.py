import torch
x = torch.tensor([2.0], requires_grad=True)
for value in [-1.0, 0.5, 3.0]:
    t = torch.tensor([value], requires_grad=True)
    if t.item() < 0:
        y = -t
    elif t.item() < 1:
        y = t ** 2
    else:
        y = t.log()
    y.backward()
    print(value, t.grad)
flag = x.requires_grad and x.is_leaf
"leaf" if flag else "non-leaf"
if not torch.is_grad_enabled():
    print("disabled")
else:
    print("enabled")
x.grad is None
