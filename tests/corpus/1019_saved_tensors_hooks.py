# torch.autograd.graph.saved_tensors_hooks(pack, unpack): pack runs as each node saves a tensor
# (other before self, the output last; a Python number is saved unhooked), unpack as backward
# reads it back, once per pass; what unpack returns is what the gradient is computed from
import torch
log = []
def pack(t):
    log.append(("pack", t.tolist()))
    return t.detach().clone()  # a copy, as offloading hooks keep
def unpack(t):
    log.append(("unpack", t.tolist()))
    return t
x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([3.0, 4.0], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    y = x * w
    z = y.exp()
    s = (z * 2).sum()
for entry in log:
    print(entry)
log.clear()
s.backward(retain_graph=True)
print(log)
x.grad
w.grad
s.backward()
print(len(log))
x.grad
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t * 0 + 1):
    q = (x * w).sum()
q.backward()
x.grad
