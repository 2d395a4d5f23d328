"""torch.func: grad, grad_and_value, vjp, jvp, jacrev, jacfwd, hessian and vmap.

PyTorch builds these on functorch's levels; gradcli builds them on autograd.grad, so every
pass is checked like a script's own. One call of a transform is a `_Level`: the inputs it
differentiates become leaves of its own (stand-ins the check names after the script's
tensors), the passes keep their graph whenever grad mode is on, so that an enclosing
transform (grad(grad(f))) or an outer tensor that requires grad can differentiate through
them, and what the call returns is detached where its graph reaches only the level's leaves:
torch's results are plain tensors unless something outside the transform requires grad.
"""
from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np

from gradcli.engine import runtime
from gradcli.engine.autograd import AccumulateGrad
from gradcli.engine.errors import TorchError, runtime_error
from gradcli.engine.runtime import is_grad_enabled
from gradcli.engine.tensor import Tensor, apply
from gradcli.engine.transforms import GRAD, VMAP, TransformLevel
from gradcli.engine.type_names import type_name
from gradcli.torch._declare import torch_function
from gradcli.torch._tensor.creation import zeros_like
from gradcli.torch._tensor.indexing import getitem
from gradcli.torch._tensor.shape import reshape, stack, view
from gradcli.torch.autograd.grad import autograd_grad, enable_grad

# ---- pytrees: tensors in tuples, lists and dicts --------------------------------------


def tree_leaves(tree: Any) -> list:
    if isinstance(tree, (tuple, list)):
        return [leaf for item in tree for leaf in tree_leaves(item)]
    if isinstance(tree, dict):
        return [leaf for item in tree.values() for leaf in tree_leaves(item)]
    return [tree]


def tree_map(fn: Callable, tree: Any) -> Any:
    if isinstance(tree, (tuple, list)):
        return type(tree)(tree_map(fn, item) for item in tree)
    if isinstance(tree, dict):
        return type(tree)((key, tree_map(fn, item)) for key, item in tree.items())
    return fn(tree)


def tree_unflatten(tree: Any, leaves: list) -> Any:
    """`tree`'s structure with these leaves, in order."""
    return _tree_zip_map(lambda _, new: new, tree, leaves)


def _tree_zip_map(fn: Callable, tree: Any, leaves: list) -> Any:
    """`tree` with its leaves replaced, in order, by fn(old leaf, new leaf)."""
    it = iter(leaves)
    return tree_map(lambda leaf: fn(leaf, next(it)), tree)


# ---- one call of a transform ----------------------------------------------------------


