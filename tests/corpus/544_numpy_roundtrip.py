import torch
import numpy as np

a = np.array([1.0, 2.0, 3.0])
t = torch.from_numpy(a)
t
t.dtype
u = torch.tensor(a, dtype=torch.float32, requires_grad=True)
(u * u).sum().backward()
u.grad
u.grad.numpy()
b = u.detach().numpy()
b
b * 2 + 1
b.sum(), b.mean(), b.max()
b.tolist()
