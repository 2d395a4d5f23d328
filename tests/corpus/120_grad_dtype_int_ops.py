import torch
w = torch.tensor([0.5, 1.5], requires_grad=True)
i = torch.tensor([2, 3])
y = (w * i).sum()
y
y.backward()
w.grad
b = torch.tensor([True, False])
w * b
(w > 1)
(w > 1).requires_grad
w.long()
w.floor()
w.round().grad_fn
(w * torch.tensor([1, 2], dtype=torch.int32)).dtype
torch.tensor([1, 2], dtype=torch.int32) + torch.tensor([1, 2])
