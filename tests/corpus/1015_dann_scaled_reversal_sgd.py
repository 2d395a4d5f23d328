# gradcli: surrogate GradReverse, ClampSTE
import torch
import torch.nn as nn

# DANN as trained: the reversal scales by -lambd (a plain float argument, whose gradient is
# None), the label head and the domain head share the features, a clipped straight-through
# binarization feeds the label head, and SGD takes two steps
class GradReverse(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, lambd):
        ctx.lambd = lambd
        return x.view_as(x)

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * -ctx.lambd, None

class ClampSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.sign(x)

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return grad_output * (x.abs() <= 1).float()

torch.manual_seed(3)
features = nn.Sequential(nn.Linear(4, 5), nn.ReLU(), nn.Linear(5, 3))
label_head = nn.Linear(3, 2)
domain_head = nn.Sequential(nn.Linear(3, 3), nn.Tanh(), nn.Linear(3, 2))
params = list(features.parameters()) + list(label_head.parameters()) + \
    list(domain_head.parameters())
opt = torch.optim.SGD(params, lr=0.1)
x = torch.randn(6, 4) * 1.5
labels = torch.tensor([0, 1, 1, 0, 1, 0])
domains = torch.tensor([0, 0, 0, 1, 1, 1])
for step in range(2):
    opt.zero_grad()
    h = features(x)
    label_loss = nn.functional.cross_entropy(label_head(ClampSTE.apply(h)), labels)
    domain_loss = nn.functional.cross_entropy(domain_head(GradReverse.apply(h, 0.3)), domains)
    loss = label_loss + domain_loss
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4))
features[0].weight.grad
features[2].bias.grad
