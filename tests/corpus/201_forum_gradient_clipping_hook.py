import torch
w = torch.tensor([3.0, -4.0], requires_grad=True)
h = w.register_hook(lambda g: g.clamp(-1, 1))
loss = (w ** 3).sum()
loss.backward()
w.grad
h.remove()
w.grad = None
(w ** 3).sum().backward()
w.grad
