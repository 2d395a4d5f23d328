"""torch's own signature strings (as signatures.py has them) of sort, topk, erf, atan2, lerp,
addcmul/addcdiv, masked_select, trace, diagonal, nan_to_num, logit,
threshold, mode and unfold; signatures.py merges
them into its tables."""

_ADDC = "(Tensor input, Tensor tensor1, Tensor tensor2, *, Scalar value=1, Tensor out=None)"
_ADDC_DEPRECATED = "(Tensor input, Scalar value, Tensor tensor1, Tensor tensor2)|deprecated"
_ADDC_METHOD = ("(Tensor tensor1, Tensor tensor2, *, Scalar value=1)",
                "(Scalar value, Tensor tensor1, Tensor tensor2)|deprecated")
_LERP_METHOD = ("(Tensor end, Tensor weight)", "(Tensor end, Scalar weight)")

TORCH = {
    "sort": (
        "sort(Tensor input, *, bool? stable, int64_t dim=-1, bool descending=False, "
        "TensorList[2] out=None)",
        "sort(Tensor input, int64_t dim=-1, bool descending=False, *, TensorList[2] out=None)",
    ),
    "argsort": (
        "argsort(Tensor input, *, bool stable, int64_t dim=-1, bool descending=False, "
        "Tensor out=None)",
        "argsort(Tensor input, int64_t dim=-1, bool descending=False)",
    ),
    "msort": ("msort(Tensor input, *, Tensor out=None)",),
    "topk": ("topk(Tensor input, SymInt k, int64_t dim=-1, bool largest=True, bool sorted=True, "
             "*, TensorList[2] out=None)",),
    "erf": ("erf(Tensor input, *, Tensor out=None)",),
    "erfc": ("erfc(Tensor input, *, Tensor out=None)",),
    "atan2": ("atan2(Tensor input, Tensor other, *, Tensor out=None)",),
    "arctan2": ("arctan2(Tensor input, Tensor other, *, Tensor out=None)",),
    "lerp": (
        "lerp(Tensor input, Tensor end, Tensor weight, *, Tensor out=None)",
        "lerp(Tensor input, Tensor end, Scalar weight, *, Tensor out=None)",
    ),
    "addcmul": ("addcmul" + _ADDC, "addcmul" + _ADDC_DEPRECATED),
    "addcdiv": ("addcdiv" + _ADDC, "addcdiv" + _ADDC_DEPRECATED),
    "masked_select": ("masked_select(Tensor input, Tensor mask, *, Tensor out=None)",),
    "trace": ("trace(Tensor input)",),
    "diagonal": ("diagonal(Tensor input, int64_t offset=0, int64_t dim1=0, int64_t dim2=1)",),
    "nan_to_num": ("nan_to_num(Tensor input, double? nan=None, double? posinf=None, "
                   "double? neginf=None, *, Tensor out=None)",),
    "logit": ("logit(Tensor input, double? eps=None, *, Tensor out=None)",),
    "threshold": ("threshold(Tensor input, Scalar threshold, Scalar value, *, "
                  "Tensor out=None)",),
    "threshold_": ("threshold_(Tensor input, Scalar threshold, Scalar value)",),
    "mode": ("mode(Tensor input, int64_t dim=-1, bool keepdim=False, *, "
             "TensorList[2] out=None)",),
    "fmod": ("fmod(Tensor input, Tensor other, *, Tensor out=None)",
             "fmod(Tensor input, Scalar other, *, Tensor out=None)"),
}

METHODS = {
    "sort": (
        "sort(*, bool? stable, int64_t dim=-1, bool descending=False)",
        "sort(int64_t dim=-1, bool descending=False)",
    ),
    "argsort": (
        "argsort(*, bool stable, int64_t dim=-1, bool descending=False)",
        "argsort(int64_t dim=-1, bool descending=False)",
    ),
    "topk": ("topk(SymInt k, int64_t dim=-1, bool largest=True, bool sorted=True)",),
    "atan2": ("atan2(Tensor other)",),
    "arctan2": ("arctan2(Tensor other)",),
    **{name: tuple(name + s for s in _LERP_METHOD) for name in ("lerp", "lerp_")},
    **{name: tuple(name + s for s in _ADDC_METHOD)
       for name in ("addcmul", "addcmul_", "addcdiv", "addcdiv_")},
    "masked_select": ("masked_select(Tensor mask)",),
    "diagonal": ("diagonal(int64_t offset=0, int64_t dim1=0, int64_t dim2=1)",),
    **{name: (f"{name}(double? nan=None, double? posinf=None, double? neginf=None)",)
       for name in ("nan_to_num", "nan_to_num_")},
    "logit": ("logit(double? eps=None)",),
    "mode": ("mode(int64_t dim=-1, bool keepdim=False)",),
    "unfold": ("unfold(int64_t dimension, int64_t size, int64_t step)",),
    **{name: (f"{name}(Tensor other)", f"{name}(Scalar other)") for name in ("fmod", "fmod_")},
}

NOARGS_METHODS = frozenset({"msort", "erf", "erfc", "trace"})
