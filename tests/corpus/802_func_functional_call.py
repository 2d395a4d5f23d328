import torch
import torch.nn as nn
from torch.func import functional_call, grad
# functional_call with a small model, and grad over its parameters (dict-shaped gradients)
torch.manual_seed(0)
model = nn.Linear(3, 1)
x = torch.randn(4, 3)
t = torch.randn(4, 1)
params = {k: v.detach() for k, v in model.named_parameters()}
print(functional_call(model, params, (x,)))
print(functional_call(model, params, x).shape)
def compute_loss(params, x, t):
    y = functional_call(model, params, (x,))
    return nn.functional.mse_loss(y, t)
grad_weights = grad(compute_loss)(params, x, t)
print(grad_weights)
print(grad_weights['weight'].grad_fn)
print(model.weight.grad)
zeros = {'weight': torch.zeros(1, 3)}
print(functional_call(model, zeros, (x,)))
print(model.weight)
try:
    functional_call(model, zeros, (x,), strict=True)
except RuntimeError as e:
    print(e)
try:
    functional_call(lambda x: x, {}, (torch.ones(1),))
except AttributeError as e:
    print(e)
m = model
try:
    functional_call(m, [1], (torch.ones(1, 3),))
except ValueError as e:
    print(e)
try:
    functional_call(m, {'weight': 3.0}, (torch.ones(1, 3),))
except TypeError as e:
    print(e)
print(functional_call(m, {}, torch.ones(1, 3)).shape)
print(functional_call(m, {"weight": torch.ones(1, 3), "bias": torch.zeros(1)}, args=(), kwargs={"input": torch.ones(1, 3)}))
