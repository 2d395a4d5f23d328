import torch
# the nuclear norm (torch.norm p='nuc', linalg.norm, linalg.matrix_norm): the sum of the singular values, linalg.svdvals' (LinalgSvdBackward0: U diag(g) Vh); matrix_norm's 2 and -2 (their extremes), 1 and inf, and torch's errors
A = torch.tensor([[2.0, -1.0, 0.5], [0.25, 3.0, -1.5]], requires_grad=True)
n = torch.norm(A, p='nuc')
n
n.backward()
A.grad
B = torch.tensor([[[1.0, 2.0], [-0.5, 0.75], [3.0, -2.0]], [[0.5, -1.25], [2.0, 1.0], [-1.0, 0.25]]], requires_grad=True)
s = torch.linalg.svdvals(B)
s
(s * torch.tensor([[1.0, -2.0], [0.5, 3.0]])).sum().backward()
B.grad
B.grad = None
m = torch.linalg.matrix_norm(B, 'nuc', dim=(0, 2), keepdim=True)
m
(m * torch.tensor([[[1.0]], [[-2.0]], [[0.5]]])).sum().backward()
B.grad
B.grad = None
k = torch.linalg.norm(B, 'nuc', dim=(2, 1))
k
l2 = torch.linalg.matrix_norm(B, 2)
l2
lm2 = torch.linalg.matrix_norm(B, -2, keepdim=True)
lm2
(k.sum() + l2[0] * 2 + lm2.sum() * 3).backward()
B.grad
A.grad = None
r = B[0].norm('nuc') + A.norm(p='nuc', dim=(1, 0)) + torch.linalg.norm(A, 1) + torch.linalg.matrix_norm(B, float('inf')).sum() + torch.linalg.norm(A, -1)
r
r.backward()
A.grad
torch.linalg.norm(A, 'fro')
torch.linalg.norm(B.detach(), dim=(0, 2))
torch.linalg.svdvals(torch.zeros(2, 0, 3))
torch.linalg.svdvals(torch.tensor([[1.0, float('inf')], [0.0, 1.0]]))
E = torch.zeros(0, 3, requires_grad=True)
torch.linalg.norm(E, 'nuc').backward()
E.grad
for bad in [lambda: torch.norm(B, 'nuc'), lambda: torch.norm(B, 'nuc', 1), lambda: torch.linalg.norm(B, 2),
            lambda: torch.linalg.norm(B, 'nuc', dim=(0, 1, 2)), lambda: torch.linalg.matrix_norm(B, 3),
            lambda: torch.linalg.matrix_norm(B, 0.5), lambda: torch.linalg.matrix_norm(B, 'abc'),
            lambda: torch.linalg.matrix_norm(B, 'nuc', dim=(0, -3)), lambda: torch.linalg.matrix_norm(A[0], 'nuc'),
            lambda: torch.linalg.svdvals(A[0]), lambda: torch.linalg.svdvals(torch.tensor([[1, 2], [3, 4]])),
            lambda: torch.linalg.matrix_norm(torch.tensor([[1, 2], [3, 4]]), 'nuc'),
            lambda: torch.norm(B, 'fro', dim=(0, 1, 2)),
            lambda: torch.linalg.svdvals(torch.tensor([[1.0, float('nan')], [0.0, 1.0]]))]:
    try:
        bad()
    except RuntimeError as e:
        print(type(e).__name__ == 'RuntimeError', e)
    except IndexError as e:
        print('IndexError', e)
