"""Tensor: numpy data with PyTorch's autograd semantics. Every op goes through `apply`."""
from __future__ import annotations

import math
import weakref
from itertools import repeat
from operator import attrgetter, is_not
from types import SimpleNamespace

import numpy as np

from . import dtypes, promotion, runtime, trace, transforms
from .autograd import AccumulateGrad, Meta, Node, Saved, pack_saved
from .dtypes import DType
from .errors import index_error, runtime_error, type_error, value_error, warn
from .layout import (
    PRESERVE_FORMAT,
    MemoryFormat,
    contiguous,
    elementwise_layout,
    laid_out,
)
from .limits import TENSOR_OVERHEAD
from .ops import KEEPS_LAYOUT, OPS, VIEWS
from .runtime import TICK_EVERY
from .storage import (
    INFERENCE_REQUIRES_GRAD,
    INFERENCE_SAVED,
    InferenceStorage,
    Storage,
)


class Size(tuple):
    """torch.Size."""

    __module__ = "torch"  # the class prints as PyTorch's: <class 'torch.Size'>

    def __repr__(self) -> str:
        return f"torch.Size([{', '.join(map(str, self))}])"

    __str__ = __repr__

    def numel(self) -> int:
        return math.prod(self)


NONLEAF_GRAD_WARNING = (
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
    "attribute won't be populated during autograd.backward(). If you indeed want the .grad "
    "field to be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. If "
    "you access the non-leaf Tensor by mistake, make sure you access the leaf Tensor instead. "
    "See github.com/pytorch/pytorch/pull/30531 for more information.")
SCALAR_WARNING = ("Converting a tensor with requires_grad=True to a scalar may lead to unexpected "
                  "behavior.\nConsider using tensor.detach() first.")
LEAF_INPLACE = "a leaf Variable that requires grad is being used in an in-place operation."
VIEW_INPLACE = ("a view of a leaf Variable that requires grad is being used in an in-place "
                "operation.")


def apply(op_name: str, inputs: tuple, dtype: DType | None = None, **params) -> Tensor:
    """Run one op forward; record a graph node (and a trace entry) when gradients flow."""
    op = OPS[op_name]
    arrays = list(map(_DATA, inputs))  # (no comprehension: each one is a function made)
    if dtype is not None:
        want = dtype.np  # (a dtype is its one object: `is` settles the usual case)
        for d in arrays:
            if d.dtype is not want and d.dtype != want:
                arrays = [a if a.dtype == want else a.astype(want) for a in arrays]
                break
    out = op.forward(*arrays, **params)
    if type(out) is not np.ndarray:  # (a 0-d result is a numpy scalar)
        out = np.asarray(out)
    state = runtime.current
    if out.size > state.limits.max_elements:
        state.limits.check_elements(out.size)
    if op_name in KEEPS_LAYOUT:
        if out.ndim >= 2 or not out.flags.c_contiguous:
            out = elementwise_layout(out, arrays)
    elif op_name not in VIEWS:
        out = contiguous(out)
    result = Tensor(out)
    if op_name in VIEWS:
        source = inputs[0]
        result._storage = source._storage
        result._base = source if source._base is None else source._base
        result._view_path = source._view_path + ((op, params),)
        if source._multi_output is not None:  # a view of an unbind/split piece
            result._multi_output = 0
        result._view_made_in = "inference" if state.inference_mode else \
            source._view_made_in if state.grad_enabled else "no_grad"
        result._view_version = source._storage.version  # (its grad_fn's, if it gets one)
    if state.transforms:
        transforms.inherit(result, inputs)
    if state.dual is not None and state.dual.tangents:  # forward AD: push the tangents
        state.dual.propagate(op_name, inputs, dtype, params, result)
    if state.grad_enabled and _any_requires_grad(inputs):
        result._requires_grad = True
        node = _make_node(op, inputs, arrays, out, result, params or _NO_PARAMS)
        result._grad_fn, result._view_version = node, result._storage.version  # (the setter)
        if state.saved_hooks and node.saved_refs:
            pack_saved(node, lambda ref: result if ref.index < 0 else ref.tensor)
        if state.tracing:
            result._record = node.record = trace.op_record(op, inputs, params, result)
    elif state.forward_recorder is not None:  # a custom Function's forward, for the check
        state.forward_recorder.record(op, inputs, params, result)
    return result


