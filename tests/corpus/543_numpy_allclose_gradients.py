import torch
import numpy as np

x = torch.tensor([0.5, 1.0, 1.5], requires_grad=True)
y = torch.sin(x) * x
y.sum().backward()
analytic = np.cos(x.detach().numpy()) * x.detach().numpy() + np.sin(x.detach().numpy())
print(np.allclose(x.grad.numpy(), analytic))
print(np.allclose(x.grad.numpy(), analytic, atol=1e-6))
x.grad.numpy()
analytic.dtype
