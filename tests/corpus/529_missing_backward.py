import torch

class OnlyForward(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.exp()

x = torch.tensor([1.0], requires_grad=True)
y = OnlyForward.apply(x)
y
y.backward()
