import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x.exp() * x).sum()
y.backward()
try:
    y.backward()
except RuntimeError as e:
    print("caught:", e)
    print(isinstance(e, RuntimeError), isinstance(e, ValueError))
    print(e.args == (str(e),), len(e.args))
x.grad
