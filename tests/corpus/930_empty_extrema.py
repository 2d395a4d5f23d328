# max-like reductions of nothing (inf-norms, amax/amin, matrix inf/1-norms): torch's refusals, and the gradients of empty outputs, checked
import torch
x = torch.zeros(0, 3, requires_grad=True)
z = torch.zeros(2, 0, 3, requires_grad=True)
try:
    torch.linalg.vector_norm(x, ord=float('inf'), dim=0)
except RuntimeError as e:
    print(e)
try:
    torch.linalg.vector_norm(x, ord=float('-inf'))
except RuntimeError as e:
    print(e)
try:
    torch.norm(x, float('inf'))
except RuntimeError as e:
    print(e)
try:
    torch.linalg.vector_norm(z, ord=float('inf'), dim=(0, -2))
except RuntimeError as e:
    print(e)
try:
    x.abs().amax(dim=-2)
except IndexError as e:
    print(e)
try:
    x.amin()
except RuntimeError as e:
    print(e)
try:
    torch.linalg.matrix_norm(x, ord=-float('inf'))
except IndexError as e:
    print(e)
torch.linalg.matrix_norm(x, ord=float('inf'))
torch.linalg.matrix_norm(x.t(), ord=1, keepdim=True)
m = torch.linalg.matrix_norm(x, ord=1)
m
y = torch.linalg.vector_norm(x, ord=float('-inf'), dim=1)
y
w = torch.linalg.vector_norm(z * 2, ord=float('inf'), dim=(0, 2))
w
(y.sum() + w.sum() + m).backward()
x.grad
z.grad
