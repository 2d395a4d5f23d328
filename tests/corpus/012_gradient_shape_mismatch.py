import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
try:
    y.backward(gradient=torch.ones(1))
except RuntimeError as e:
    print(e)
try:
    y.backward(gradient=[1.0, 1.0, 1.0])
except TypeError as e:
    print("TypeError:", e)
s = y.sum()
try:
    s.backward(gradient=torch.tensor([2.0]))
except RuntimeError as e:
    print(e)
y.backward(gradient=torch.ones(2))
