import numpy as np
import torch

a = np.array([1.0, 2.0, 4.0], dtype=np.float32)
a / 2
2 ** a
a - a.mean()
-a
abs(np.array([-1, 2]))
np.sqrt(a)
np.exp(np.zeros(2))
np.maximum(a, 2.0)
a[a > 1]
a[1:]
t = torch.tensor(a, requires_grad=True)
(t.log() * 2).sum().backward()
t.grad.numpy()
np.allclose(t.grad.numpy(), 2 / a)
