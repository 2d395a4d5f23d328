"""Structured forms of the ops that normalize or reduce through statistics (layer_norm,
batch_norm, var, std, logsumexp, softmax, log_softmax, vector norms, the fused attention
kernel's softmax of products), of index_add (a sum at indices, transposed), of the extrema
that split their gradient among ties (max, min, amax, amin), and of choices by a condition
(where, masked_fill).
Each statistic is written as its definition — a few steps, each a mean over axes or a
pointwise sympy form — and differentiated by reverse accumulation over those steps: sympy
derives each pointwise form once, the means are transposed by broadcasting. A choice takes
sympy's derivative of the branch its condition picks. Nothing here reads the engine's VJP
rules.
"""
from __future__ import annotations

import functools
import math

import numpy as np

import gradcli.engine.ops  # noqa: F401  (the whole table first: ops_attention copies softmax's row)
from gradcli.engine.ops_attention import grouped, safe_softmax, ungrouped
from gradcli.engine.symforms import sp

from . import derivcache
from .dropped import reduce_to
from .ieee import Program
from .records import TooLarge
from .vectorized import derivative


def input_grads(r, g: np.ndarray, args: list, size) -> list | None:
    """Each input's part of the gradient `g` of r's output, or None when r's op has no
    form here. `size` is abs in the magnitudes pass (each local factor taken by size)."""
    if r.op.condition is not None and r.op.branches is not None:
        return _chosen(r.op, r.params, g, args, size)
    form = FORMS.get(r.op.name)
    if form is None:
        return None
    return form(g, args, size, **r.params)


def _chosen(op, params: dict, g: np.ndarray, args: list, size) -> list:
    """where / masked_fill: each input's partial in the branch the condition picks, the
    branches' derivatives by sympy (once per op kind and input)."""
    condition = args[op.condition] if isinstance(op.condition, int) else params[op.condition]
    condition = np.asarray(condition) != 0
    others = {k: v for k, v in params.items() if k != op.condition}
    out = []
    for i, a in enumerate(args):
        if i == op.condition or not floating(a):
            out.append(None)
            continue
        symbols, programs = _branch_partials(op, i, len(args), tuple(sorted(others.items())))
        point = {s: v for s, v in zip(symbols, args, strict=True)}
        held, other = (np.asarray(p.run(point)[0], np.float64) for p in programs)
        partial = np.where(condition, held, other)
        out.append(reduce_to(np.add, np.broadcast_to(g * size(partial), g.shape), a.shape))
    return out


@functools.lru_cache(maxsize=64)
def _branch_partials(op, i: int, n: int, params: tuple):
    symbols = [sp().Symbol(f"a{k}", real=True) for k in range(n)]
    inputs = [np.asarray(s, dtype=object) for s in symbols]
    if isinstance(op.condition, str):
        params = (*params, (op.condition, inputs[0]))  # (a stand-in: branches do not read it)
    branches = op.branches(*inputs, **dict(params))
    partials = [derivative(sp().sympify(np.asarray(b, dtype=object).item()), symbols[i])
                for b in branches]
    if any(d.has(sp().Derivative, sp().Subs) for d in partials):
        raise TooLarge(f"sympy cannot differentiate {op.grad_fn}'s branches")
    return symbols, [Program([d]) for d in partials]


# ---- the steps --------------------------------------------------------------------------
@functools.lru_cache(maxsize=128)
def _form(text: str, n: int):
    """The pointwise form `text` in a0..a(n-1): their names, its program, and its partials'
    programs; kept between runs (derivcache): a step checked again imports no sympy."""
    programs = derivcache.kept(None, ("step", text, n), lambda: _derived_form(text, n),
                               lambda made: [[p.recipe, p.outputs] for p in made],
                               lambda entry: [Program.from_recipe(*e) for e in entry])
    return [f"a{k}" for k in range(n)], programs[0], programs[1:]