def _any_requires_grad(inputs) -> bool:
    for t in inputs:
        # (the property's answer, read from the fields when they settle it: most tensors)
        if t._requires_grad or (t._base is not None and t.requires_grad):
            return True
    return False


_NO_PARAMS: dict = {}  # shared by the nodes of ops without params (most): never written
_DATA, _SHAPE, _DTYPE = attrgetter("data"), attrgetter("shape"), attrgetter("data.dtype")


def _make_node(op, inputs, arrays, out, result, params) -> Node:
    metas = _metas(arrays, inputs)
    m, shape = metas[0], out.shape  # (an elementwise op's output is its first input's Meta)
    out_meta = m if m.shape == shape and m.dtype is out.dtype else meta(shape, out.dtype)
    edges = []  # (edge(t), read from the fields for a tensor that is no view: most)
    for t in inputs:
        if t._base is not None:
            edges.append(edge(t))
        elif not t._requires_grad:
            edges.append(None)
        else:
            edges.append(t._grad_fn if t._grad_fn is not None else accumulator(t))
    edges = tuple(edges)
    # (its shape tuple is shared, not one per node)
    node = Node(op, params, edges, metas, (), (), out_meta.shape)
    if not op.reads:
        return node
    # What torch saves: what the gradients of the inputs that require grad read, and nothing
    # else. What is saved is version-checked, and freed after a backward. (The VJP computes
    # the gradients of the other inputs too, then dropped: from zeros where they read values
    # that were not saved.)
    real = op.saves(tuple(map(is_not, edges, _NONES)))
    saved_inputs, refs = [], []
    for letter, a, t, m in zip("abcd", arrays, inputs, metas):  # (only four can be read)
        if letter in real:
            if t._storage.inference and not runtime.current.inference_mode:
                raise runtime_error(INFERENCE_SAVED)
            # torch saves the input itself, even when the op computed on a cast copy (a later
            # write through .data shows in the gradient): the VJP gets it cast again
            saved_inputs.append(t.data)
            number = runtime.current.number_saves.get(t)  # (a wrapped number's: made once)
            refs.append(number[len(saved_inputs) - 1] if number else
                        Saved(t._storage, t, None, len(saved_inputs) - 1))
            if a is not t.data:
                node.cast = a.dtype
        else:  # (the input's Meta is the array's, unless the op computed on a cast copy)
            saved_inputs.append(_unsaved(a if a is not t.data else m, letter in op.reads))
    if len(arrays) > 4:
        saved_inputs += [meta(a.shape, a.dtype) for a in arrays[4:]]
    if "o" in real:
        refs.append(Saved(result._storage, None, node, -1))
    node.saved = (tuple(saved_inputs), out if "o" in real else
                  out_meta.zeros() if "o" in op.reads else out_meta)
    node.saved_refs = tuple(refs)
    node.frees = bool(real)
    return node


def _unsaved(a: np.ndarray | Meta, read: bool):
    m = a if type(a) is Meta else meta(a.shape, a.dtype)
    return m.zeros() if read else m


_METAS: dict = {}
_INPUT_METAS: dict = {}
_NONES = repeat(None)  # (map(is_not, edges, _NONES): which edges there are, without a loop)


def _metas(arrays, inputs) -> tuple:
    """The Metas of an op's inputs (the shape it computed on, the input's own dtype), one
    tuple shared by every node of the same shapes and dtypes (a graph repeats a few)."""
    if len(arrays) == 2:  # (the key of the usual cases, spelled out: no maps to make)
        key = (arrays[0].shape, arrays[1].shape, inputs[0].data.dtype, inputs[1].data.dtype)
    elif len(arrays) == 1:
        key = (arrays[0].shape, inputs[0].data.dtype)
    else:
        key = (*map(_SHAPE, arrays), *map(_DTYPE, inputs))
    metas = _INPUT_METAS.get(key)
    if metas is None:
        if len(_INPUT_METAS) > 4096:  # (a bound, for sessions of ever new shapes)
            _INPUT_METAS.clear()
        n = len(arrays)
        metas = _INPUT_METAS[key] = tuple(map(meta, key[:n], key[n:]))
    return metas


