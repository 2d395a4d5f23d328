import torch
import torch.nn as nn
from torch.func import functional_call, grad_and_value
# a training loop written with torch.func: the parameters are a dict the loop replaces
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(2, 3), nn.Tanh(), nn.Linear(3, 1))
x = torch.randn(5, 2)
y = torch.randn(5, 1)
params = {k: v.detach() for k, v in model.named_parameters()}
def loss_fn(params, x, y):
    return ((functional_call(model, params, (x,)) - y) ** 2).mean()
for step in range(3):
    grads, loss = grad_and_value(loss_fn)(params, x, y)
    params = {k: p - 0.1 * grads[k] for k, p in params.items()}
    print(step, loss)
print(params['2.bias'], model[2].bias)
print(list(grads))