def _derived_form(text: str, n: int) -> list:
    symbols = [sp().Symbol(f"a{k}", real=True) for k in range(n)]
    expr = sp().sympify(text, locals={f"a{k}": s for k, s in enumerate(symbols)})
    partials = [derivative(expr, s) for s in symbols]
    if any(d.has(sp().Derivative, sp().Subs) for d in partials):
        raise TooLarge(f"sympy cannot differentiate {text}")
    return [Program([expr])] + [Program([d]) for d in partials]


class _Steps:
    """A forward as a list of steps on float64 arrays, and its reverse accumulation."""

    def __init__(self, size):
        self.values: list[np.ndarray] = []
        self.steps: list[tuple] = []  # (output node, kind, input nodes, data)
        self.size = size

    def leaf(self, value) -> int:
        self.values.append(np.asarray(value, np.float64))
        self.steps.append(None)
        return len(self.values) - 1

    def point(self, text: str, *nodes: int) -> int:
        symbols, program, _ = _form(text, len(nodes))
        (value,) = program.run({s: self.values[k] for s, k in zip(symbols, nodes, strict=True)})
        shape = np.broadcast_shapes(*[self.values[k].shape for k in nodes])
        self.values.append(np.broadcast_to(np.asarray(value, np.float64), shape))
        self.steps.append(("point", nodes, text))
        return len(self.values) - 1

    def mean(self, node: int, axes: tuple) -> int:
        self.values.append(np.mean(self.values[node], axis=axes, keepdims=True))
        self.steps.append(("mean", (node,), axes))
        return len(self.values) - 1

    def grads(self, out: int, g: np.ndarray) -> list:
        """The gradient of every node, given the gradient g of node `out`."""
        grads: list = [None] * len(self.values)
        grads[out] = np.broadcast_to(g, self.values[out].shape)
        for k in range(out, -1, -1):
            if self.steps[k] is None or grads[k] is None:
                continue
            kind, nodes, data = self.steps[k]
            for i, part in zip(nodes, self._parts(kind, nodes, data, grads[k], k)):
                grads[i] = part if grads[i] is None else grads[i] + part
        return grads

    def _parts(self, kind, nodes, data, g, k) -> list:
        if kind == "mean":
            (i,) = nodes
            n = self.values[i].size // max(self.values[k].size, 1)
            return [np.broadcast_to(g / self.size(np.float64(n)), self.values[i].shape)]
        symbols, _, partials = _form(data, len(nodes))
        point = {s: self.values[j] for s, j in zip(symbols, nodes, strict=True)}
        return [reduce_to(np.add, np.broadcast_to(
            g * self.size(np.asarray(d.run(point)[0], np.float64)), g.shape),
            self.values[j].shape) for j, d in zip(nodes, partials, strict=True)]


def _normalized(steps: _Steps, a: int, axes: tuple, eps: float) -> int:
    """(a - mean) / sqrt(var + eps), the statistics over `axes` (biased variance)."""
    centered = steps.point("a0 - a1", a, steps.mean(a, axes))
    var = steps.mean(steps.point("a0**2", centered), axes)
    return steps.point(f"a0 / sqrt(a1 + {eps!r})", centered, var)


def _affine_out(g, args, size, normalize, channel_shape=None) -> list:
    """x * w + b over a normalized x, the gradients to a, w and b."""
    a, w, b = args
    shape = channel_shape or w.shape
    steps = _Steps(size)
    nodes = [steps.leaf(a), steps.leaf(np.reshape(w, shape)), steps.leaf(np.reshape(b, shape))]
    out = steps.point("a0 * a1 + a2", normalize(steps, nodes[0]), nodes[1], nodes[2])
    grads = steps.grads(out, np.asarray(g, np.float64))
    return [_shaped(grads[n], v) for n, v in zip(nodes, args, strict=True)]


def _shaped(grad, value):
    if not floating(value):
        return None
    return np.zeros(value.shape) if grad is None else np.reshape(grad, value.shape)