class _Level:
    """The leaves one transform call differentiates, and how its results leave it."""

    def __init__(self, outer_grad: bool):
        self.outer_grad = outer_grad  # grad mode where the transform was called
        self.active = True  # its function is running (an inner transform sees its leaves)
        # id(its own input) -> (that input, the caller's tensor)
        self.inputs: dict[int, tuple[Tensor, Tensor]] = {}

    def wrap(self, t: Any) -> Tensor:
        if not isinstance(t, Tensor):
            raise TorchError("ValueError", "Thing passed to transform API must be Tensor, got "
                             f"<class '{type_name(t)}'>")
        if self.outer_grad and t.requires_grad:  # stays differentiable in the outer graph
            inner, level = view(t, t.data.shape), None
        else:
            inner, level = t.detach().requires_grad_(True), self
        self.inputs[id(inner)] = (inner, t)
        stand_ins = runtime.current.stand_ins  # weak: an entry goes with its tensor
        stand_ins[id(inner)] = (weakref.ref(inner), weakref.ref(t),
                                None if level is None else weakref.ref(level))
        weakref.finalize(inner, stand_ins.pop, id(inner), None)
        return inner

    def unwrap(self, tree: Any) -> Any:
        """Results as torch returns them: the caller's own tensor for an input passed
        through; plain tensors, unless grad mode was on outside and their graph reaches past
        this level (an enclosing transform's leaf, a tensor of the script that requires
        grad)."""
        def unwrapped(t):
            if not isinstance(t, Tensor):
                return t
            inner, caller = self.inputs.get(id(t), (None, None))
            if inner is t:
                return caller
            return t if self.outer_grad and self._reaches_out(t) else t.detach()
        return tree_map(unwrapped, tree)

    def _reaches_out(self, t: Tensor) -> bool:
        if not t.requires_grad:
            return False
        if t.grad_fn is None:
            return self._outside(t)
        seen, todo = set(), [t.grad_fn]
        while todo:
            node = todo.pop()
            if node is None or id(node) in seen:
                continue
            seen.add(id(node))
            if isinstance(node, AccumulateGrad):
                if self._outside(node.variable):
                    return True
                continue
            todo.extend(edge for edge, _ in node.next_functions)
        return False

    def _outside(self, leaf: Tensor) -> bool:
        """Whether a leaf belongs to the world outside this level: a script's tensor, or the
        input of a transform still running around it (not this one's, nor a finished one's)."""
        entry = runtime.current.stand_ins.get(id(leaf))
        if entry is None or entry[0]() is not leaf or entry[2] is None:
            return True
        level = entry[2]()  # (None: that transform is over and gone)
        return level is not None and level is not self and level.active

    def gradients(self, outputs: list, inputs: list, seeds: list | None = None) -> list:
        """autograd.grad of `outputs` with respect to `inputs` (zeros where there is no
        path), its graph kept when grad mode was on outside."""
        kept = [i for i, out in enumerate(outputs) if out.requires_grad]
        if not kept:
            return [zeros_like(inp) for inp in inputs]
        grads = autograd_grad([outputs[i] for i in kept], inputs,
                              None if seeds is None else [seeds[i] for i in kept],
                              retain_graph=True, create_graph=self.outer_grad,
                              allow_unused=True)
        return [zeros_like(inp) if g is None else g for g, inp in zip(grads, inputs)]


@contextmanager
def running(level: TransformLevel) -> Iterator[TransformLevel]:
    """`level` is the innermost transform while the block runs."""
    levels = runtime.current.transforms
    levels.append(level)
    try:
        yield level
    finally:
        levels.pop()


@contextmanager
def _level() -> Iterator[_Level]:
    """A transform runs its function with grad mode on; backward() is refused inside."""
    level = _Level(is_grad_enabled())
    with running(TransformLevel(GRAD)), enable_grad():
        try:
            yield level
        finally:
            level.active = False


# ---- argnums --------------------------------------------------------------------------


def _argnums(argnums: Any, count: int) -> tuple[int, ...]:
    """argnums as a tuple of positions, with torch's errors."""
    many = isinstance(argnums, tuple)
    for n in argnums if many else (argnums,):
        if not isinstance(n, int):
            raise runtime_error(f"argnums must be int or Tuple[int, ...], got: "
                                f"<class '{type_name(argnums)}'>")
        if not -count <= n < count:
            raise runtime_error(f"Got argnum={n}, but only {count} positional inputs")
    if many and not argnums:
        raise runtime_error("argnums must be non-empty")
    positions = tuple(int(n) % count for n in argnums) if many else (int(argnums) % count,)
    if len(set(positions)) != len(positions):
        raise runtime_error(f"argnums elements must be unique, got {positions}")
    return positions


def _wrap_args(level: _Level, args: tuple, argnums: Any) -> tuple[tuple, Any]:
    """(args with the differentiated ones wrapped, those as argnums shapes them)."""
    positions = _argnums(argnums, len(args))
    wrapped = list(args)
    for n in positions:
        wrapped[n] = tree_map(level.wrap, args[n])
    chosen = tuple(wrapped[n] for n in positions)
    return tuple(wrapped), chosen if isinstance(argnums, tuple) else chosen[0]


def _split_aux(output: Any, has_aux: bool, what: str) -> tuple[Any, Any]:
    if not has_aux:
        return output, None
    if not (isinstance(output, tuple) and len(output) == 2):
        raise runtime_error(f"{what}: output of function f should be a tuple: (output, aux) "
                            "if has_aux is True")
    return output


# ---- grad -----------------------------------------------------------------------------


