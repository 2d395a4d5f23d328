"""torch.special: its own functions (the scaled Bessel functions, the normal distribution's
ndtr, ndtri and log_ndtr, erfcx, entr, xlog1py) and its aliases of torch's (expit is sigmoid,
psi is digamma, gammaln is lgamma, ...), each under torch's `special_*` signature."""
from __future__ import annotations

import math

from gradcli.engine.tensor import Tensor, apply
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor import pointwise as P
from gradcli.torch._tensor import reductions as R
from gradcli.torch._tensor import special_functions as SF
from gradcli.torch._tensor.pointwise import float_input

SPECIAL = "torch.special"


def _special(signature: str, fn) -> None:
    """Declare fn as torch.special.<name>, `signature` being torch's special_<name>(...)."""
    torch_function(signature, name=signature.split("(")[0].removeprefix("special_"),
                   namespace=SPECIAL)(fn)


def _float_unary(name: str):
    def fn(input) -> Tensor:
        return apply(name, (input,), float_input(input))
    fn.__name__ = name
    return fn


for _name in ("i0e", "i1", "i1e", "ndtri", "log_ndtr", "erfcx", "entr"):
    _special(f"special_{_name}(Tensor input, *, Tensor out=None)", _float_unary(_name))


def ndtr(input) -> Tensor:
    """The standard normal distribution's CDF, composed as torch's:
    (1 + erf(x * M_SQRT1_2)) * 0.5 (MulBackward1, AddBackward1, ErfBackward0, MulBackward1)."""
    x = apply("mul_scalar", (input,), float_input(input), other=math.sqrt(0.5))
    return apply("mul_scalar", (apply("add_scalar", (SF.erf(x),), other=1),), other=0.5)


_special("special_ndtr(Tensor input, *, Tensor out=None)", ndtr)


def _binary(name: str) -> tuple[str, ...]:
    return (f"special_{name}(Tensor input, Tensor other, *, Tensor out=None)",
            f"special_{name}(Scalar self, Tensor other, *, Tensor out=None)",
            f"special_{name}(Tensor input, Scalar other, *, Tensor out=None)")


torch_function(*_binary("xlog1py"), name="xlog1py", namespace=SPECIAL)(SF.xlog1py)
torch_function(*_binary("xlogy"), name="xlogy", namespace=SPECIAL)(SF.xlogy)

# ---- torch's own functions under torch.special's names --------------------------------
for _name, _fn in (("expit", P.sigmoid), ("erf", SF.erf), ("erfc", SF.erfc),
                   ("erfinv", SF.erfinv), ("digamma", SF.digamma), ("psi", SF.digamma),
                   ("gammaln", SF.lgamma), ("i0", SF.i0), ("sinc", SF.sinc),
                   ("log1p", P.log1p), ("expm1", P.expm1), ("exp2", SF.exp2)):
    _special(f"special_{_name}(Tensor input, *, Tensor out=None)", _fn)
_special("special_logit(Tensor input, double? eps=None, *, Tensor out=None)", SF.logit)
_special("special_round(Tensor input, *, int64_t decimals=0, Tensor out=None)", P.round)
_special("special_polygamma(int64_t n, Tensor input, *, Tensor out=None)", SF.polygamma)
_special("special_multigammaln(Tensor input, int64_t p, *, Tensor out=None)", SF.mvlgamma)
_special("special_softmax(Tensor input, int64_t dim, ScalarType? dtype=None)", R.softmax)
_special("special_log_softmax(Tensor input, int64_t dim, *, ScalarType? dtype=None)",
         R.log_softmax)
_special("special_logsumexp(Tensor input, IntArrayRef[1] dim, bool keepdim=False, *, "
         "Tensor out=None)", R.logsumexp)
