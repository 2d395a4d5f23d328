# backward() frees the graph's saved tensors. A second backward() through a node that saved
# one fails; retain_graph=True on the first call keeps them.
import torch
x = torch.tensor([1.5], requires_grad=True)
y = x**2
y.backward(retain_graph=True)   # keep the graph for one more pass
x.grad
y.backward()                    # works, and accumulates: 3 + 3
x.grad
y.backward()                    # the graph is gone now: PyTorch's RuntimeError
# gradcli: expect RuntimeError: Trying to backward through the graph a second time