def meta(shape: tuple, dtype) -> Meta:
    """The Meta of a shape and dtype, shared (graphs repeat a few shapes: one object each)."""
    m = _METAS.get((shape, dtype))
    if m is None:
        if len(_METAS) > 4096:  # (a bound, for sessions of ever new shapes)
            _METAS.clear()
        m = _METAS[shape, dtype] = Meta(shape, dtype)
    return m


def edge(t):
    """The node a gradient for t goes to: its grad_fn, or its leaf's AccumulateGrad."""
    if not t.requires_grad:
        return None
    return t.grad_fn if t.grad_fn is not None else accumulator(t)


def accumulator(t) -> AccumulateGrad:
    if t._accumulator is None:
        t._accumulator = AccumulateGrad(t)
    return t._accumulator


def as_tensor(v, dtype: DType | None = None) -> Tensor:
    """A Python number (or a tensor) as an operand of `dtype`: torch's wrapped numbers."""
    if isinstance(v, Tensor):
        return v
    if isinstance(v, (bool, int, float)):
        return wrapped_number(v, (dtype or promotion.scalar_dtype(v)).np)
    raise type_error(f"unsupported operand type: '{type(v).__name__}'")


def wrapped_number(v: bool | int | float, np_dtype) -> Tensor:
    """The operand tensor of a Python number, shared by the session's ops that use the same
    number (`y * 1.01` in a loop makes one, not one per step); read-only, as nothing may write
    it. Kept by the session's Runtime: a process-wide one carried one session's inference mode
    into the next ("Inference tensors cannot be saved" for `x ** 2`)."""
    state = runtime.current
    key = (type(v), v, v or math.copysign(1.0, v), np_dtype)  # (0.0 and -0.0 are different)
    t = state.wrapped_numbers.get(key)
    if t is None:
        if len(state.wrapped_numbers) > 1024:  # (a bound, for sessions of ever new numbers)
            state.wrapped_numbers.clear()
            state.number_saves.clear()
        data = np.asarray(v, dtype=np_dtype)  # 1e300 as float32 is inf, as torch
        data.flags.writeable = False
        t = state.wrapped_numbers[key] = Tensor(data)
        t._storage = Storage()  # a number, never an inference tensor, whichever mode used it first
        state.number_saves[t] = tuple(Saved(t._storage, t, None, i) for i in range(3))
    return t


def broadcast_shape(a, b) -> tuple:
    sa, sb = tuple(a), tuple(b)
    if sa == sb or not sb:  # (the usual cases, on every binary op)
        return sa
    n = max(len(sa), len(sb))
    pa, pb = (1,) * (n - len(sa)) + sa, (1,) * (n - len(sb)) + sb
    for i in reversed(range(n)):
        if pa[i] != pb[i] and pa[i] != 1 and pb[i] != 1:
            raise runtime_error(f"The size of tensor a ({pa[i]}) must match the size of tensor b "
                                f"({pb[i]}) at non-singleton dimension {i}")
    return tuple(max(x, y) for x, y in zip(pa, pb))


def normalize_dim(dim, ndim: int) -> int:
    lo, hi = (-ndim, ndim - 1) if ndim else (-1, 0)
    if not isinstance(dim, int) or isinstance(dim, bool):
        raise type_error(f"dim must be an int, not {type(dim).__name__}")
    if dim < lo or dim > hi:
        raise index_error(f"Dimension out of range (expected to be in range of [{lo}, {hi}], "
                          f"but got {dim})")
    return dim % ndim if ndim else 0


def shape_args(args) -> tuple:
    if len(args) == 1 and isinstance(args[0], (tuple, list)):
        args = tuple(args[0])
    for s in args:
        if not isinstance(s, int) or isinstance(s, bool):
            raise type_error(f"expected a sequence of integers, but got {type(s).__name__}")
    return tuple(args)


