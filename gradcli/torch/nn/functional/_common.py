"""What F's topic files share: torch's checks of F's calls of its torch._C._nn builtins
(their signatures in torch/_nn_signatures.py), the reduction enum, the target-size warning,
and torch's Python names for Python's own messages."""
from __future__ import annotations

from gradcli.engine.errors import TorchError, runtime_error, warn
from gradcli.engine.tensor import Tensor
from gradcli.engine.type_names import type_name
from gradcli.torch import _arguments as arguments
from gradcli.torch import _nn_signatures as signatures


def tensor_size(obj):
    """obj.size() as F calls it: an AttributeError for what is not a tensor."""
    if not isinstance(obj, Tensor):
        raise TorchError("AttributeError", f"'{type_name(obj)}' object has no attribute 'size'")
    return obj.shape


def python_name(name: str):
    """Name a function as torch's (Python's messages for a bad call quote it)."""
    def named(fn):
        fn.__name__ = fn.__qualname__ = name
        return fn
    return named


_NN = {name: arguments.Parser(texts) for name, texts in signatures.NN.items()}
_REDUCTIONS = ("none", "mean", "sum")


def check_nn(name: str, *args) -> None:
    """torch's checks of F's call of torch._C._nn.<name>(*args)."""
    _NN[name].arguments(args, {}, None)


def reduction_enum(reduction) -> int:
    """torch's _Reduction.get_enum."""
    if reduction not in _REDUCTIONS:
        raise TorchError("ValueError", f"{reduction} is not a valid value for reduction")
    return _REDUCTIONS.index(reduction)


def check_target_size(input, target) -> None:
    if tensor_size(target) != tensor_size(input):
        warn(f"Using a target size ({target.shape!r}) that is different to the input size "
             f"({input.shape!r}). This will likely lead to incorrect results due to "
             "broadcasting. Please ensure they have the same size.")


def ints(value) -> list[int]:
    """An int or a sequence of them, as a list."""
    return [int(v) for v in value] if isinstance(value, (tuple, list)) else [int(value)]


def check_pool_input(input, n: int, wrong_dims: str, empty_dim: str) -> None:
    """ATen's usual checks of an n-D pooling's input: n + 1 or n + 2 dims, else `wrong_dims`;
    no empty dim but the first, else `empty_dim` (each formatted with {shape}, {dim})."""
    if input.ndim not in (n + 1, n + 2):
        raise runtime_error(wrong_dims.format(shape=list(input.shape)))
    for d in range(1, input.ndim):
        if input.shape[d] == 0:
            raise runtime_error(empty_dim.format(shape=list(input.shape), dim=d))
