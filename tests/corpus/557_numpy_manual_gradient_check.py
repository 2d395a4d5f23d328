import torch
import numpy as np

w = torch.tensor([[0.1, 0.2], [0.3, 0.4]], requires_grad=True)
x = torch.tensor([1.0, -1.0])
loss = torch.tanh(w @ x).sum()
loss.backward()
eps = 1e-3
wn = w.detach().numpy().astype(np.float64)
xn = x.numpy().astype(np.float64)
numeric = np.zeros((2, 2))
for i in range(2):
    for j in range(2):
        plus = wn.copy()
        plus[i, j] += eps
        minus = wn.copy()
        minus[i, j] -= eps
        numeric[i, j] = (np.tanh(plus @ xn).sum() - np.tanh(minus @ xn).sum()) / (2 * eps)
print(np.round(numeric, 4))
print(np.allclose(w.grad.numpy(), numeric, atol=1e-4))
print("max diff: %.2e" % np.abs(w.grad.numpy() - numeric).max())
