# gradcli: expect mismatch
import torch
import torch.nn as nn

# the same reversal layer without `# gradcli: surrogate GradReverse`: its -g is not sympy's
# derivative of its forward, so the rows under it mismatch and name the directive
class GradReverse(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.view_as(x)

    @staticmethod
    def backward(ctx, grad_output):
        return -grad_output

torch.manual_seed(2)
features = nn.Linear(3, 4)
head = nn.Linear(4, 1)
x = torch.randn(4, 3)
loss = head(GradReverse.apply(torch.relu(features(x)))).pow(2).sum()
loss.backward()
features.weight.grad
head.weight.grad
