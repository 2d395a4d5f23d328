"""In-place ops: the wrapper that turns an op into x.op_(...), and fill_/zero_/copy_ (and
torch.fill, fill_'s out-of-place twin)."""
from __future__ import annotations

from gradcli.engine import runtime
from gradcli.engine.errors import TorchError, runtime_error
from gradcli.engine.layout import overlaps
from gradcli.engine.tensor import (
    Tensor,
    apply,
    as_tensor,
    broadcast_shape,
    check_inplace,
    commit_inplace,
)
from gradcli.engine.transforms import check_inplace_in_transforms, repeats_a_captured_write
from gradcli.torch._declare import tensor_method, torch_function
from gradcli.torch._tensor.creation import stream
from gradcli.torch._tensor.pointwise import written_value
from gradcli.torch._tensor.shape import check_expand


def _inplace(fn, name: str):
    """x.name(...): fn's result written into x (`name`: the in-place op's own, `add_`)."""
    def method(self, *args, **kwargs) -> Tensor:
        if runtime.current.transforms:
            others = (*args, *kwargs.values())
            check_inplace_in_transforms(self, others, aten_name(name, args, kwargs), name)
            if repeats_a_captured_write(self, others):
                return self
        check_inplace(self, args)
        if overlaps(self.data) and not _writes_one_value(fn, args):
            raise runtime_error("unsupported operation: more than one element of the "
                                "written-to tensor refers to a single memory location. Please "
                                "clone() the tensor before performing the operation.")
        result = fn(self, *args, **kwargs)
        if result.dtype is not self.dtype and not self.dtype.is_floating_point and \
                result.dtype.is_floating_point:
            raise runtime_error(f"result type {result.dtype.cpp} can't be cast to the desired "
                                f"output type {self.dtype.cpp}")
        written = commit_inplace(self, result)  # the write casts to self's dtype
        if runtime.current.dual is not None:
            runtime.current.dual.after_inplace(self, result)
        return written
    return method


# torch's overload of each in-place op, as functorch's messages name it (aten::add_.Tensor):
# arithmetic always takes the Tensor overload (a number becomes a tensor); these pick the
# Scalar one for a number, clamp's its unnamed one; the rest have a single overload
_ALWAYS_TENSOR = {"add_", "sub_", "mul_", "div_", "floor_divide_"}
_SCALAR_OR_TENSOR = {"pow_", "remainder_", "fmod_", "fill_", "masked_fill_"}
_CLAMPS = {"clamp_", "clamp_min_", "clamp_max_"}


def aten_name(name: str, args: tuple, kwargs: dict) -> str:
    """`aten::add_.Tensor` for x.add_(...) with these arguments."""
    any_tensor = any(isinstance(a, Tensor) for a in (*args, *kwargs.values()))
    if name == "masked_fill_":
        any_tensor = isinstance(args[1] if len(args) > 1 else kwargs.get("value"), Tensor)
    if name in _ALWAYS_TENSOR:
        return f"aten::{name}.Tensor"
    if name in _SCALAR_OR_TENSOR:
        return f"aten::{name}.{'Tensor' if any_tensor else 'Scalar'}"
    if name in _CLAMPS and any_tensor:
        return f"aten::{name}.Tensor"
    return f"aten::{name}"


def _writes_one_value(fn, args) -> bool:
    """fill_(number) and zero_() may write into an expanded tensor; torch refuses the rest."""
    return fn is _zero or fn is _fill and not isinstance(args[0], Tensor)


@tensor_method("fill_(Tensor value)", "fill_(Scalar value)", writes=True)
def _fill(self, value) -> Tensor:
    return _filled(self, value, "")


@torch_function("fill(Tensor input, Tensor value)", "fill(Tensor input, Scalar value)")
def fill(input, value) -> Tensor:
    """A new tensor of input's shape and dtype, full of value (FillBackward0/1)."""
    return _filled(input, value, "_new")


def _filled(input: Tensor, value, row: str) -> Tensor:
    if isinstance(value, Tensor):  # a tensor value is differentiable: FillBackward1/3
        if value.ndim:
            raise runtime_error("fill_ only supports 0-dimension value tensor but got tensor "
                                f"with {value.ndim} dimensions.")
        return apply("fill_tensor" + row, (input, value), input.dtype)
    return apply("fill" + row, (input,), value=written_value(value, input.dtype))


@tensor_method("uniform_(double from=0, double to=1, *, Generator? generator=None)", writes=True)
def _uniform(self, *args, generator=None, **kwargs) -> Tensor:
    """x.uniform_(from=0, to=1): the generator's draws, as nn.init.uniform_'s."""
    low, high = _bounds(args, kwargs, ("from", "to"), (0.0, 1.0))
    if not self.dtype.is_floating_point:
        raise _not_implemented("check_uniform_bounds", self)
    draws = stream(generator).uniform(self.numel(), low, high, self.dtype.name)
    return apply("uniform", (self,), values=draws)


@tensor_method("normal_(double mean=0, double std=1, *, Generator? generator=None)", writes=True)
def _normal(self, *args, generator=None, **kwargs) -> Tensor:
    """x.normal_(mean=0, std=1): the generator's draws, as nn.init.normal_'s."""
    mean, std = _bounds(args, kwargs, ("mean", "std"), (0.0, 1.0))
    if std < 0:
        raise runtime_error(f"normal expects std >= 0.0, but found std {std:g}")
    if not self.dtype.is_floating_point:
        raise _not_implemented("normal_kernel_cpu", self)
    draws = stream(generator).normal(self.numel(), mean, std, self.dtype.name)
    return apply("normal", (self,), values=draws)


def _not_implemented(kernel: str, tensor: Tensor) -> TorchError:
    return TorchError("NotImplementedError",
                      f'"{kernel}" not implemented for \'{tensor.dtype.cpp}\'')


def _bounds(args: tuple, kwargs: dict, names: tuple, defaults: tuple) -> list[float]:
    """Two numbers given by position or by torch's names (`from` is no Python keyword
    argument, but torch's parser takes it)."""
    return [float(args[i]) if i < len(args) else float(kwargs.get(name, default))
            for i, (name, default) in enumerate(zip(names, defaults))]


def _index_put_values(self, values, key) -> Tensor:
    return apply("index_put", (self, values), self.dtype, key=key)


@torch_function("zero_(Tensor input)", method=True, writes=True)
def _zero(self) -> Tensor:
    return apply("zero", (self,))


@tensor_method(
    "copy_(Tensor other, bool non_blocking=False)",
    "copy_(Tensor other, bool async=False)|deprecated",
    writes=True,
)
def _copy(self, other) -> Tensor:
    src = as_tensor(other, self.dtype)
    broadcast_shape(self.data.shape, src.data.shape)  # torch's broadcast message first
    check_expand(src.data.shape, self.data.shape, src.dtype)
    return apply("copy", (self, src), self.dtype)
