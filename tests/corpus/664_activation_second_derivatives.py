import torch
import torch.nn.functional as F
# Second derivatives through GELU, ELU and Softplus: each gradient is itself a graph
x = torch.tensor([-2.0, -0.5, 0.0, 0.7, 3.0], requires_grad=True)
for name, f in [("gelu", lambda t: F.gelu(t)), ("gelu_tanh", lambda t: F.gelu(t, approximate='tanh')),
                ("elu", lambda t: F.elu(t, alpha=1.5)),
                ("softplus", lambda t: F.softplus(t, beta=2.0, threshold=4.0))]:
    y = f(x)
    (dy,) = torch.autograd.grad(y.sum(), x, create_graph=True)
    print(name, dy)
    (d2y,) = torch.autograd.grad(dy.sum(), x)
    print(name, d2y)
# a gradient penalty: || d loss / d x ||^2 through an ELU layer
w = torch.tensor([[0.5, -1.0], [1.5, 0.25]], requires_grad=True)
inp = torch.tensor([[1.0, -2.0]], requires_grad=True)
out = F.elu(inp @ w).sum()
(g,) = torch.autograd.grad(out, inp, create_graph=True)
penalty = (g ** 2).sum()
penalty.backward()
print(g, penalty)
print(w.grad)
