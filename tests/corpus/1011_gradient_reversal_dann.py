# gradcli: surrogate GradReverse
import torch
import torch.nn as nn

# DANN: a gradient-reversal layer between the feature extractor and the domain classifier.
# Its backward is -g on purpose; the layers before it are checked through that -g.
class GradReverse(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.view_as(x)

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output.neg()

torch.manual_seed(0)
features = nn.Sequential(nn.Linear(3, 4), nn.Tanh())
domain = nn.Linear(4, 2)
x = torch.randn(5, 3)
target = torch.tensor([0, 1, 1, 0, 1])
h = features(x)
logits = domain(GradReverse.apply(h))
loss = nn.functional.cross_entropy(logits, target)
loss
loss.backward()
features[0].weight.grad
features[0].bias.grad
domain.weight.grad
