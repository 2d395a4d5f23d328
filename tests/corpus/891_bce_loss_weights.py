import torch
# BCELoss / BCEWithLogitsLoss weight= and pos_weight=: constants of the loss, refused when they require grad
import torch.nn.functional as F
x = torch.tensor([[0.2, 0.7, 0.4], [0.9, 0.1, 0.5]], requires_grad=True)
t = torch.tensor([[1.0, 0.0, 1.0], [0.0, 1.0, 0.3]])
w = torch.tensor([0.5, -2.0, 3.0])
m = torch.nn.BCELoss(weight=w)
out = m(x, t)
out
out.backward()
x.grad
x.grad = None
out2 = F.binary_cross_entropy(x, t, weight=torch.tensor([[2.0], [-1.0]]), reduction="sum")
out2
out2.backward()
x.grad
F.binary_cross_entropy(x, t, w, reduction="none")
z = torch.tensor([[-1.5, 0.3, 2.0], [0.0, -0.7, 4.0]], requires_grad=True)
ml = torch.nn.BCEWithLogitsLoss(weight=w)
o3 = ml(z, t)
o3
o3.backward()
z.grad
z.grad = None
o4 = F.binary_cross_entropy_with_logits(z, t, pos_weight=torch.tensor([2.0, 0.5, -1.0]), reduction="sum")
o4
o4.backward()
z.grad
z.grad = None
o5 = F.binary_cross_entropy_with_logits(z, t, weight=torch.tensor([[0.5], [3.0]]), pos_weight=torch.tensor([2.0, 0.5, 1.5]))
o5
o5.backward()
z.grad
ml2 = torch.nn.BCEWithLogitsLoss(pos_weight=torch.tensor([3.0, 1.0, 0.25]), reduction="none")
ml2(z, t)
m.weight
wg = torch.tensor([1.0, 2.0, 0.5], requires_grad=True)
with torch.no_grad():
    F.binary_cross_entropy_with_logits(z, t, weight=wg)
F.binary_cross_entropy_with_logits(z, t, pos_weight=wg)
