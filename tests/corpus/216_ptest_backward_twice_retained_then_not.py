import torch
b = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
c = torch.zeros(3)
c[[1, 2]] = b[[1, 1]]
c.backward(torch.tensor([1.0, 1.0, 1.0]), retain_graph=True)
c.backward(torch.tensor([1.0, 1.0, 1.0]))
b.grad
c.grad_fn