# ---- the ops ------------------------------------------------------------------------------
def _layer_norm(g, args, size, shape, eps):
    axes = tuple(range(args[0].ndim - len(shape), args[0].ndim))
    return _affine_out(g, args, size, lambda s, a: _normalized(s, a, axes, eps))


def _batch_norm(g, args, size, training, mean, var, eps):
    a = args[0]
    channel = (1, -1) + (1,) * (a.ndim - 2) if a.ndim > 1 else (-1,)
    if training:
        axes = (0, *range(2, a.ndim))
        return _affine_out(g, args, size, lambda s, x: _normalized(s, x, axes, eps), channel)

    def running(s, x):  # the running statistics are constants
        m, v = s.leaf(np.reshape(mean, channel)), s.leaf(np.reshape(var, channel))
        return s.point(f"(a0 - a1) / sqrt(a2 + {eps!r})", x, m, v)
    return _affine_out(g, args, size, running, channel)


def _axes(a: np.ndarray, dim) -> tuple:
    if dim is None or dim == () or dim == []:
        return tuple(range(a.ndim))
    return tuple(d % max(a.ndim, 1) for d in ((dim,) if isinstance(dim, int) else dim))


def _statistic(g, a, size, dim, build) -> list:
    """A reduction over `dim` written as steps by build(steps, leaf, axes) -> node."""
    steps = _Steps(size)
    x = steps.leaf(a)
    axes = _axes(a, dim)
    out = build(steps, x, axes)
    g = np.reshape(np.asarray(g, np.float64), steps.values[out].shape)  # (kept dims back)
    return [steps.grads(out, g)[x]]


def _var(g, args, size, dim, correction, keepdim, root=False):
    (a,) = args
    n = math.prod(a.shape[d] for d in _axes(a, dim))
    if n - correction <= 0:
        raise TooLarge("a variance of too few elements")

    def build(steps, x, axes):
        centered = steps.point("a0 - a1", x, steps.mean(x, axes))
        mean = steps.mean(steps.point("a0**2", centered), axes)
        scale = f"{n!r} / {n - correction!r}"
        # (std: torch's gradient is 0 where the std is, as symforms.std has it)
        return steps.point(f"Piecewise((sqrt(a0 * {scale}), Ne(a0, 0)), (0, True))" if root
                           else f"a0 * {scale}", mean)
    return _statistic(g, a, size, dim, build)


def _logsumexp(g, args, size, dim, keepdim):
    (a,) = args
    if not np.isfinite(a).all():
        raise TooLarge("logsumexp of non-finite values")

    def build(steps, x, axes):
        shift = steps.leaf(np.amax(a, axis=axes, keepdims=True))  # a constant: exact either way
        n = math.prod(a.shape[d] for d in axes)
        mean = steps.mean(steps.point("exp(a0 - a1)", x, shift), axes)
        return steps.point(f"log(a0 * {n!r}) + a1", mean, shift)
    return _statistic(g, a, size, dim, build)


def _softmax(g, args, size, dim, log=False):
    """softmax along dim as its definition, exp(a − m) / Σ exp(a − m), and log_softmax as
    a − m − log Σ exp(a − m), where m, each slice's largest finite element, is a constant
    (exact either way): reverse accumulation through the slice's sum applies the Jacobian
    diag(p) − p·pᵀ without building it, for a slice of any width."""
    (a,) = args
    x = np.reshape(a, a.shape or (1,))
    axes = _axes(x, dim)
    steps = _Steps(size)
    leaf = steps.leaf(x)
    top = np.amax(x, axis=axes, keepdims=True)
    shift = steps.leaf(np.where(np.isfinite(top), top, 0.0))
    n = x.shape[axes[0]]
    e = steps.point("exp(a0 - a1)", leaf, shift)
    mean = steps.mean(e, axes)
    out = steps.point(f"a0 - a2 - log(a1 * {n!r})", leaf, mean, shift) if log else \
        steps.point(f"a0 / (a1 * {n!r})", e, mean)
    grad = steps.grads(out, np.reshape(np.asarray(g, np.float64), x.shape))[leaf]
    return [np.reshape(grad, a.shape)]


