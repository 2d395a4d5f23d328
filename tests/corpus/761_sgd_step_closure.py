import torch
# optimizer.step(closure): the closure recomputes the loss; step returns it
w = torch.tensor([2.0, -1.0], requires_grad=True)
target = torch.tensor([0.5, 0.5])
optimizer = torch.optim.SGD([w], lr=0.2, momentum=0.5)


def closure():
    optimizer.zero_grad()
    loss = ((w - target) ** 2).sum()
    loss.backward()
    return loss


for i in range(4):
    loss = optimizer.step(closure)
    print(i, loss, w)
