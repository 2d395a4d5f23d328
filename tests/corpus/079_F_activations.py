import torch
import torch.nn.functional as F
x = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True)
F.relu(x)
F.sigmoid(x)
F.tanh(x)
F.relu(x).grad_fn, F.sigmoid(x).grad_fn, F.tanh(x).grad_fn
(F.relu(x) + F.sigmoid(x) + F.tanh(x)).sum().backward()
x.grad
l = torch.tensor([[1.0, 2.0], [0.0, 0.0]], requires_grad=True)
F.softmax(l, dim=1)
F.log_softmax(l, dim=1)
F.log_softmax(l, dim=1)[:, 0].sum().backward()
l.grad
