import torch
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(2, 3, dtype=torch.double, requires_grad=True)
w = torch.randn(3, 4, dtype=torch.double, requires_grad=True)
target = torch.tensor([1, 3])


def model(x, w):
    return F.log_softmax(torch.tanh(x @ w), dim=1)


print(torch.autograd.gradcheck(model, (x, w)))
print(torch.autograd.gradcheck(lambda x, w: F.cross_entropy(x @ w, target), (x, w)))
print(torch.autograd.gradcheck(lambda x: F.mse_loss(x.sigmoid(), torch.zeros(2, 3, dtype=torch.double)), x))
print(torch.autograd.gradgradcheck(lambda x, w: (x @ w).softmax(dim=0), (x, w)))
print(torch.autograd.gradcheck(lambda x: x.relu(), x))
