# gradcheck(check_forward_ad=True) with check_undefined_grad: the function is called as often as torch calls it
import torch
x = torch.tensor([1.0, 2.0, -0.5], dtype=torch.double, requires_grad=True)
y = torch.tensor([0.5, 0.25, 3.0], dtype=torch.double, requires_grad=True)
calls = []
def f(a, b):
    calls.append(1)
    return (a * b).sin(), a.exp()
print(torch.autograd.gradcheck(f, (x, y), check_forward_ad=True))
print(len(calls))
