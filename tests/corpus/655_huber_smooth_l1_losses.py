import torch
import torch.nn as nn
import torch.nn.functional as F
# Huber and smooth L1 losses: quadratic near zero, linear beyond delta / beta
pred = torch.tensor([0.2, -1.5, 3.0, 0.9], requires_grad=True)
target = torch.tensor([0.0, 0.0, 0.5, 1.0])
for reduction in ['mean', 'sum', 'none']:
    loss = F.huber_loss(pred, target, reduction=reduction)
    print(reduction, loss)
huber = nn.HuberLoss(delta=0.5)
print(huber)
loss = huber(pred, target)
print(loss)
loss.backward()
print(pred.grad)
pred.grad = None
smooth = nn.SmoothL1Loss(beta=2.0)
print(smooth)
loss = smooth(pred, target)
print(loss)
loss.backward()
print(pred.grad)
pred.grad = None
# beta=0 is the L1 loss
l1 = F.smooth_l1_loss(pred, target, beta=0.0)
print(l1, l1.grad_fn.name())
print(F.smooth_l1_loss(pred, target, reduction='sum').grad_fn.name())
print(F.huber_loss(pred, target, delta=2.0).grad_fn.name())
# Huber = beta * smooth L1 with beta = delta
print(torch.allclose(F.huber_loss(pred, target, delta=0.5), 0.5 * F.smooth_l1_loss(pred, target, beta=0.5)))
