import torch
from torch.func import grad, grad_and_value
# the torch.func.grad docs example for has_aux
torch.manual_seed(0)
def my_loss_func(y, y_pred):
    loss_per_sample = (0.5 * y_pred - y) ** 2
    loss = loss_per_sample.mean()
    return loss, (y_pred, loss_per_sample)
fn = grad(my_loss_func, argnums=(0, 1), has_aux=True)
y_true = torch.rand(4)
y_preds = torch.rand(4, requires_grad=True)
out = fn(y_true, y_preds)
print(out)
(g_true, g_pred), (pred, per_sample) = out
print(g_true.grad_fn.name(), g_pred.grad_fn.name(), pred is y_preds, y_preds.grad)
print(grad_and_value(lambda x: ((x ** 2).sum(), x.mean()), has_aux=True)(torch.tensor([1.0, 2.0])))
