import torch
import torch.autograd.functional as AF
# the Hessian of x^T A x is A + A^T
A = torch.tensor([[2.0, 1.0, 0.0],
                  [0.5, 3.0, -1.0],
                  [0.0, 4.0, 1.0]])
def quad(x):
    return x @ A @ x
x = torch.tensor([1.0, -2.0, 0.5])
H = AF.hessian(quad, x)
print(H)
print(torch.allclose(H, A + A.T))
