import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(20)
conv = nn.Conv2d(2, 3, 3)
gamma = torch.ones(3, requires_grad=True)
beta = torch.zeros(3, requires_grad=True)
bn_eval = nn.BatchNorm1d(12)
x = torch.randn(4, 2, 6, 6)
h = F.relu(F.batch_norm(conv(x), None, None, gamma, beta, training=True))
bn_eval.eval()
z = torch.flatten(F.max_pool2d(h, 2), 1)
z = bn_eval(z)
z = F.layer_norm(z, (12,))
loss = (z ** 2).mean() + h.mean()
loss.backward()
print(loss.item())
