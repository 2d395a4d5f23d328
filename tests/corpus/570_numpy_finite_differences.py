import numpy as np
import torch


def f(x):
    return x ** 3 - 2 * x


xs = np.linspace(-1.0, 1.0, 5)
t = torch.tensor(xs, requires_grad=True)
f(t).sum().backward()
h = 1e-5
numeric = (f(xs + h) - f(xs - h)) / (2 * h)
print("autograd:", t.grad.numpy())
print("numeric: ", np.round(numeric, 6))
print("match:", np.allclose(t.grad.numpy(), numeric, rtol=1e-5, atol=1e-8))
print("analytic:", 3 * xs ** 2 - 2)
np.abs(t.grad.numpy() - (3 * xs ** 2 - 2)).max() < 1e-12
