# Legacy constructors (torch.FloatTensor, torch.Tensor(data), torch.Tensor(2, 3) -- zeros in
# gradcli, uninitialised in torch, so only its shape is shown) and torch.autograd.Variable, as
# old tutorials and answers write them (issue #33)
import torch
from torch.autograd import Variable
torch.FloatTensor([1, 2]), torch.LongTensor([1, 2]), torch.DoubleTensor([[1, 2]])
torch.Tensor([1, 2]), torch.Tensor(2, 3).shape, torch.Tensor()
torch.IntTensor([1]), torch.BoolTensor([1, 0]), torch.ByteTensor([1])
x = torch.ones(2)
v = Variable(x, requires_grad=True)
v, v is x, v.is_leaf, x.requires_grad
(v * 3).sum().backward()
v.grad
Variable(torch.ones(2))
isinstance(torch.ones(1), torch.FloatTensor), isinstance(torch.ones(1, dtype=torch.double), torch.FloatTensor)
isinstance(x, Variable), type(torch.FloatTensor([1])) is torch.Tensor
torch.FloatTensor, Variable
torch.Tensor(torch.Size([2, 1])).shape
z = torch.ones(2)
y = torch.FloatTensor(z)
y.add_(1)
z
w = Variable(torch.randn(3, 2).mul_(0), requires_grad=True)
w
try:
    torch.FloatTensor(torch.tensor([1, 2]))
except TypeError as e:
    print(e)
try:
    torch.Tensor(3.5)
except TypeError as e:
    print(e)
try:
    torch.Tensor(2, 3.0)
except TypeError as e:
    print(e)
try:
    Variable([1.0])
except TypeError as e:
    print(e)
