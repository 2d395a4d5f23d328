import torch
import numpy as np
# DANN / RL code compares tensors with numpy scalars (a schedule's alpha, an env's reward)
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
alpha = np.float64(2.0)
x == alpha
x != np.float32(2.0)
x == np.int64(3)
x > np.float64(1.5)
np.float64(2.0) == x
mask = (x.detach() == alpha).float()
loss = (x * mask * alpha).sum()
loss.backward()
x.grad
