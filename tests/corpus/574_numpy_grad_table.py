import torch
import numpy as np

x = torch.linspace(-2, 2, 5, requires_grad=True)
y = torch.relu(x) + 0.1 * x ** 2
y.sum().backward()
xs = x.detach().numpy()
gs = x.grad.numpy()
print("%6s %8s %8s" % ("x", "dy/dx", "expect"))
expect = np.where(xs > 0, 1.0, 0.0) + 0.2 * xs
for xv, gv, ev in zip(xs, gs, expect):
    print("%6.2f %8.4f %8.4f" % (xv, gv, ev))
print(np.allclose(gs, expect))
gs.argmax(), gs.argmin(), gs.shape
