import torch

x = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
print("training", end="")
for step in range(3):
    loss = (x ** 2).sum()
    loss.backward()
    with torch.no_grad():
        x -= 0.1 * x.grad
    x.grad.zero_()
    print(".", end="")
print(" done")
print("grads:", end=" ")
for v in x.tolist():
    print(f"{v:.3f}", end=", ")
print()
print("a", "b", sep="", end="!\n")
print("x", end="")
x
print("last", end="")