class Tensor:
    __slots__ = ("data", "_requires_grad", "_grad", "_grad_fn", "_storage", "_base",
                 "_view_path", "_view_version", "_multi_output", "_hooks", "_record",
                 "_accumulator", "_bypass", "_view_made_in", "__weakref__")
    __hash__ = object.__hash__

    def __init__(self, data: np.ndarray, requires_grad: bool = False):
        state = runtime.current
        # the memory limit and the clock: two adds and compares, on every op
        meter = state.memory
        meter.since_check += data.nbytes + TENSOR_OVERHEAD
        if meter.since_check > meter.interval:
            meter.check()
        state.ticks += 1
        if not state.ticks & TICK_EVERY:
            state.check_clock()
        if state.transforms:
            transforms.note_birth(self)
        self.data = data
        self._requires_grad = requires_grad
        self._grad = None
        self._grad_fn = None
        self._storage = InferenceStorage() if state.inference_mode else Storage()
        self._base = None
        self._view_path = ()  # the view ops (op, params) that make this tensor from _base
        self._view_version = 0  # the version of the memory when a view's grad_fn was set
        # for the pieces of unbind/split (and views of them), which output they are: torch
        # refuses in-place writes to them
        self._multi_output = None
        self._hooks = None
        self._record = None
        self._accumulator = None
        self._bypass = False  # `.data` aliases write without bumping the version, as torch
        # a view made under no_grad or inference_mode (or a view of one): "no_grad",
        # "inference", else None. torch refuses to write it in place with grad mode on.
        self._view_made_in = None

    # ---- attributes -----------------------------------------------------------------
    @property
    def grad_fn(self):
        if self._base is not None and self._view_version != self._storage.version:
            self._rebase_view()
        return self._grad_fn

    @grad_fn.setter
    def grad_fn(self, node) -> None:
        self._grad_fn = node
        self._view_version = self._storage.version

    def _rebase_view(self) -> None:
        """A view whose memory was written through its base or another view: like torch, its
        grad_fn becomes AsStridedBackward0 of the base's current graph, once asked for."""
        if self._grad_fn is None and not self._base.requires_grad:
            self._view_version = self._storage.version
            return
        if self._view_made_in is not None:
            raise runtime_error(_view_made_in_message(self, self._grad_fn, indirect=True))
        self._view_version = self._storage.version
        # the node, whatever the grad mode, even when the base needs no gradient (torch's is
        # then an AsStridedBackward0 that leads nowhere); the view's data stays a view
        op, params = OPS["as_strided"], {"positions": _positions_in_base(self._base,
                                                                         self._view_path)}
        values = Tensor(op.forward(self._base.data, **params))
        node = _make_node(op, (self._base,), (self._base.data,), values.data, values, params)
        _move_retain_grad(self, node)
        self._grad_fn = node
        self._requires_grad = True
        tracing = runtime.current.tracing
        self._record = trace.op_record(op, (self._base,), params, values) if tracing else None

    @property
    def requires_grad(self) -> bool:
        if self._requires_grad or self._base is None:
            return self._requires_grad
        # torch: a view requires grad when its base does, even one made under no_grad
        return self.grad_fn is not None or self._base.requires_grad

    @requires_grad.setter
    def requires_grad(self, flag) -> None:
        self._requires_grad = flag

    @property
    def dtype(self) -> DType:
        return dtypes.of_array(self.data)

    @property
    def shape(self) -> Size:
        return Size(self.data.shape)

    @property
    def ndim(self) -> int:
        return self.data.ndim

    @property
    def is_leaf(self) -> bool:
        return self.grad_fn is None

    @property
    def retains_grad(self) -> bool:
        return self.grad_fn is not None and self.grad_fn.retained is self

    @property
    def _version(self) -> int:
        return self._storage.version

    @property
    def grad(self):
        if self.grad_fn is not None and self.grad_fn.retained is not self and self._grad is None:
            warn(NONLEAF_GRAD_WARNING)
        return self._grad

    def set_grad(self, value) -> None:
        if value is not None:
            if not isinstance(value, Tensor):
                raise type_error("assigned grad expected to be a Tensor or None but got grad of "
                                 f"type {type(value).__name__}")
            if value.data.shape != self.data.shape:
                raise runtime_error(
                    f"attempting to assign a gradient of size '{list(value.data.shape)}' to a "
                    f"tensor of size '{list(self.data.shape)}'. Please ensure that the gradient "
                    "and the tensor are the same size")
            if value.dtype is not self.dtype:
                raise runtime_error(
                    f"attempting to assign a gradient with dtype '{value.dtype.c}' to a tensor "
                    f"with grad_dtype '{self.dtype.cpp}'. The gradient must match the tensor's "
                    "grad_dtype (defaults to the tensor's dtype). You can set the tensor's "
                    "grad_dtype attribute with a specific dtype, or None to allow any dtype. Set "
                    "grad_dtype with caution. Diverging the dtypes of a tensor and its gradient "
                    "may break downstream systems that assume they match.")
        self._grad = value

    def set_requires_grad(self, flag) -> None:
        """`t.requires_grad = flag` (the attribute form; its messages differ from the method's)."""
        if not isinstance(flag, bool):
            raise runtime_error("requires_grad must be a bool")
        if self.grad_fn is not None:
            if flag:
                raise runtime_error("you can only change requires_grad flags of leaf variables.")
            raise runtime_error(_NONLEAF_REQUIRES_GRAD)
        if flag and not self.dtype.is_floating_point:
            raise runtime_error("only Tensors of floating point and complex dtype can require "
                                "gradients")
        self._check_inference(flag)
        self._requires_grad = flag

    def requires_grad_(self, requires_grad: bool = True) -> Tensor:
        if self.grad_fn is not None:
            if not requires_grad:
                raise runtime_error(_NONLEAF_REQUIRES_GRAD)
            return self
        if requires_grad and not self.dtype.is_floating_point:
            raise runtime_error("only Tensors of floating point dtype can require gradients")
        self._check_inference(requires_grad)
        self._requires_grad = bool(requires_grad)
        return self

    def _check_inference(self, requires_grad) -> None:
        if requires_grad and self._storage.inference and not runtime.current.inference_mode:
            raise runtime_error(INFERENCE_REQUIRES_GRAD)

    def is_inference(self) -> bool:
        """Whether the tensor was made under torch.inference_mode() (or is a view of one)."""
        return self._storage.inference

    def set_data(self, value) -> None:
        if not isinstance(value, Tensor):
            raise type_error("Variable data has to be a tensor, but got "
                             f"{type(value).__name__}")
        self.data = value.data
        self._record = None

    @property
    def alias(self) -> Tensor:
        """`t.data`: same memory, no graph, and writes through it are invisible to autograd."""
        t = Tensor(self.data)
        t._storage, t._bypass = self._storage, True
        return t

    # ---- autograd -------------------------------------------------------------------
    # (backward is installed by api.methods, with the other methods the torch API defines)
    def retain_grad(self) -> None:
        if not self.requires_grad:
            raise runtime_error("can't retain_grad on Tensor that has requires_grad=False")
        if self.grad_fn is not None:
            self.grad_fn.retained = self

    def register_hook(self, hook):
        if not self.requires_grad:
            raise runtime_error("cannot register a hook on a tensor that doesn't require gradient")
        if self.grad_fn is None:
            hooks = self._hooks = self._hooks or []
        else:
            hooks = self.grad_fn.pre_hooks = self.grad_fn.pre_hooks or []
            self.grad_fn.owner = weakref.ref(self)  # for naming it in the check
        hooks.append(hook)
        return RemovableHandle(hooks, hook)

    def detach(self) -> Tensor:
        t = Tensor(self.data)
        t._storage = self._storage  # shares memory and version counter, as torch
        if runtime.current.transforms:
            transforms.inherit(t, (self,))
        return t

    def detach_(self) -> Tensor:
        if self._base is not None:  # any view, even of a tensor without grad, as torch
            raise runtime_error(_DETACH_VIEW)
        self.grad_fn, self._requires_grad, self._record = None, False, None
        return self

    def clone(self, memory_format: MemoryFormat = PRESERVE_FORMAT) -> Tensor:
        result = apply("clone", (self,))
        result.data = laid_out(result.data, memory_format)  # (a fresh tensor's own memory)
        return result

    def zero_(self) -> Tensor:
        return self.fill_(0)

    # ---- values ---------------------------------------------------------------------
    def item(self):
        transforms.check_python_value(self, transforms.ITEM)
        if self.data.size != 1:
            raise runtime_error(f"a Tensor with {self.data.size} elements cannot be converted "
                                "to Scalar")
        return self.data.reshape(()).item()

    def tolist(self):
        transforms.check_python_value(self, transforms.NO_STORAGE)
        return self.data.tolist()

    def numel(self) -> int:
        return int(self.data.size)

    def dim(self) -> int:
        return self.data.ndim

    def size(self, dim=None):
        if dim is None:
            return self.shape
        if not self.ndim and isinstance(dim, int) and not isinstance(dim, bool):
            raise index_error(f"Dimension specified as {dim} but tensor has no dimensions")
        return self.data.shape[normalize_dim(dim, self.ndim)]

    def __len__(self) -> int:
        if not self.data.ndim:
            raise type_error("len() of a 0-d tensor")
        return self.data.shape[0]

    def __bool__(self) -> bool:
        runtime.current.tick()  # any() and all() over ten million tensors loop in C
        transforms.check_python_value(self, transforms.CONTROL_FLOW)
        if self.data.size != 1:
            raise runtime_error("Boolean value of Tensor with more than one value is ambiguous")
        return bool(self.data.reshape(()))

    def __float__(self) -> float:
        runtime.current.tick()
        transforms.check_python_value(self, transforms.ITEM)
        self._scalar_conversion()
        return float(self.data.reshape(()))

    def __int__(self) -> int:
        transforms.check_python_value(self, transforms.ITEM)
        if self.data.size != 1:
            raise value_error("only one element tensors can be converted to Python scalars")
        return int(self.data.reshape(()))

    def __index__(self) -> int:
        if self.dtype.category != dtypes.INT or self.data.size != 1:
            raise type_error("only integer tensors of a single element can be converted to an "
                             "index")
        return int(self.data.reshape(()))

    def _scalar_conversion(self) -> None:
        # torch warns first, even when it then raises; not under no_grad (LBFGS's float(loss))
        if self.requires_grad and runtime.current.grad_enabled:
            warn(SCALAR_WARNING, once_per_process=True)
        if self.data.size != 1:
            raise value_error("only one element tensors can be converted to Python scalars")

    def __format__(self, spec: str) -> str:
        if self.data.ndim == 0:
            return format(self.item(), spec)
        if spec:
            raise type_error("unsupported format string passed to Tensor.__format__")
        return repr(self)

    def __repr__(self) -> str:
        from .tensor_repr import format_tensor

        if runtime.current is not runtime.IDLE:  # str([x] * 10**5) formats for seconds
            runtime.current.count_work(1, "printing tensors", "tensor printed")
        name = self.grad_fn.op.grad_fn if self.grad_fn is not None else None
        dual = runtime.current.dual
        tangent = None if dual is None else dual.tangent_of(self)
        return format_tensor(self.data, self.dtype.name, requires_grad=self.requires_grad,
                             grad_fn_name=name,
                             tangent=None if tangent is None else format(tangent, ""))

    __str__ = __repr__


