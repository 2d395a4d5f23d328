# torch.linalg.matrix_exp, torch.matrix_exp, Tensor.matrix_exp: values (small, scaled and squared, batched, zero), gradients (torch's block-matrix differential), errors
import torch
A = torch.tensor([[0.2, -1.0, 0.5], [0.5, 0.3, -1.0], [1.0, 0.25, -0.4]], requires_grad=True)
E = torch.linalg.matrix_exp(A)
E
F = torch.matrix_exp(A * 3)
F
G = (A * 8).matrix_exp()
G
((E * torch.arange(9.0).reshape(3, 3)).sum() + (F ** 2).sum() + G.sum() * 0.001).backward()
A.grad
B = torch.stack([A.detach(), torch.zeros(3, 3)]).requires_grad_()
torch.linalg.matrix_exp(B)
torch.linalg.matrix_exp(B).sum().backward()
B.grad
torch.linalg.matrix_exp(torch.zeros(0, 0))
def err(f):
    try:
        f()
    except Exception as e:
        print(e)
err(lambda: torch.linalg.matrix_exp(torch.ones(3)))
err(lambda: torch.linalg.matrix_exp(torch.ones(2, 3)))
err(lambda: torch.matrix_exp(torch.ones(2, 2, dtype=torch.int64)))
