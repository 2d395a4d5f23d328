import torch
# torch.normal with a tensor mean and/or std that requires grad: NormalBackward1/2/3, zero grads of each tensor given
torch.manual_seed(3)
m = torch.tensor([0.0, 1.0], requires_grad=True)
s = torch.tensor([1.0, 2.0], requires_grad=True)
o = torch.normal(m, s)
o
(o * torch.tensor([3.0, 4.0])).sum().backward()
[m.grad, s.grad]
o1 = torch.normal(m, 2.0)
o1
o2 = torch.normal(1.0, s)
o2
(o1 * o2).sum().backward()
[m.grad, s.grad]
o3 = torch.normal(m[:1], s)
o3
o4 = torch.normal(m, torch.tensor([1.0, 2.0]))
o4.grad_fn
o5 = torch.normal(torch.tensor([1.0, 2.0]), s)
o5.grad_fn
(o3.sum() + o4.sum() * o5.sum()).backward()
[m.grad, s.grad]
with torch.no_grad():
    torch.normal(m, s)
torch.normal(torch.tensor([1.0, 2.0]), torch.tensor([0.5, 0.5]))
