import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.pow(2).sum()
y.backward()
print("x", "grad", sep=": ")
print(x.grad, y, sep=" | ")
print("done", end="\n")
print()
print("a", 1, 2.5, None, True, sep=",")
