"""torch.nn.functional's linear and bilinear over Tensors (and torch.bilinear): torch's
checks, in torch's order, then the ops torch records (AddmmBackward0, TrilinearBackward0)."""
from __future__ import annotations

from gradcli.engine.errors import runtime_error
from gradcli.engine.tensor import apply
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor import linalg, shape
from gradcli.torch._tensor import pointwise as elementwise
from gradcli.torch.nn.functional._common import python_name


@torch_function(
    "linear(Tensor input, Tensor weight, Tensor? bias=None, *, Tensor out=None)",
    namespace="torch.nn.functional",
)
def linear(input, weight, bias=None):
    wt = shape.t(weight)
    if bias is None:
        return linalg.matmul(input, wt)
    # torch folds any other input to 2-D around one addmm: View(Addmm(bias, View(x), T(W)))
    flat = input if input.ndim == 2 else shape.reshape(input, -1, input.data.shape[-1])
    out = linalg.addmm(bias, flat, wt)
    return out if input.ndim == 2 else shape.view(out, *input.data.shape[:-1], out.data.shape[-1])


@torch_function("bilinear(Tensor input1, Tensor input2, Tensor weight, Tensor? bias=None)")
@torch_function(
    "bilinear(Tensor input1, Tensor input2, Tensor weight, Tensor? bias=None)",
    namespace="torch.nn.functional",
)
@python_name("bilinear")
def bilinear(input1, input2, weight, bias=None):
    """torch.bilinear: ATen's checks in its order, then _trilinear on the inputs flattened to
    2-D (View(Trilinear)), and the bias added (AddBackward0)."""
    _check_bilinear(input1, input2, weight, bias)
    in1, in2 = input1.data.shape[-1], input2.data.shape[-1]
    flat1 = shape.reshape(input1, -1, in1)
    flat2 = shape.reshape(input2, -1, in2)
    out = apply("trilinear", (flat1, weight, flat2), expand1=(1, 3), expand2=(0,),
                expand3=(1, 2), sumdim=(2, 3))
    out = shape.view(out, *input1.data.shape[:-1], weight.data.shape[0])
    return out if bias is None else elementwise.add(out, bias)


def _check_bilinear(input1, input2, weight, bias) -> None:
    tensors = {"input1": input1, "input2": input2, "weight": weight}
    if bias is not None:
        tensors["bias"] = bias
    if len({t.dtype for t in tensors.values()}) > 1:
        named = ", ".join(f"{name}: {t.dtype.c}" for name, t in tensors.items())
        raise runtime_error(f"All tensors must have the same dtype, got {named}")
    if input1.ndim != input2.ndim:
        raise runtime_error(f"bilinear(): input dimensions do not match: got {input1.ndim} "
                            f"and {input2.ndim}")
    for dim in range(input1.ndim - 1):
        size1, size2 = input1.data.shape[dim], input2.data.shape[dim]
        if size1 != size2:
            raise runtime_error(f"bilinear(): input batch dimensions do not match at dim "
                                f"{dim}: got {size1} and {size2}")
    sizes = [weight.size(d) for d in range(3)]  # torch's IndexError for a weight of < 3 dims
    for name, given, want in (("input1", input1, sizes[1]), ("input2", input2, sizes[2])):
        if given.data.shape[-1] != want:
            raise runtime_error(f"bilinear(): {name} size does not match weight size: got "
                                f"{given.data.shape[-1]} but expected {want}")
    if bias is not None and bias.size(0) != sizes[0]:
        raise runtime_error(f"bilinear(): bias size does not match weight size: got "
                            f"{bias.size(0)} but expected {sizes[0]}")