class Parameter(Tensor):
    """torch.nn.Parameter: a leaf tensor (sharing its data's memory) a Module registers."""

    __slots__ = ()

    def __init__(self, data: Tensor | None = None, requires_grad: bool = True):
        source = data if data is not None else Tensor(np.empty(0, runtime.current.default_dtype.np))
        super().__init__(source.data, bool(requires_grad))
        self._storage = source._storage

    def __repr__(self) -> str:
        return "Parameter containing:\n" + super().__repr__()

    __str__ = __repr__


_NONLEAF_REQUIRES_GRAD = (
    "you can only change requires_grad flags of leaf variables. If you want to use a computed "
    "variable in a subgraph that doesn't require differentiation use var_no_grad = var.detach().")
_DETACH_VIEW = (
    "Can't detach views in-place. Use detach() instead. If you are using DistributedDataParallel "
    "(DDP) for training, and gradient_as_bucket_view is set as True, gradients are views of DDP "
    "buckets, and hence detach_() cannot be called on these gradients. To fix this error, please "
    "refer to the Optimizer.zero_grad() function in torch/optim/optimizer.py as the solution.")


class RemovableHandle:
    """What register_hook returns; remove() takes the hook out again."""

    __slots__ = ("_hooks", "_hook")

    def __init__(self, hooks, hook):
        self._hooks, self._hook = hooks, hook

    def remove(self) -> None:
        if self._hook in self._hooks:
            self._hooks.remove(self._hook)

    def __repr__(self) -> str:
        return "<torch.utils.hooks.RemovableHandle object>"


