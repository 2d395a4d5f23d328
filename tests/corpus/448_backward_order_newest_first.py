import torch
# torch's engine runs the newest ready node first, leaves (AccumulateGrad) before all; ties
# between leaves fall as its binary heap lets them: the hooks print in that order
x = torch.ones(2, requires_grad=True)
a = x * 2
b = x * 3
a.register_hook(lambda g: print("a hook"))
b.register_hook(lambda g: print("b hook"))
(a + b).sum().backward()
c = x * 4
d = c * 5
e = x * 6
d.register_hook(lambda g: print("d hook"))
e.register_hook(lambda g: print("e hook"))
c.register_hook(lambda g: print("c hook"))
(e + d).sum().backward()
leaves = [torch.ones(2, requires_grad=True) for i in range(7)]
for i in range(7):
    leaves[i].register_hook(lambda g, i=i: print("leaf", i))
torch.stack(leaves).sum().backward()
torch.stack(leaves[:5]).sum().backward()
torch.stack(leaves[:4]).sum().backward()
(leaves[0] * leaves[1] * leaves[2] * leaves[3]).sum().backward()
torch.autograd.backward([leaves[0].sum(), leaves[1].sum(), leaves[2].sum()])
torch.cat([leaves[6], leaves[5], leaves[4], leaves[3], leaves[2], leaves[1]]).sum().backward()
