import torch

a = torch.tensor(3.0, requires_grad=True)
b = torch.tensor(4.0, requires_grad=True)
c = (a ** 2 + b ** 2).sqrt()
c.backward()
print("{:>6} | {:>8} | {:>8}".format("name", "value", "grad"))
for name, t in [("a", a), ("b", b)]:
    print("{:>6} | {:8.4f} | {:8.4f}".format(name, t.item(), t.grad.item()))
print("c = {0:.2f}, dc/da = {1:.3f}, dc/db = {2:.3f}".format(c.item(), a.grad.item(), b.grad.item()))
print("{name}: {value!r}".format(name="c", value=round(c.item(), 3)))
"{} + {} = {}".format(1, 2, 3)