def _attention(g, args, size, mask, scale, groups):
    """softmax(q kᵀ · scale + mask) v (the fused CPU kernel): its two products transposed,
    the softmax's Jacobian by _softmax's reverse accumulation; a row masked throughout is 0
    and passes no gradient."""
    q, k, v = (np.asarray(a, np.float64) for a in args)
    keys, values = grouped(k, groups), grouped(v, groups)
    scores = np.matmul(q, np.swapaxes(keys, -1, -2)) * scale
    if mask is not None:
        scores = scores + mask
    dead = np.all(scores == -np.inf, axis=-1, keepdims=True)
    scores = np.where(dead, 0.0, scores)
    p = np.where(dead, 0.0, safe_softmax(scores, -1))
    g = np.asarray(g, np.float64)
    dv = np.matmul(np.swapaxes(size(p), -1, -2), g)
    dp = np.where(dead, 0.0, np.matmul(g, np.swapaxes(size(values), -1, -2)))
    (ds,) = _softmax(dp, [scores], size, -1)
    ds = ds * size(np.float64(scale))
    dq = np.matmul(ds, size(keys))
    dk = np.matmul(np.swapaxes(ds, -1, -2), size(q))
    return [dq, ungrouped(dk, groups), ungrouped(dv, groups)]


def _norm(g, args, size, p, dim, keepdim):
    (a,) = args
    if p in (0, math.inf, -math.inf) or p <= 0:
        raise TooLarge(f"a {p}-norm")
    if (np.abs(a) == 0).any() and p < 2:
        raise TooLarge("a p-norm (p < 2) at a zero element")

    def build(steps, x, axes):
        n = math.prod(a.shape[d] for d in axes)
        power = "a0**2" if p == 2 else f"Abs(a0)**{float(p)!r}"
        mean = steps.mean(steps.point(power, x), axes)
        if not (steps.values[mean] > 0).all():
            raise TooLarge("a norm of a zero vector")
        return steps.point(f"(a0 * {n!r})**(1 / {float(p)!r})", mean)
    return _statistic(g, a, size, dim, build)


def _even_split(g, args, size, ties, dim=None, keepdim=False):
    """The extremum's gradient, shared evenly among the elements that reach it (`ties`, as
    the forward found them)."""
    (a,) = args
    axes = _axes(a, dim)
    ties = np.asarray(ties, bool)
    counts = np.sum(ties, axis=axes, keepdims=True)
    kept = np.reshape(np.asarray(g, np.float64), counts.shape)
    return [np.where(ties, kept / size(counts), 0.0)]


def _index_add(g, args, size, dim, index, alpha):
    """out = a, then out[index[k]] += alpha * source[k] along dim: a sum, so a's gradient is
    g and source's slice k is alpha times g's slice at index[k] (the map transposed)."""
    a, source = args
    g = np.asarray(g, np.float64)
    return [g if floating(a) else None,
            np.take(g, index, axis=dim) * size(np.float64(alpha)) if floating(source) else None]


def floating(a) -> bool:
    """An input that takes a gradient: a float array (not indices, masks or numbers)."""
    return isinstance(a, np.ndarray) and a.dtype.kind == "f"


FORMS = {
    "index_add": _index_add,
    "layer_norm": _layer_norm,
    "batch_norm": _batch_norm,
    "var": _var, "var_mean_var": _var,
    "std": functools.partial(_var, root=True), "std_mean_std": functools.partial(_var, root=True),
    "logsumexp": _logsumexp,
    "softmax": _softmax, "log_softmax": functools.partial(_softmax, log=True),
    "norm": _norm, "norm_aten": _norm,
    "sdpa_flash_cpu": _attention,
    **{name: _even_split for name in ("max", "min", "amax", "amin", "aminmax_min",
                                      "aminmax_max", "median", "nanmedian")},
}