def grad_and_value(func: Callable, argnums: int | tuple[int, ...] = 0,
                   has_aux: bool = False) -> Callable:
    """A function returning (gradient, value) of func, or (gradient, (value, aux))."""
    def wrapper(*args, **kwargs):
        with _level() as level:
            args, diff = _wrap_args(level, args, argnums)
            output, aux = _split_aux(func(*args, **kwargs), has_aux, _GRAD_WHAT)
            _check_scalar(output)
            leaves = tree_leaves(diff)
            grads = tree_unflatten(diff, level.gradients([output], leaves))
        value = level.unwrap(output)
        return level.unwrap(grads), (value, level.unwrap(aux)) if has_aux else value
    return wrapper


def grad(func: Callable, argnums: int | tuple[int, ...] = 0, has_aux: bool = False
         ) -> Callable:
    """A function returning the gradient of func (with aux: (gradient, aux))."""
    both = grad_and_value(func, argnums, has_aux)

    def wrapper(*args, **kwargs):
        grads, value = both(*args, **kwargs)
        return (grads, value[1]) if has_aux else grads
    return wrapper


_GRAD_WHAT = "grad_and_value(f)(*args)"


def _check_scalar(output: Any) -> None:
    if not isinstance(output, Tensor):
        raise runtime_error(f"{_GRAD_WHAT}: Expected f(*args) to return a Tensor, got "
                            f"<class '{type_name(output)}'>")
    if output.data.ndim:
        raise runtime_error(f"{_GRAD_WHAT}: Expected f(*args) to return a scalar Tensor, got "
                            f"tensor with {output.data.ndim} dims. Maybe you wanted to use the "
                            "vjp or jacrev APIs instead?")


# ---- vjp and jvp ----------------------------------------------------------------------


def _tensor_outputs(output: Any, what: str) -> list:
    leaves = tree_leaves(output)
    for leaf in leaves:
        if not isinstance(leaf, Tensor):
            raise runtime_error(f"{what}: expected f(*primals) to return only tensors, got "
                                f"unsupported type <class '{type_name(leaf)}'>")
    return leaves


def vjp(func: Callable, *primals, has_aux: bool = False) -> tuple:
    """(func(*primals), vjp_fn[, aux]): vjp_fn(cotangents) is the tuple of v^T J per primal."""
    with _level() as level:
        inputs = tuple(tree_map(level.wrap, p) for p in primals)
        output, aux = _split_aux(func(*inputs), has_aux, "vjp(f, *primals)")
        outputs = _tensor_outputs(output, "vjp(f, *primals)")
    leaves = tree_leaves(inputs)

    def vjp_fn(cotangents):
        if _structure(cotangents) != _structure(output):
            raise runtime_error(
                "Expected pytree structure of cotangents to be the same as pytree structure "
                f"of outputs to the function. cotangents: {_structure(cotangents)}, primal "
                f"output: {_structure(output)}")
        with enable_grad():
            grads = level.gradients(outputs, leaves, tree_leaves(cotangents))
        return level.unwrap(tree_unflatten(inputs, grads))

    result = (level.unwrap(output), vjp_fn)
    return (*result, level.unwrap(aux)) if has_aux else result


def _structure(tree: Any) -> str:
    """A pytree's shape as torch's message spells it: `*` per leaf."""
    if isinstance(tree, (tuple, list)):
        inner = ", ".join(_structure(item) for item in tree)
        return f"({inner}{',' if len(tree) == 1 else ''})" if isinstance(tree, tuple) \
            else f"[{inner}]"
    if isinstance(tree, dict):
        return "{" + ", ".join(f"{k!r}: {_structure(v)}" for k, v in tree.items()) + "}"
    return "*"