# ---- in-place writes ------------------------------------------------------------------


def check_inplace(t: Tensor, others=()) -> None:
    """torch's checks before an in-place op on t, whose other operands are `others`."""
    if not runtime.current.grad_enabled or t._bypass:
        return
    if not (t.requires_grad or any(isinstance(o, Tensor) and o.requires_grad for o in others)):
        return
    if t._base is not None:
        if t._view_made_in is not None:
            raise runtime_error(_view_made_in_message(t, t.grad_fn))
        if t._multi_output is not None:
            name = t.grad_fn.name().replace("Backward0", "") if t.grad_fn else "Unbind"
            raise runtime_error(
                f"Output {t._multi_output} of {name} is a view and is being modified inplace. "
                "This view is the output of a function that returns multiple views. Such "
                "functions do not allow the output views to be modified inplace. You should "
                "replace the inplace operation by an out-of-place one.")
        if t.requires_grad and t._base.grad_fn is None:
            raise runtime_error(VIEW_INPLACE)
    if t.requires_grad and t.grad_fn is None:
        raise runtime_error(LEAF_INPLACE)


def _view_made_in_message(t: Tensor, node=None, indirect: bool = False) -> str:
    """torch's refusal to write a view made under no_grad (or inference_mode) with grad mode
    on, or to use one after its memory was written through its base or another view
    (`indirect`): which of those writes to track would be a guess. `node`: its grad_fn."""
    block, mode = ("inference_mode", "in normal mode") if t._view_made_in == "inference" else \
        ("no_grad", "with grad mode enabled")
    made = "inference mode" if t._view_made_in == "inference" else "no_grad mode"
    head = "A view was created in" if node is None else (
        f"Output {t._multi_output or 0} of {node.name().replace('Backward0', '')} is a "
        "view of a view which was created in")
    what = "its base or another view of its base has been modified inplace" if indirect else \
        "is being modified inplace"
    return (f"{head} {made} and {what} {mode}. Given that this use case is "
            "ambiguous and error-prone, it is forbidden. You can clarify your code by moving "
            f"both the view and the inplace either both inside the {block} block (if you don't "
            "want the inplace to be tracked) or both outside (if you want the inplace to be "
            "tracked).")


