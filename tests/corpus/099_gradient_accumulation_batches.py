import torch
w = torch.tensor([1.0, -1.0], requires_grad=True)
batches = [torch.tensor([[1.0, 0.0]]), torch.tensor([[0.0, 2.0]]), torch.tensor([[2.0, 1.0]])]
for xb in batches:
    loss = (xb @ w).pow(2).sum() / len(batches)
    loss.backward()
    print(w.grad)
full = torch.cat(batches)
w2 = w.detach().clone().requires_grad_(True)
((full @ w2) ** 2).sum().div(3).backward()
w2.grad
torch.allclose(w.grad, w2.grad)