def jvp(func: Callable, primals: Any, tangents: Any, *, strict: bool = False,
        has_aux: bool = False) -> tuple:
    """(func(*primals), J v) by the double-backward trick: the gradient of a vjp with respect
    to its own (zero) cotangent, seeded with the tangents."""
    what = "jvp(f, primals, tangents)"
    for name, tree in (("primals", primals), ("tangents", tangents)):
        if not isinstance(tree, tuple):
            raise runtime_error(f"{what}: Expected {name} to be a tuple. E.g. it should be "
                                "valid to call f(*primals).")
    if _structure(primals) != _structure(tangents):
        raise runtime_error(f"{what}: Expected primals and tangents to have the same python "
                            "structure. For example, if primals is a tuple of 3 tensors, "
                            "tangents also must be.")
    for p, t in zip(tree_leaves(primals), tree_leaves(tangents)):
        if isinstance(p, Tensor) and isinstance(t, Tensor) and p.data.shape != t.data.shape:
            raise runtime_error(
                "Trying to set a forward gradient that has a different size than that of the "
                f"original Tensor, this is not supported. Tensor is of size "
                f"{list(p.data.shape)} while the given forward gradient is of size "
                f"{list(t.data.shape)}.")
    with _level() as level:
        inputs = tuple(tree_map(level.wrap, p) for p in primals)
        output, aux = _split_aux(func(*inputs), has_aux, what)
        outputs = _tensor_outputs(output, what)
        columns = _forward_products(level, outputs, tree_leaves(inputs),
                                    tree_leaves(tangents))
    # torch unpacks the primal from a dual tensor: where it stays in a graph, an alias of it
    primal_out = tree_map(lambda t: apply("alias", (t,)) if t.grad_fn else t,
                          level.unwrap(output))
    result = (primal_out, level.unwrap(tree_unflatten(output, columns)))
    return (*result, level.unwrap(aux)) if has_aux else result


def _forward_products(level: _Level, outputs: list, inputs: list, tangents: list) -> list:
    """J v per output: the vjp with a zero cotangent u that requires grad is linear in u; its
    gradient with respect to u, seeded with v, is J v."""
    cotangents = [zeros_like(out, requires_grad=True) for out in outputs]
    kept = [i for i, out in enumerate(outputs) if out.requires_grad]
    if not kept:
        return [zeros_like(out) for out in outputs]
    vjps = autograd_grad([outputs[i] for i in kept], inputs, [cotangents[i] for i in kept],
                         create_graph=True, retain_graph=True, allow_unused=True)
    used = [(g, v) for g, v in zip(vjps, tangents) if g is not None and g.requires_grad]
    if not used:
        return [zeros_like(out) for out in outputs]
    return level.gradients([g for g, _ in used], cotangents, [v for _, v in used])


# ---- Jacobians ------------------------------------------------------------------------


def jacrev(func: Callable, argnums: int | tuple[int, ...] = 0, *, has_aux: bool = False,
           chunk_size: int | None = None) -> Callable:
    """The Jacobian by rows: the gradient of each output element (reverse mode)."""
    return _jacobian_transform(func, argnums, has_aux, _rows, "vjp(f, *primals)")


def jacfwd(func: Callable, argnums: int | tuple[int, ...] = 0, has_aux: bool = False, *,
           randomness: str = "error") -> Callable:
    """The Jacobian by columns: J e_i per input element, as forward mode computes it (here
    by the double-backward trick, which multiplies the same factors in the same order)."""
    jacobian = _jacobian_transform(func, argnums, has_aux, _columns,
                                   "jvp(f, primals, tangents)")

    def wrapper(*args, **kwargs):
        for n in _argnums(argnums, len(args)):  # torch asks each input its numel() first
            for leaf in tree_leaves(args[n]):
                if not isinstance(leaf, Tensor):
                    raise TorchError("AttributeError", f"'{type_name(leaf)}' object has no "
                                     "attribute 'numel'")
        return jacobian(*args, **kwargs)
    return wrapper


def _jacobian_transform(func: Callable, argnums: Any, has_aux: bool, blocks: Callable,
                        what: str) -> Callable:
    """The Jacobian of each output with respect to each differentiated input, built from
    `blocks`; `what` names the transform torch's errors come from (its vjp or jvp)."""
    def wrapper(*args, **kwargs):
        with _level() as level:
            args, diff = _wrap_args(level, args, argnums)
            output, aux = _split_aux(func(*args, **kwargs), has_aux, what)
            outputs = _tensor_outputs(output, what)
            inputs = tree_leaves(diff)
            per_output = [[_shaped(block, out, inp) for block, inp in
                           zip(blocks(level, out, inputs), inputs)] for out in outputs]
        # shaped as the outputs, each holding its blocks shaped as the inputs
        jac = tree_unflatten(output, [tree_unflatten(diff, blocks_of_out)
                                      for blocks_of_out in per_output])
        return (level.unwrap(jac), level.unwrap(aux)) if has_aux else level.unwrap(jac)
    return wrapper