def commit_inplace(t: Tensor, result: Tensor) -> Tensor:
    """Write an out-of-place result into t's memory; t takes over its grad_fn (PyTorch's
    in-place ops keep the tensor's identity, bump its version and rewrite its grad_fn)."""
    node = result.grad_fn
    if node is not None and node.saved:
        # NOTE: an in-place op that needs t's old value saves a copy (torch's original_self).
        # Other inputs that alias t (`y.mul_(y)`) stay saved as they are, and version-checked.
        inputs, out = node.saved
        if inputs[0] is t.data:
            original = _original_self(t)
            node.saved = ((original.data,) + tuple(inputs[1:]), out)
            node.saved_refs = tuple(Saved(None, original, None, 0) if r.index == 0 else r
                                    for r in node.saved_refs)
    if result.data.shape != t.data.shape:
        raise runtime_error(f"output with shape {list(t.data.shape)} doesn't match the "
                            f"broadcast shape {list(result.data.shape)}")
    base = t._base
    if base is not None and runtime.current.grad_enabled and (
            base.requires_grad or result.requires_grad):
        return _write_through_view(t, base, result)
    change = trace.unseen_change(t, result.data, runtime.current.grad_enabled)
    t._storage.before_write(bump=not t._bypass)
    np.copyto(t.data, result.data, casting="unsafe")
    t._record = t._record if change is None else trace.unseen_write_record(t, Tensor(change))
    if node is not None:
        _move_retain_grad(t, node)
        _saved_output_is(t, node)
        t.grad_fn, t._requires_grad, t._record = node, True, result._record
        if node.out_shape != t.data.shape:
            node.out_shape = t.data.shape
    elif runtime.current.forward_recorder is not None:  # in a custom Function's forward
        runtime.current.forward_recorder.written(t, result)
    return t


