# sympy's complex identities drop a nan torch computes (exp(-log(x)) = 1/x, sqrt(x)**2 = x at
# x < 0): the check then replays the forward numerically, as torch computes it
import torch
x = torch.tensor([-1.0, 2.0, 0.5], requires_grad=True)
torch.sigmoid(torch.log(x)).sum().backward()
print(x.grad)
y = torch.linspace(-1, 2, 60, requires_grad=True)
torch.sigmoid(torch.log(y)).sum().backward()
print(y.grad[:3])
z = torch.tensor([-4.0, 4.0], requires_grad=True)
(z.sqrt() ** 2).sum().backward()
print(z.grad)
w = torch.tensor([-1.0, 2.0], requires_grad=True)
(w.log() * 3).sum().backward()
print(w.grad)
