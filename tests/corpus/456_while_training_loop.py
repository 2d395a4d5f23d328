import torch
# gradient descent until the loss is small: a while loop whose condition is a tensor
w = torch.tensor([2.0, -1.0], requires_grad=True)
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
y = torch.tensor([1.0, 2.0])
steps = 0
loss = ((x @ w - y) ** 2).mean()
while loss > 0.5 and steps < 20:
    w.grad = None
    loss.backward()
    with torch.no_grad():
        w -= 0.02 * w.grad
    loss = ((x @ w - y) ** 2).mean()
    steps += 1
else:
    print("stopped after", steps, "steps")
steps
w
loss
