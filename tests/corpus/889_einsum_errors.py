import torch

a = torch.randn(2, 3)
b = torch.randn(3, 4)
c = torch.randn(3, 3)
cases = [
    ("ij,jk->ik", [a]),
    ("ij->ij", [a, b]),
    ("ijk->i", [a]),
    ("i1,jk->ik", [a, b]),
    ("ij,jk->iz", [a, b]),
    ("ij,jk->ii", [a, b]),
    ("ii->i", [a]),
    ("ij,jk->ik", [a, torch.randn(2, 4)]),
    ("ij.->i", [a]),
    ("ij->i.", [a]),
    ("...ij,...jk->...ik", [torch.randn(2, 2, 3), torch.randn(3, 3, 4)]),
    ("ij->i->j", [a]),
    ("ij,jk->ik", [a, b.double()]),
    ("...ij...->ij", [a]),
    ("ij...k->ij", [a]),
]
for equation, operands in cases:
    try:
        torch.einsum(equation, *operands)
    except RuntimeError as e:
        print(equation, "->", e)
try:
    torch.einsum("ij")
except ValueError as e:
    print(e)
try:
    torch.einsum("ij", [a, 3])
except TypeError as e:
    print(e)
torch.einsum("ij,jk->ik", a, b).shape
torch.einsum(a, [0, 1], b, [1, 2], [0, 2]).shape
torch.einsum(" i j , j k -> i k ", a, b).shape
torch.einsum("ij,jk->ik", a.to(torch.float64), b.to(torch.float64)).dtype