def _shaped(block: Tensor, out: Tensor, inp: Tensor) -> Tensor:
    return reshape(block, (*out.data.shape, *inp.data.shape))


def _rows(level: _Level, out: Tensor, inputs: list) -> list:
    """Per input, the gradients of out's elements stacked: (out.numel(), *input.shape)."""
    flat = reshape(out, (-1,))
    rows = [level.gradients([getitem(flat, j)], inputs) for j in range(out.numel())]
    if not rows:  # an empty output: an empty Jacobian
        return [Tensor(np.zeros((0, *inp.data.shape), inp.data.dtype)) for inp in inputs]
    return [stack([row[i] for row in rows]) for i in range(len(inputs))]


def _columns(level: _Level, out: Tensor, inputs: list) -> list:
    """Per input, J e_i for each of its elements, stacked last: (*out.shape, input.numel())."""
    blocks = []
    for i, inp in enumerate(inputs):
        columns = []
        for k in range(inp.numel()):
            tangents = [zeros_like(x) for x in inputs]
            tangents[i] = _one_hot(inp, k)
            columns.append(_forward_products(level, [out], inputs, tangents)[0])
        blocks.append(stack(columns, dim=-1))
    return blocks


def _one_hot(like: Tensor, k: int) -> Tensor:
    data = np.zeros(like.data.size, like.data.dtype)
    data[k] = 1
    return Tensor(data.reshape(like.data.shape))


def hessian(func: Callable, argnums: int | tuple[int, ...] = 0) -> Callable:
    """jacfwd(jacrev(func)), as torch composes it."""
    return jacfwd(jacrev(func, argnums), argnums)


# ---- vmap -----------------------------------------------------------------------------
# vmap runs func once per sample and stacks the results. torch batches instead, for speed;
# a loop gives exactly the values of func applied to each sample (which is what vmap
# promises), composes with grad and with the check for free, and at the sizes of a pasted
# snippet costs nothing that matters.


@torch_function(name="vmap")
def vmap(func: Callable, in_dims: Any = 0, out_dims: Any = 0, randomness: str = "error", *,
         chunk_size: int | None = None) -> Callable:
    """func mapped over dimension in_dims of its inputs, the results stacked at out_dims."""
    if randomness not in RANDOMNESS:
        raise runtime_error("Only allowed values for randomness are 'error', 'different', or "
                            f"'same'. Got {randomness}")
    if chunk_size is not None and (not isinstance(chunk_size, int) or chunk_size <= 0):
        raise TorchError("ValueError", "vmap: chunk_size should be None or greater than 0. "
                         f"(got {chunk_size})")

    def wrapper(*args, **kwargs):
        name = _function_name(func)
        if not args:
            raise TorchError("ValueError", f"vmap({name})(<inputs>): got no inputs. Maybe you "
                             "forgot to add inputs, or you are trying to vmap over a function "
                             "with no inputs. The latter is unsupported.")
        dims = _dims_per_leaf(name, in_dims, args)
        size = _batch_size(name, in_dims, tree_leaves(args), dims)
        if not size:
            raise runtime_error("vmap over a dimension of size 0 is not supported by gradcli")
        with _guarded_randomness(randomness, size) as guard, \
                running(TransformLevel(VMAP, size)) as level:
            results = []
            for i in range(size):
                guard.start_sample(i)
                level.index = i
                results.append(func(*_sample(args, dims, i, level.batched), **kwargs))
        return _stack_results(name, results, out_dims)
    return wrapper


RANDOMNESS = ("error", "different", "same")


