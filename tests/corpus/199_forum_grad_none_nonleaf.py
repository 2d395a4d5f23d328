import torch
w = torch.randn(3, requires_grad=True) * 2
loss = (w ** 2).sum()
loss.backward()
print(w.grad)
w.is_leaf
w2 = torch.tensor([1.0, 2.0, 3.0], requires_grad=True).double()
(w2 * 3).sum().backward()
w2.grad
w3 = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64, requires_grad=True)
(w3 * 3).sum().backward()
w3.grad
