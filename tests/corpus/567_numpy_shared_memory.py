import torch
import numpy as np

x = torch.tensor([1.0, 2.0, 3.0])
a = x.numpy()
x.add_(1)
print(a)
a[0] = 10
print(x)
b = np.array([1.0, 2.0])
t = torch.from_numpy(b)
b[1] = 7
print(t)
t.mul_(2)
print(b)
w = torch.tensor([1.0, 2.0], requires_grad=True)
(w * w).sum().backward()
g = w.grad.numpy()
print(g)
w.grad.zero_()
print(g)
print(np.array(w.detach()), np.asarray(w.grad))
try:
    np.array(w)
except RuntimeError as e:
    print(e)
print(x.numpy().dtype == np.float32, np.array([1, 2], dtype=np.int64).dtype)
print(sum(np.array([1, 2])), np.float32(3) * 2, 2 * np.float32(3))
