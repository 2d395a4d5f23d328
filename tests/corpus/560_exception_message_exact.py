import torch

x = torch.ones(2, 2, requires_grad=True)
y = x * 3
try:
    y.backward()
except RuntimeError as e:
    msg = str(e)
    print(msg)
    print(msg.startswith("grad can be implicitly"))
try:
    x.numpy()
except RuntimeError as e:
    print(e)
try:
    x.view(3)
except RuntimeError as e:
    print("view failed:", e)
y.sum().backward()
x.grad
