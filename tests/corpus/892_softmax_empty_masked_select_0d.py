import torch
# softmax / log_softmax of an empty tensor; masked_select of a 0-d tensor
a = torch.zeros(0, 3, requires_grad=True)
o = torch.softmax(a, 0)
o
o2 = torch.log_softmax(a, dim=1)
o2
o3 = torch.nn.functional.softmax(a, dim=0, dtype=torch.float64)
o3
(o.sum() + o2.sum() + o3.sum()).backward()
a.grad
x = torch.tensor(2.5, requires_grad=True)
m = torch.masked_select(x, torch.tensor(True))
m
m2 = torch.masked_select(x, torch.tensor(False))
m2
n = torch.masked_select(x, torch.tensor([True, False, True]))
n
(m.sum() * 3 + n.sum()).backward()
x.grad
y = torch.tensor([1.0, 2.0], requires_grad=True)
torch.masked_select(y, torch.tensor(True))