class _RandomnessGuard:
    """The generator while vmap runs func once per sample. Seeding passes through; a draw is
    torch's error (randomness="error"), else each sample's k-th draw is served from one
    draw made at the first sample: the same values for every sample ("same"), or one batch
    of values drawn at once, sample i taking the i-th slice ("different"), as torch's
    batching rules draw them."""

    # the draws a batch can be cut from: (its element count, the rest of the arguments)
    BATCHABLE = ("rand", "uniform", "randn", "normal", "bernoulli")

    def __init__(self, generator: Any, randomness: str, size: int):
        self.generator, self.randomness, self.size = generator, randomness, size
        self.sample = 0  # the sample func is running for
        self.draws: list = []  # (method, arguments, values) in the order sample 0 drew
        self.position = 0  # the next draw of this sample

    def start_sample(self, i: int) -> None:
        self.sample, self.position = i, 0

    def manual_seed(self, seed: int) -> Any:
        return self.generator.manual_seed(seed)

    def initial_seed(self) -> int:
        return self.generator.initial_seed()

    def __getattr__(self, name: str):
        if self.randomness == "error":
            raise runtime_error("vmap: called random operation while in randomness error mode. "
                                "Please either use the 'same' or 'different' randomness flags "
                                "on vmap or perform the randomness operation out of vmap")
        if name not in self.BATCHABLE:
            raise runtime_error(f"random operations inside vmap(randomness='{self.randomness}') "
                                f"other than {', '.join(self.BATCHABLE)} draws are not "
                                "supported by gradcli")
        return lambda n, *args: self._draw(name, n, args)

    def _draw(self, name: str, n: int, args: tuple) -> np.ndarray:
        if self.sample == 0:
            count = n * self.size if self.randomness == "different" else n
            self.draws.append((name, n, args, getattr(self.generator, name)(count, *args)))
        if self.position >= len(self.draws) or self.draws[self.position][:3] != (name, n, args):
            raise runtime_error("vmap: a sample drew random numbers the first sample did not: "
                                "gradcli runs func once per sample and cannot batch these draws")
        values = self.draws[self.position][3]
        self.position += 1
        if self.randomness == "same":
            return values.copy()
        return values[self.sample * n:(self.sample + 1) * n].copy()


@contextmanager
def _guarded_randomness(randomness: str, size: int) -> Iterator[_RandomnessGuard]:
    state = runtime.current
    previous = state.generator
    state.generator = guard = _RandomnessGuard(previous, randomness, size)
    try:
        yield guard
    finally:
        state.generator = previous


def _function_name(func: Callable) -> str:
    return getattr(func, "name", None) or getattr(func, "__name__", "function")


def _dims_per_leaf(name: str, in_dims: Any, args: tuple) -> list:
    """The mapped dimension (or None) of each leaf of args, from in_dims."""
    if isinstance(in_dims, int) and not isinstance(in_dims, bool) or in_dims is None:
        return [in_dims] * len(tree_leaves(args))
    if not isinstance(in_dims, tuple):
        raise TorchError("ValueError", f"vmap({name}, in_dims={in_dims!r}, ...)(<inputs>): "
                         "expected `in_dims` to be int or a (potentially nested) tuple "
                         f"matching the structure of inputs, got: <class "
                         f"'{type_name(in_dims)}'>.")
    if len(in_dims) != len(args):
        raise TorchError("ValueError", f"vmap({name}, in_dims={in_dims!r}, ...)(<inputs>): "
                         "in_dims is not compatible with the structure of `inputs`.")
    return [dim for arg, dims in zip(args, in_dims) for dim in _broadcast(dims, arg)]


def _broadcast(dims: Any, arg: Any) -> list:
    """One arg's in_dims per leaf: an int or None for all its leaves, else its own tree."""
    if dims is None or isinstance(dims, int):
        return [dims] * len(tree_leaves(arg))
    if isinstance(dims, dict) and isinstance(arg, dict) and dims.keys() == arg.keys():
        return [d for key in arg for d in _broadcast(dims[key], arg[key])]
    if isinstance(dims, (tuple, list)) and isinstance(arg, (tuple, list)) \
            and len(dims) == len(arg):
        return [d for sub, item in zip(dims, arg) for d in _broadcast(sub, item)]
    raise runtime_error("vmap: in_dims that do not match the structure of their input are "
                        "not supported by gradcli")


