# the forward-mode AD tutorial: dual tensors, make_dual / unpack_dual, tangents gone after the level
import torch
import torch.autograd.forward_ad as fwAD

torch.manual_seed(0)
primal = torch.randn(10, 10)
tangent = torch.randn(10, 10)

def fn(x, y):
    return x ** 2 + y ** 2

with fwAD.dual_level():
    dual_input = fwAD.make_dual(primal, tangent)
    assert fwAD.unpack_dual(dual_input).tangent is tangent
    plain_tensor = torch.randn(10, 10)
    dual_output = fn(dual_input, plain_tensor)
    jvp = fwAD.unpack_dual(dual_output).tangent

assert fwAD.unpack_dual(dual_output).tangent is None
print(torch.allclose(jvp, 2 * primal * tangent))
print(jvp[0])

from torch.func import functional_call
import torch.nn as nn
model = nn.Linear(5, 5)
input = torch.randn(16, 5)
params = {name: p for name, p in model.named_parameters()}
tangents = {name: torch.rand_like(p) for name, p in params.items()}
dual_params = {}
with fwAD.dual_level():
    for name, p in params.items():
        dual_params[name] = fwAD.make_dual(p, tangents[name])
    out = functional_call(model, dual_params, input)
    jvp = fwAD.unpack_dual(out).tangent
print(jvp[:2])
print(torch.allclose(jvp, input @ tangents["weight"].t() + tangents["bias"]))
