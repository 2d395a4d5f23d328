import torch

# old-style code from a 2018 forum post: an instance called like a module
class MyReLU(torch.autograd.Function):
    def forward(self, input):
        return input.clamp(min=0)

    def backward(self, grad_output):
        return grad_output

x = torch.tensor([-1.0, 2.0], requires_grad=True)
relu = MyReLU()
relu(x)
