# torch.native_layer_norm / native_batch_norm / native_group_norm (with their statistics), torch.quantile / nanquantile (five interpolations, a q tensor) and torch.gradient (numbers or coordinates as spacing, edge orders 1 and 2): values, gradients, grad_fns, errors
import torch
x = torch.tensor([[[0.5, -1.2, 2.0], [1.5, 0.3, -0.7]], [[0.1, 0.9, -0.4], [2.2, -1.0, 0.6]]], requires_grad=True)
w = torch.tensor([0.5, 1.5, -1.0], requires_grad=True)
bias = torch.tensor([0.1, -0.2, 0.3], requires_grad=True)
out, mean, rstd = torch.native_layer_norm(x, (3,), w, bias, 1e-5)
out
mean
rstd
out.grad_fn
rm, rv = torch.zeros(2), torch.ones(2)
cw = torch.tensor([2.0, -0.5], requires_grad=True)
bn = torch.native_batch_norm(x, cw, None, rm, rv, True, 0.1, 1e-5)
bn
rm
rv
ev = torch.native_batch_norm(x, None, None, rm, rv, False, 0.1, 1e-5)
ev
gn, gmean, grstd = torch.native_group_norm(x, cw, None, 2, 2, 3, 2, 0.5)
gn
gmean
grstd
loss = (out * out).sum() + (bn[0] ** 3).sum() + ev[0].sum() + gn.sin().sum() + (gmean * 2).sum() + (grstd * 3).sum()
loss.backward()
x.grad
w.grad
bias.grad
cw.grad
y = torch.tensor([[3.0, 1.0, 2.0, 5.0], [0.5, 4.0, -1.0, 2.0], [2.5, 0.0, 1.5, -3.0]], requires_grad=True)
q = [torch.quantile(y, 0.3), torch.quantile(y, 0.6, dim=1), y.quantile(0.25, dim=0, keepdim=True),
     torch.quantile(y, 0.4, interpolation="lower"), torch.quantile(y, 0.4, dim=1, interpolation="higher"),
     torch.quantile(y, 0.55, dim=0, interpolation="nearest"), torch.quantile(y, 0.7, interpolation="midpoint"),
     torch.quantile(y, torch.tensor([0.1, 0.5, 0.9]), dim=1)]
q
[t.grad_fn.name() for t in q]
nan_rows = torch.tensor([[1.0, float("nan"), 3.0], [4.0, 2.0, 6.0]])
torch.quantile(nan_rows, 0.5, dim=1)
torch.nanquantile(nan_rows, torch.tensor([0.0, 0.5]), dim=1)
sum((t * t).sum() for t in q).backward()
y.grad
z = torch.tensor([[1.0, 2.0, 4.0, 7.0], [0.0, 3.0, 1.0, 2.0], [5.0, 5.0, 6.0, 9.0]], requires_grad=True)
g1 = torch.gradient(z)
g1
g2 = torch.gradient(z, spacing=2.0, dim=1, edge_order=2)
g2
g3 = torch.gradient(z, spacing=[torch.tensor([0.0, 1.5, 4.0])], dim=0, edge_order=2)
g3
g4 = torch.gradient(z, spacing=[0.5, 2.0])
g4
g1[0].grad_fn
sum((t * t).sum() for t in (*g1, *g2, *g3, *g4)).backward()
z.grad
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: torch.quantile(y, 1.5))
err(lambda: torch.quantile(y.long(), 0.5))
err(lambda: torch.quantile(y, 0.5, interpolation="cubic"))
err(lambda: torch.gradient(z, edge_order=3))
err(lambda: torch.gradient(z, spacing=[1.0, 2.0, 3.0]))
err(lambda: torch.gradient(torch.ones(1, 3)))
