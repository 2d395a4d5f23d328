import torch
# break and continue in while and for loops: only some iterations add to the gradient
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
i = 0
total = torch.zeros(())
while True:
    i += 1
    if i % 2 == 0:
        continue
    if i > 7:
        break
    total = total + (x * i).pow(2).sum()
total.backward()
x.grad
for k in range(10):
    if k == 3:
        break
    x.grad
else:
    print("not printed")
n = 3
while n:
    n -= 1
else:
    n
