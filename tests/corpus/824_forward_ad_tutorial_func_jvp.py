# the forward-mode AD tutorial's torch.func part: jvp of a function of two inputs, of a
# function with a captured input, and of a model's parameters through functional_call
import torch
import torch.nn as nn
from torch.func import jvp, functional_call

torch.manual_seed(0)
primal0 = torch.randn(10, 10)
tangent0 = torch.randn(10, 10)
primal1 = torch.randn(10, 10)
tangent1 = torch.randn(10, 10)

def fn(x, y):
    return x ** 2 + y ** 2

primal_out, tangent_out = jvp(fn, (primal0, primal1), (tangent0, tangent1))
print(tangent_out[0])
print(torch.allclose(tangent_out, 2 * primal0 * tangent0 + 2 * primal1 * tangent1))

primal = torch.randn(10, 10)
tangent = torch.randn(10, 10)
y = torch.randn(10, 10)
new_fn = lambda x: fn(x, y=y)
primal_out, tangent_out = jvp(new_fn, (primal,), (tangent,))
print(tangent_out[:2])

model = nn.Linear(5, 5)
input = torch.randn(16, 5)
params = {name: p.detach() for name, p in model.named_parameters()}
tangents = {name: torch.rand_like(p) for name, p in params.items()}

def func_params_only(params):
    return functional_call(model, params, (input,))

model_output, jvp_out = jvp(func_params_only, (params,), (tangents,))
print(jvp_out[:3])
print(torch.allclose(jvp_out, input @ tangents["weight"].t() + tangents["bias"]))
