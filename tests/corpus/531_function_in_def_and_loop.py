import torch

class Softplus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, beta):
        ctx.save_for_backward(x)
        ctx.beta = beta
        return torch.log(1 + torch.exp(beta * x)) / beta

    @staticmethod
    def backward(ctx, grad_output):
        x, = ctx.saved_tensors
        return grad_output * torch.sigmoid(ctx.beta * x), None

def loss_fn(w, x, target, beta=1.0):
    return ((Softplus.apply(w * x, beta) - target) ** 2).mean()

w = torch.tensor([0.1, -0.2, 0.3], requires_grad=True)
x = torch.tensor([1.0, 2.0, 3.0])
target = torch.tensor([1.0, 1.0, 1.0])
step = 0
while step < 3:
    loss = loss_fn(w, x, target, beta=2.0)
    loss.backward()
    with torch.no_grad():
        w -= 0.5 * w.grad
    w.grad = None
    print(step, round(loss.item(), 5))
    step += 1
w