def _saved_output_is(t: Tensor, node) -> None:
    """An in-place op that saved its result (exp_, sqrt_, relu_...) saved t itself, as torch:
    later writes to t are then caught by the version check."""
    refs = [r for r in node.saved_refs if r.index == -1]
    if not refs:
        return
    node.saved = (node.saved[0], t.data)
    for r in refs:
        if r.storage is not None:
            r.storage, r.version = t._storage, t._storage.version


def _original_self(t: Tensor) -> Tensor:
    """A copy of t before an in-place op, in t's graph (under create_graph the op's VJP may
    differentiate through it)."""
    original = Tensor(t.data.copy())
    original._grad_fn, original._requires_grad = t._grad_fn, t.requires_grad
    return original


def _move_retain_grad(t: Tensor, node) -> None:
    """retain_grad() follows the tensor to its new grad_fn (its hooks stay with the old one),
    as in torch."""
    old = t._grad_fn
    if old is not None and old.retained is t:
        old.retained, node.retained = None, t


def _write_through_view(t: Tensor, base: Tensor, result: Tensor) -> Tensor:
    """In-place on a view of a tensor in the graph: like torch, the base's grad_fn becomes
    CopySlices (the base with the view's slots replaced) and the view's AsStridedBackward0."""
    positions = _positions_in_base(base, t._view_path)
    replaced = apply("copy_slices", (base, result), base.dtype, positions=positions)
    # torch's CopySlices wraps the in-place op: its edges are the base's, then that op's own
    # other inputs' (here the op is a node of its own, behind the edge to `result`)
    inner = result.grad_fn
    replaced.grad_fn.shown_next = replaced.grad_fn.next[:1] + (inner.next[1:] if inner else ())
    t._storage.before_write()
    np.copyto(t.data, result.data, casting="unsafe")
    _move_retain_grad(base, replaced.grad_fn)
    base.grad_fn, base._requires_grad, base._record = replaced.grad_fn, True, replaced._record
    view = apply("as_strided", (base,), positions=positions)  # its data stays a view of base
    t.grad_fn, t._requires_grad, t._record = view.grad_fn, True, view._record
    return t


def _positions_in_base(base: Tensor, view_path) -> np.ndarray:
    """Which elements of base a view covers (flat indices, in the view's shape): the view
    ops applied to a grid of positions."""
    positions = np.arange(base.data.size).reshape(base.data.shape)
    for op, params in view_path:
        positions = op.forward(positions, **params)
    return np.asarray(positions)


def accumulate_into(t: Tensor, grad, create_graph: bool) -> bool:
    """AccumulateGrad: the first gradient becomes .grad (copied unless it is a plain array of
    the leaf's dtype: the caller copies it if someone else still holds it); later ones are
    added in place (the same object), or out of place when building a graph
    (create_graph=True), as torch. Returns whether .grad is now `grad` itself."""
    if create_graph:
        if t._grad is None:
            t._grad = apply("copy_grad", (grad,))
        else:
            t._grad = t._grad + grad
        return False
    if t._grad is None:
        keep = grad.base is None and grad.flags.writeable and grad.flags.c_contiguous and \
            grad.dtype == t.data.dtype
        t._grad = Tensor(grad if keep else np.array(grad, dtype=t.data.dtype, copy=True))
        return keep
    t._grad._storage.before_write()
    t._grad.data += grad.astype(t._grad.data.dtype, copy=False)
    return False


def wrap_grad(array) -> Tensor:
    return Tensor(array)


def saved_tensors(node, inputs, out):
    """The saved values as tensors linked into the graph, for VJPs under create_graph."""
    inputs = [Tensor(a) if isinstance(a, np.ndarray) else a for a in inputs]  # placeholders
    for ref in node.saved_refs:
        if ref.index >= 0:
            inputs[ref.index] = ref.tensor
    if not isinstance(out, Meta):
        t = Tensor(out, requires_grad=True)
        t.grad_fn = node
        out = t
    return tuple(inputs), out


# The namespace autograd.run_backward uses: hooks get tensors, create_graph runs VJPs on them.
NAMESPACE = SimpleNamespace(accumulator=accumulator, accumulate_into=accumulate_into,
                            wrap_grad=wrap_grad, XP=None)
