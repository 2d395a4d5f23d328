import torch
import torch.nn as nn
# a float32 LSTM on CPU: each layer one MkldnnRnnLayerBackward0 node whose next_functions are
# the layer's input, its four weights, h0 and c0 (h and c: its outputs 1 and 2); retain_grad
# and a hook on its output; the gradients of the input, of h and c, and a second derivative
# through both layers
torch.manual_seed(0)
lstm = nn.LSTM(3, 4, num_layers=2)
x = torch.randn(5, 2, 3, requires_grad=True)
out, (h, c) = lstm(x)
out.grad_fn
out.grad_fn.next_functions
out.grad_fn.next_functions[0][0].next_functions
h.grad_fn
h.grad_fn.next_functions
c.grad_fn.next_functions
out.retain_grad()
seen = []
handle = out.register_hook(lambda g: seen.append(g.shape))
loss = out.sum() + (h * c).sum()
loss.backward()
seen
out.grad.shape
x.grad[0]
lstm.weight_hh_l0.grad.sum()
lstm.bias_ih_l1.grad[:4]
g, = torch.autograd.grad(lstm(x)[0].pow(2).sum(), lstm.weight_ih_l0, create_graph=True)
g.requires_grad
g.sum().backward()
lstm.weight_hh_l1.grad.sum()
h0 = torch.zeros(2, 2, 4, requires_grad=True)
c0 = torch.randn(2, 2, 4, requires_grad=True)
out, (h, c) = lstm(x, (h0, c0))
out.grad_fn.next_functions[5:]
(out.mean() + c.sum()).backward()
h0.grad[1]
c0.grad[0]
out, (h, c) = lstm(x)
with torch.no_grad():
    lstm.weight_hh_l0.mul_(2)
out.sum().backward()
