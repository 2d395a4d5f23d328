"""torch's *_copy functions (torch.expand_copy, torch.t_copy...): what the view function
returns, in fresh memory, under the view's node name with `_copy` (ExpandBackward0_copy)."""
from __future__ import annotations

from gradcli.engine.tensor import Tensor, apply
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor import selecting, shape, strided


def _copied(view_function, input: Tensor, *args, **kwargs):
    """The view function's result(s) made again from `input` by the view ops' copy rows: the
    view runs on a detached alias (so that it records nothing), its steps are read off."""
    alias = input.detach()
    views = view_function(alias, *args, **kwargs)
    results = tuple(_replayed(v, input, len(alias._view_path))
                    for v in (views if isinstance(views, tuple) else (views,)))
    return results if isinstance(views, tuple) else results[0]


def _replayed(view: Tensor, input: Tensor, known: int) -> Tensor:
    steps = view._view_path[known:]
    if not steps:  # the view function gave its input back: torch still copies it
        return apply("copy_alias", (input,))
    out = input
    for op, params in steps:
        out = apply("copy_" + op.name, (out,), **params)
    return out


def _declare(view_function, *signatures: str, method: bool = False):
    def copy(input, *args, **kwargs) -> Tensor:
        return _copied(view_function, input, *args, **kwargs)
    copy.__name__ = signatures[0].split("(", 1)[0]
    torch_function(*signatures, method=method)(copy)
    return copy


alias_copy = _declare(lambda t: apply("alias", (t,)),
                      "alias_copy(Tensor input, *, Tensor out=None)")
view_copy = _declare(
    shape.view,
    "view_copy(Tensor input, ScalarType dtype, *, Tensor out=None)",
    "view_copy(Tensor input, SymIntArrayRef size, *, Tensor out=None)")
expand_copy = _declare(
    lambda t, size, implicit=False: shape.expand(t, size),
    "expand_copy(Tensor input, SymIntArrayRef size, *, bool implicit=False, Tensor out=None)")
permute_copy = _declare(
    lambda t, dims: shape.permute(t, dims),
    "permute_copy(Tensor input, IntArrayRef dims, *, Tensor out=None)")
transpose_copy = _declare(
    shape.transpose,
    "transpose_copy(Tensor input, int64_t dim0, int64_t dim1, *, Tensor out=None)")
t_copy = _declare(shape.t, "t_copy(Tensor input, *, Tensor out=None)")
squeeze_copy = _declare(
    shape.squeeze,
    "squeeze_copy(Tensor input, *, Tensor out=None)",
    "squeeze_copy(Tensor input, int64_t dim, *, Tensor out=None)",
    "squeeze_copy(Tensor input, IntArrayRef dim, *, Tensor out=None)")
unsqueeze_copy = _declare(
    shape.unsqueeze, "unsqueeze_copy(Tensor input, int64_t dim, *, Tensor out=None)")
diagonal_copy = _declare(
    selecting.diagonal,
    "diagonal_copy(Tensor input, int64_t offset=0, int64_t dim1=0, int64_t dim2=1, *, "
    "Tensor out=None)")
unfold_copy = _declare(
    selecting.unfold,
    "unfold_copy(Tensor input, int64_t dimension, int64_t size, int64_t step, *, "
    "Tensor out=None)")
unbind_copy = _declare(
    shape.unbind, "unbind_copy(Tensor input, int64_t dim=0, *, TensorList out=None)")
split_with_sizes_copy = _declare(
    lambda t, split_sizes, dim=0: shape.split(t, list(split_sizes), dim),
    "split_with_sizes_copy(Tensor input, SymIntArrayRef split_sizes, int64_t dim=0, *, "
    "TensorList out=None)")
narrow_copy = _declare(
    shape.narrow,
    "narrow_copy(Tensor input, int64_t dim, SymInt start, SymInt length, *, Tensor out=None)",
    method=True)
as_strided_copy = _declare(
    strided.as_strided,
    "as_strided_copy(Tensor input, SymIntArrayRef size, SymIntArrayRef stride, "
    "SymInt? storage_offset=None, *, Tensor out=None)")
