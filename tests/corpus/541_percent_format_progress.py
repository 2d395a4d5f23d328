import torch

x = torch.tensor([2.0, -1.0], requires_grad=True)
opt_steps = 4
for step in range(opt_steps):
    loss = (x ** 2).sum()
    loss.backward()
    print("%d: %.3f" % (step, loss.item()))
    print("grad norm %.5f, first grad %+.2e" % (x.grad.norm().item(), x.grad[0].item()))
    with torch.no_grad():
        x -= 0.25 * x.grad
    x.grad = None
print("%s -> %r" % ("x", x.tolist()))
