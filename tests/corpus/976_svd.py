# torch.linalg.svd (full and reduced), torch.svd, Tensor.svd (some, compute_uv): values, gradients; vectors only through sign-free uses (LAPACKs choose their signs differently)
import torch
A = torch.tensor([[2.0, -1.0, 0.5], [0.5, 1.5, -1.0], [1.0, 0.25, 3.0], [0.3, -0.7, 1.1]], requires_grad=True)
U, S, Vh = torch.linalg.svd(A)
S
U * U
Vh * Vh
U.shape
g = U[:, :3] @ torch.diag(S.sqrt()) @ Vh
g
((g * torch.arange(12.0).reshape(4, 3)).sum() + (S * torch.tensor([1.0, -2.0, 0.5])).sum() + (U ** 2 * torch.arange(16.0).reshape(4, 4)).sum() + (Vh ** 4).sum()).backward()
A.grad
W = torch.tensor([[2.0, 0.5, 1.0, 0.3], [-1.0, 1.5, 0.25, -0.7], [0.5, -1.0, 3.0, 1.1]], requires_grad=True)
res = torch.svd(W)
res.S
res.V * res.V
res.V.grad_fn
((res.U * res.U).sum(0) * res.S + (res.V ** 2 * torch.arange(12.0).reshape(4, 3)).sum()).sum().backward()
W.grad
U2, S2, Vh2 = torch.linalg.svd(W, full_matrices=False)
(U2 @ torch.diag(S2 ** 2) @ Vh2).sum().backward()
W.grad
B = torch.stack([A.detach(), A.detach() * -2]).requires_grad_()
u, s, v = B.svd(some=False)
u.shape
v.shape
(s ** 3).sum().backward()
B.grad
torch.svd(A.detach(), compute_uv=False)
torch.linalg.svd(torch.zeros(0, 3))
def err(f):
    try:
        f()
    except Exception as e:
        print(e)
err(lambda: torch.linalg.svd(torch.ones(3)))
err(lambda: torch.linalg.svd(torch.ones(2, 2, dtype=torch.int64)))
err(lambda: torch.linalg.svd(torch.tensor([[1.0, float('nan')], [0.0, 1.0]])))
