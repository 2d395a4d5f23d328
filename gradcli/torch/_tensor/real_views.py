"""torch's complex-number functions on the real tensors gradcli has: real, conj, conj_physical,
resolve_conj and resolve_neg give their input itself back (no node), as torch's do for a real
dtype; imag refuses it; a real tensor is never a conjugate or negative view (is_conj,
is_neg)."""
from __future__ import annotations

from gradcli.engine.errors import runtime_error
from gradcli.engine.tensor import Tensor
from gradcli.torch._declare import tensor_method, torch_function


def _itself(input: Tensor) -> Tensor:
    return input


# x.real is a property (the sessions' attribute table); torch.real the function
torch_function("real(Tensor input)")(_itself)
for _name in ("conj", "resolve_conj", "resolve_neg"):
    torch_function(f"{_name}(Tensor input)", method=True)(_itself)
torch_function("conj_physical(Tensor input, *, Tensor out=None)", method=True)(_itself)


@torch_function("imag(Tensor input)")
def imag(input: Tensor) -> Tensor:
    raise runtime_error("imag is not implemented for tensors with non-complex dtypes.")


@tensor_method("is_conj()")
@tensor_method("is_neg()")
def _never(input: Tensor) -> bool:
    return False