def _batch_size(name: str, in_dims: Any, leaves: list, dims: list) -> int:
    sizes = []
    for leaf, dim in zip(leaves, dims):
        if dim is None:
            continue
        if not isinstance(leaf, Tensor):
            raise TorchError("ValueError", f"vmap({name}, in_dims={in_dims!r}, ...)(<inputs>): "
                             f"Got in_dim={dim} for an input but the input is of type <class "
                             f"'{type_name(leaf)}'>. We cannot vmap over non-Tensor arguments, "
                             "please use None as the respective in_dim")
        ndim = leaf.data.ndim
        if not -ndim <= dim < ndim:
            raise TorchError("ValueError", f"vmap({name}, in_dims={in_dims!r}, ...)(<inputs>): "
                             f"Got in_dim={dim} for some input, but that input is a Tensor of "
                             f"dimensionality {ndim} so expected in_dim to satisfy -{ndim} <= "
                             f"in_dim < {ndim}.")
        sizes.append(leaf.data.shape[dim])
    if not sizes:
        raise TorchError("ValueError", "vmap: Expected at least one Tensor to vmap over")
    if len(set(sizes)) > 1:
        raise TorchError("ValueError", "vmap: Expected all tensors to have the same size in "
                         f"the mapped dimension, got sizes {sizes} for the mapped dimension")
    return sizes[0]


def _sample(args: tuple, dims: list, i: int, batched: Any) -> tuple:
    """Sample i of args: each mapped leaf indexed at i along its dimension (and `batched`:
    torch would wrap it)."""
    def pick(leaf, dim):
        if dim is None:
            return leaf
        sample = getitem(leaf, (slice(None),) * (dim % leaf.data.ndim) + (i,))
        batched.add(sample)
        return sample
    return _tree_zip_map(pick, args, dims)


def _stack_results(name: str, results: list, out_dims: Any) -> Any:
    first = results[0]
    per_output = tree_leaves(first)
    dims = out_dims if isinstance(out_dims, tuple) else (out_dims,) * len(per_output)
    for leaf in per_output:
        if not isinstance(leaf, Tensor):
            raise TorchError("ValueError", f"vmap({name}, ...): `{name}` must only return "
                             f"Tensors, got type <class '{type_name(leaf)}'>. Did you mean to "
                             "set out_dims= to None for output?")
    columns = zip(*(tree_leaves(r) for r in results))
    stacked = [_shown_as_batched(stack(list(column), dim=dim), column)
               for column, dim in zip(columns, dims)]
    return tree_unflatten(first, stacked)


def _shown_as_batched(stacked: Tensor, samples: tuple) -> Tensor:
    """torch's batched result has the grad_fn of func's last op, not a stack: where every
    sample's result came from one kind of node, the stack's node shows that name (its
    gradients stay the stack's)."""
    names = {s.grad_fn.op.grad_fn for s in samples if s.grad_fn is not None}
    if stacked.grad_fn is not None and len(names) == 1 and all(s.grad_fn for s in samples):
        name = names.pop()
        stacked.grad_fn.op = dataclasses.replace(stacked.grad_fn.op,
                                                 grad_fn=BATCHED_AS.get(name, name))
    return stacked


# torch's batching rules run some ops as others: a full sum or mean as one over the sample's
# dims, t() as transpose(), mm as a matmul of the batch (a view of it), addmm as add
BATCHED_AS = {"SumBackward0": "SumBackward1", "MeanBackward0": "MeanBackward1",
              "TBackward0": "TransposeBackward0", "MmBackward0": "UnsafeViewBackward0",
              "AddmmBackward0": "AddBackward0"}


FUNCTIONS = {"grad": grad, "grad_and_value": grad_and_value, "vjp": vjp, "jvp": jvp,
             "jacrev": jacrev, "jacfwd": jacfwd, "hessian": hessian, "vmap": vmap}
