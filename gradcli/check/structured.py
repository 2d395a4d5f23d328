"""Exact gradients of graphs too large for per-element sympy: reverse accumulation over the
recorded forward, in float64, on every element. Each op's part comes from its forward, never
from the engine's VJP rules:

- a pointwise op: sympy differentiates its sym form once per op kind and input (on scalar
  symbols), and the derivative is evaluated on the replayed values of all elements;
- a contraction (mm, bmm, mv, dot, sums, means; addmm's plus its bias): its `Op.contraction`
  einsum, transposed mechanically (the gradient of one operand is the einsum of the others
  with the output's); a convolution's operands are its input's windows (`Op.unfold`), traced
  on element tags;
- a rearrangement (views, selections, cat, stack): its forward run on element tags says where
  each output element came from, and the gradient is added back there;
- a loss (mse, bce): its reduction transposed, then its pointwise part as above;
- an op along a dim (softmax): sympy's Jacobian of one slice, evaluated on every slice;
- an affine op (nll_loss, cumsum, x * 2): its forward run on symbols gives the coefficients;
- norms and statistics (layer_norm, batch_norm, var, logsumexp), extrema split among ties:
  written as steps in forms_nn.py.

Anything else raises TooLarge, and the check falls back to finite differences as before.
"""
from __future__ import annotations

import functools
import itertools

import numpy as np

from gradcli.engine import trace
from gradcli.engine.symforms import sp

from . import derivcache, forms_nn
from .compare import Expectation
from .dropped import reduce_to
from .ieee import Program
from .numeric import replay
from .records import Derived, Opaque, TooLarge, leaf_records
from .vectorized import derivative

NOTE = ("structured: every element exact in float64: sympy's derivative of each pointwise op, "
        "contractions transposed from their einsum form, rearrangements traced on element tags")


def expect(record, roots, targets, shapes: dict | None = None) -> dict:
    """{id(target tensor): Expectation} for every target, or TooLarge when an op under the
    roots has no structured form. `shapes`, if given, gets every record's shape by id (the
    matrix form's, which then replays nothing again)."""
    # the leaves first: past MAX_REPLAY_RECORDS this raises before seconds of accumulation
    leaves = [r for root in roots for r in leaf_records(root)]
    values = replayed(record, roots)
    if shapes is not None:
        shapes.update({key: np.shape(v) for key, v in values.items()})
        shapes.update({id(root): np.shape(seed) for root, seed in
                       zip(roots, record.grad_outputs, strict=True) if id(root) not in values})
    order = _reverse_topological(roots)
    order = _leading_to(targets, order)
    grads = _accumulate(record.grad_outputs, roots, order, values)
    found: list = []  # the rounding spread, worked out once on the first comparison needing it

    def spread() -> _Spread:
        if not found:
            found.append(_rounding_spread(record.grad_outputs, roots, order, values, grads))
        return found[0]
    return {id(t.tensor): _expectation(t, leaves, grads, lambda where, t=t: _total(
        t, leaves, lambda r: spread().deviation(r, where))) for t in targets}


def replayed(record, roots) -> dict:
    """The float64 values of the records under the roots (by id). A root's own value is read
    by no gradient, only its shape, which its seed has: where it does, the root is left out
    (a loss's mean sums every element in torch's order)."""
    values: dict = {}
    for root, tensor, seed in zip(roots, record.roots, record.grad_outputs, strict=True):
        skip = isinstance(root, trace.OpRecord) and np.shape(seed) == tuple(tensor.shape)
        for r in (root.args if skip else (root,)):
            if id(r) not in values:  # (what an earlier root's replay holds is not redone)
                values.update(replay(r, {}, values or None))
    return values


def vector_jacobian(roots, seeds: list, inputs: list, values: dict) -> list:
    """The gradient of Σ seed·root with respect to each input record, through the records
    between them only (a custom Function's forward); `values` holds the replayed values of
    the records under the roots, the inputs' included. TooLarge where an op has no form."""
    stops = frozenset(id(r) for r in inputs)
    grads = _accumulate(seeds, roots, _reverse_topological(roots, stops), values, stops)
    return [grads.get(id(r)) for r in inputs]


def _leading_to(targets, order: list) -> list:
    """The records of `order` that some target's record is under, in the same order: no
    gradient is worked out for what no target reads (an input batch's, say)."""
    wanted = {id(t.tensor) for t in targets}
    reached: set = set()
    for r in reversed(order):  # inputs before the records that read them
        tensor = getattr(r, "tensor", None)
        if (isinstance(r, trace.Leaf) and id(tensor) in wanted) or \
                any(id(a) in reached for a in getattr(r, "args", ())):
            reached.add(id(r))
    for t in targets:
        if t.tensor.grad_fn is not None:
            reached.add(id(t.tensor._record))  # a retained non-leaf: its gradient is asked
    return [r for r in order if id(r) in reached]


def _rounding_spread(seeds, roots, order: list, values: dict, grads: dict) -> _Spread:
    """How far float32 rounding may move each gradient element: each op's own terms, whose
    magnitudes its float32 sums round with (|g| through |J|, contracted in float32), plus what
    arrives from above through the op's Jacobian squared — independent roundings add in
    quadrature. Worst case along the whole chain (|g| through |J| of every op) grows ~18x
    per 512-wide layer and excused a 1.5x fault on the first layers of ten. Where float32
    overflows, again in float64 (an infinite allowance would pass any value)."""
    for narrow in (True, False):
        variances, deferred = _variances(order, values, grads, narrow)
        if all(np.isfinite(v).all() for v in variances.values()):
            break
    return _Spread(variances, deferred, values, grads, narrow)


def _variances(order: list, values: dict, grads: dict, narrow: bool) -> tuple[dict, dict]:
    """Each record's variance, but for the leaves a contraction reads: what it passes them is
    only the (record, operand) pairs, worked out at the elements a comparison asks about
    (_Spread.deviation) — a weight's whole variance would cost two more products per layer,
    for the few elements (of 262,144: 2 to 98) that float32 rounding takes out of rtol."""
    kept = {id(r) for r in order}
    variances: dict = {}
    deferred: dict = {}  # id(leaf) -> [(record, operand)]
    for r in order:
        g = grads.get(id(r))
        if g is None or not isinstance(r, trace.OpRecord):
            continue
        wanted = [id(a) in kept and not isinstance(a, trace.Const) for a in r.args]
        if _contracts(r.op):
            for i, a in enumerate(r.args):
                if wanted[i] and isinstance(a, trace.Leaf):
                    deferred.setdefault(id(a), []).append((r, i))
                    wanted[i] = False
        if not any(wanted):
            continue
        args = [values[id(a)] for a in r.args]
        parts = _input_variances(r, g, variances.get(id(r)), args, wanted, narrow,
                                 values.get(id(r)))
        for a, part in zip(r.args, parts, strict=True):
            if part is not None:
                _add(variances, a, part)
    return variances, deferred


def _contracts(op) -> bool:
    """Whether _input_grads takes the op as an einsum contraction (_transposed)."""
    return not (op.pointwise and op.condition is None) and not op.reduces and \
        op.unfold is None and op.contraction is not None


def _input_variances(r, g: np.ndarray, above, args: list, wanted: list, narrow: bool,
                     value) -> list:
    """What rounding adds to each wanted input's variance at r: r's own terms squared, plus
    the variance `above` (of r's output) through r's Jacobian squared."""
    if r.op.pointwise and r.op.condition is None and all(
            np.shape(a) == np.shape(g) for a, w in zip(args, wanted, strict=True) if w):
        return _pointwise_variances(r, g, above, args, wanted, value)
    own = _input_grads(r, np.abs(g), args, wanted, np.abs, narrow, value)
    arrived = (_input_grads(r, above, args, wanted, np.square, narrow, value)
               if above is not None else [None] * len(args))
    return [None if mine is None else
            np.square(mine, dtype=np.float64) + (0.0 if theirs is None else theirs)
            for mine, theirs in zip(own, arrived, strict=True)]


def _pointwise_variances(r, g: np.ndarray, above, args: list, wanted: list, value) -> list:
    """A pointwise op that broadcasts none of its wanted inputs: its own term squared and
    what arrives are (g² + above)·partial², one pass over each partial."""
    sized = np.square(g, dtype=np.float64)
    if above is not None:
        sized += above
    at = _compared_at(r)
    point, value = (args, value) if at is None else (at, None)
    key = _hashable(r.params)
    out = []
    for i, (a, want) in enumerate(zip(args, wanted, strict=True)):
        if not (want and forms_nn.floating(a)):
            out.append(None)
            continue
        partial = _partial(r.op, key, i, point, value)
        out.append(sized if partial is ONE else
                   np.broadcast_to(sized * np.square(partial), np.shape(g)))
    return out


MAX_PICKED = 1 / 64  # past this share of a leaf's elements, its whole variance at once


class _Spread:
    """The rounding spread's variances; each record's deviation (its square root) where asked."""

    def __init__(self, variances: dict, deferred: dict, values: dict, grads: dict,
                 narrow: bool):
        self.variances, self.deferred, self.narrow = variances, deferred, narrow
        self.values, self.grads = values, grads

    def deviation(self, record, where: np.ndarray | None) -> np.ndarray | None:
        """The record's deviation, right at least where `where` holds (all elements if None),
        or None where rounding passes it nothing."""
        whole, parts = self.variances.get(id(record)), self.deferred.get(id(record), ())
        if whole is None and not parts:
            return None
        shape = np.shape(self.values[id(record)])
        if where is None or np.shape(where) != shape or \
                np.count_nonzero(where) > MAX_PICKED * max(1, np.prod(shape)):
            return np.sqrt(self._whole(whole, parts))
        picked = np.nonzero(where)
        total = np.zeros(shape)
        total[picked] = (0.0 if whole is None else np.broadcast_to(whole, shape)[picked]) + \
            sum(self._picked(r, i, picked) for r, i in parts)
        return np.sqrt(total)

    def _whole(self, whole, parts) -> np.ndarray:
        total = 0.0 if whole is None else whole
        for r, i in parts:
            for narrow in {self.narrow, False}:
                part = self._operand(r, i, narrow)
                if np.isfinite(part).all():
                    break
            total = total + part
        return total

    def _operand(self, r, i: int, narrow: bool) -> np.ndarray:
        args = [self.values[id(a)] for a in r.args]
        wanted = [k == i for k in range(len(args))]
        return _input_variances(r, self.grads[id(r)], self.variances.get(id(r)), args, wanted,
                                narrow, None)[i]

    def _picked(self, r, i: int, picked: tuple) -> np.ndarray:
        """Operand i's variance from r at the picked elements: the same sums, one per element."""
        args = [self.values[id(a)] for a in r.args]
        spec = r.op.contraction(*[a.shape for a in args], **r.params)
        own = _contracted_at(spec, self.grads[id(r)], args, i, picked, np.abs)
        above = self.variances.get(id(r))
        arrived = 0.0 if above is None else _contracted_at(spec, above, args, i, picked,
                                                           np.square, _same)
        return np.square(own) + arrived


def _accumulate(seeds, roots, order: list, values: dict,
                stops: frozenset = frozenset()) -> dict:
    """The gradient of every record of `order` by id, the roots seeded with `seeds`. Parts
    that flow into a record outside `order` are not worked out, nor what flows on from a
    record in `stops`."""
    kept = {id(r) for r in order}
    grads: dict = {}
    for root, seed in zip(roots, seeds, strict=True):
        seed = np.asarray(seed, np.float64)
        shape = values[id(root)].shape if id(root) in values else seed.shape
        _add(grads, root, np.broadcast_to(seed, shape))
    for r in order:
        g = grads.get(id(r))
        if g is None or not isinstance(r, trace.OpRecord) or id(r) in stops:
            continue
        args = [values[id(a)] for a in r.args]
        wanted = [id(a) in kept for a in r.args]
        parts = _input_grads(r, g, args, wanted, value=values.get(id(r)))
        for a, part in zip(r.args, parts, strict=True):
            if part is not None and not isinstance(a, trace.Const):
                _add(grads, a, part)
    return grads


def multiplies_matrices(roots) -> bool:
    """Whether a product of tensors (mm, addmm, conv...) is under the roots: its elements'
    formulas are sums of products of every row, too long to read and slow to build."""
    seen, stack = set(), list(roots)
    while stack:
        r = stack.pop()
        if id(r) in seen:
            continue
        seen.add(id(r))
        op = getattr(r, "op", None)
        if op is not None and (op.unfold is not None or
                               (op.contraction is not None and len(r.args) > 1)):
            return True
        stack.extend(getattr(r, "args", ()))
    return False


def _reverse_topological(roots, stops: frozenset = frozenset()) -> list:
    """The records under the roots, each after every record that reads it; what is under
    a record in `stops` (by id) is left out."""
    order, seen = [], set()
    for root in roots:
        stack = [(root, False)]
        while stack:
            r, expanded = stack.pop()
            if expanded:
                order.append(r)
                continue
            if id(r) in seen:
                continue
            if isinstance(r, (Derived, Opaque)):
                raise TooLarge("a create_graph gradient in the graph")
            seen.add(id(r))
            stack.append((r, True))
            if id(r) not in stops:
                stack.extend((a, False) for a in getattr(r, "args", ()) if id(a) not in seen)
    return order[::-1]


def _add(grads: dict, r, g: np.ndarray) -> None:
    grads[id(r)] = g if id(r) not in grads else grads[id(r)] + g


def _input_grads(r, g: np.ndarray, args: list, wanted: list, size=None,
                 narrow: bool = False, value: np.ndarray | None = None) -> list:
    """Each wanted input's part of the gradient `g` of r's output (None for the others);
    with `size` (abs, square), of g through the size of each factor, for the rounding
    spread (`narrow`: contracted in float32). `value`: r's replayed value, where sympy's
    partial reads it (tanh's 1 - tanh²)."""
    op = r.op
    size = size or _same
    if op.pointwise and op.condition is None:
        return _pointwise(op, r.params, g, args, wanted, size, value, _compared_at(r))
    if op.reduces:
        return _reduced(r, g, args, size)
    if op.unfold is not None:
        return _unfolded(r, g, args, size)
    if op.contraction is not None:
        spec = op.contraction(*[a.shape for a in args], **r.params)
        if size is not _same and narrow:
            g, size = np.asarray(g, np.float32), _NARROW[size]
        return _transposed(spec, g, [size(a) if forms_nn.floating(a) else a for a in args],
                           wanted)
    if op.layout == "view" or op.elements_read == "selection" or op.rearranges:
        return _traced_back(r, g, args)
    if op.along_dim:
        return _sliced(r, g, args, size)
    if op.linear:
        return _linear(r, g, args, size)
    found = forms_nn.input_grads(r, g, args, size)
    if found is not None:
        return found
    raise TooLarge(f"{op.grad_fn} has no structured form")


def _same(a):
    return a


def _narrow(size):
    def sized32(a):
        narrow = np.asarray(a, np.float32)  # (rounding commutes with abs: one pass, not two)
        return size(narrow, out=narrow if narrow is not a else None)
    return sized32


_NARROW = {np.abs: _narrow(np.abs), np.square: _narrow(np.square)}  # size -> in float32


def _pointwise(op, params: dict, g: np.ndarray, args: list, wanted: list,
               size=_same, value: np.ndarray | None = None, at: list | None = None) -> list:
    """`value`, the op's value (None for a loss's pointwise part, which is reduced), stands
    in for the op's form where sympy's partial repeats it: tanh's 1 - tanh(a0)**2 is
    evaluated as 1 - out**2, without a second tanh of every element. `at`: the inputs'
    values where the partials are evaluated instead of `args` (see _compared_at)."""
    key = _hashable(params)
    point, value = (args, value) if at is None else (at, None)
    out = []
    for i, (a, want) in enumerate(zip(args, wanted, strict=True)):
        if not (want and forms_nn.floating(a)):
            out.append(None)
            continue
        partial = _partial(op, key, i, point, value)
        part = g if partial is ONE else g * size(partial)  # (g * 1.0 is g, bit for bit)
        if part.shape != g.shape:
            part = np.broadcast_to(part, g.shape)
        out.append(reduce_to(np.add, part, a.shape))
    return out


def _compared_at(r) -> list | None:
    """The values an op that compares its inputs (relu, clamp, maximum) compared, as the
    engine held them (float32): its partials are a choice of branch per element, which
    torch makes there; the float64 replay may land on the other side of 0 (a pre-activation
    of 0 in float32, 1e-9 in float64). Still sympy's partial, at the forward's own point."""
    at = getattr(r, "at", None)
    return None if at is None else [np.asarray(a, np.float64) for a in at]


ONE = np.float64(1.0)  # the partial of a sum's terms, which needs no multiplication


def _partial(op, params: tuple, i: int, args: list, out: np.ndarray | None = None):
    """d out / d input i of a pointwise op, on every (broadcast) element: a float64 array,
    or ONE. With `out` (the op's value), a partial that repeats the op's form reads it."""
    key = (id(op), i, len(args), params, out is not None)
    found = _PARTIALS.get(key)
    if found is None:
        if len(_PARTIALS) > 512:  # (a bound, for sessions of ever new params)
            _PARTIALS.clear()
        what = ("partial-of-output" if out is not None else "partial", i, len(args), params)
        program = derivcache.program(op, what, lambda: _symbolic_partial(
            op, i, len(args), params, out is not None))
        found = _PARTIALS[key] = (op, program, _shortcut(program))
    _, program, shortcut = found
    if shortcut is not None:  # a number, one of the inputs or the output as it is
        if isinstance(shortcut, int):
            return np.asarray(args[shortcut], np.float64)
        return np.asarray(out, np.float64) if isinstance(shortcut, str) else shortcut
    env = {f"a{k}": a for k, a in enumerate(args)}
    if out is not None:
        env[OUT] = out
    (value,) = program.run(env)
    return np.asarray(value, np.float64)


OUT = "out"  # the symbol of the op's own value in a partial


# (id(op), input, inputs, params, reads out) -> (op, program, shortcut): by the op's identity
# (an Op's dataclass hash walks all its fields), which the entry keeps alive; the program is
# sympy's derivative, kept on disk between runs (derivcache)
_PARTIALS: dict = {}


def _shortcut(program: Program):
    """Where running the program would only copy: ONE (or another number) for a constant
    derivative, k where it is input k (`a{k}`) itself (a product's), OUT where it is the
    op's value (exp's); else None."""
    (out,) = program.outputs
    kind, detail = program.recipe[out][0]
    if kind == "number":
        return ONE if detail == 1.0 else np.float64(detail)
    if kind == "symbol" and detail[1] is None and detail[0][:1] == "a" and detail[0][1:].isdigit():
        return int(detail[0][1:])
    if kind == "symbol" and detail[1] is None and detail[0] == OUT:
        return OUT
    return None


def _symbolic_partial(op, i: int, n: int, params: tuple, of_output: bool = False) -> Program:
    """sympy's derivative of the op's form by input i, as a program over the inputs'
    symbols a0, a1, ...; `of_output`: the form itself, where the derivative repeats it
    whole, is the symbol OUT (the op's value, which the replay has computed already)."""
    symbols = [sp().Symbol(f"a{k}", real=True) for k in range(n)]
    inputs = [np.asarray(s, dtype=object) for s in symbols]
    with sp().evaluate(False):
        form = np.asarray((op.sym or op.forward)(*inputs, **dict(params)), dtype=object).item()
    d = derivative(form, symbols[i])
    if d.has(sp().Derivative, sp().Subs):
        raise TooLarge(f"sympy cannot differentiate {op.grad_fn}'s form")
    if of_output and isinstance(form, sp().Basic) and not form.is_Atom:
        d = d.xreplace({form: sp().Symbol(OUT, real=True)})  # (exactly the form, no rewriting)
    return Program([d])


def _reduced(r, g: np.ndarray, args: list, size=_same) -> list:
    """A loss: the gradient of torch's reduction, then of the pointwise part under it."""
    shape = np.broadcast_shapes(*[a.shape for a in args])
    count = int(np.prod(shape)) if r.params["reduction"] == "mean" else 1
    g = np.broadcast_to(np.asarray(g, np.float64) / size(np.float64(count)), shape)
    return _pointwise(r.op, {**r.params, "reduction": "none"}, g, args, [True] * len(args), size)


MAX_SLICE = 64  # a softmax over a longer dim has a Jacobian too large to derive entry by entry


def _sliced(r, g: np.ndarray, args: list, size=_same) -> list:
    """An op applied to each slice along `dim`: sympy's Jacobian of one slice, evaluated on
    all of them at once."""
    (a,) = args
    dim = r.params["dim"] % max(a.ndim, 1)
    length = a.shape[dim] if a.ndim else 1
    if length > MAX_SLICE:
        raise TooLarge(f"{r.op.grad_fn} along a dim of {length} elements")
    params = _hashable({k: v for k, v in r.params.items() if k != "dim"})
    names, places, program = _slice_jacobian(r.op, length, params)
    x, g = np.moveaxis(a.reshape(a.shape or (1,)), dim, -1), np.moveaxis(
        np.reshape(g, a.shape or (1,)), dim, -1)
    entries = program.run({name: x[..., k] for k, name in enumerate(names)})
    out = np.zeros(x.shape)
    for (i, j), entry in zip(places, entries, strict=True):
        out[..., j] += g[..., i] * size(entry)
    return [np.moveaxis(out, -1, dim).reshape(a.shape)]


@functools.lru_cache(maxsize=64)
def _slice_jacobian(op, length: int, params: tuple):
    """The slice's input names (a0, a1, ...), where its Jacobian's nonzero entries are, and
    their program; kept between runs (derivcache): a softmax or cross-entropy checked again
    imports no sympy."""
    return derivcache.kept(
        op, ("slice-jacobian", length, params), lambda: _derived_slice_jacobian(op, length, params),
        lambda made: [made[1], made[2].recipe, made[2].outputs],
        lambda entry: ([f"a{k}" for k in range(length)], [tuple(p) for p in entry[0]],
                       Program.from_recipe(entry[1], entry[2])))


def _derived_slice_jacobian(op, length: int, params: tuple):
    symbols = [sp().Symbol(f"a{k}", real=True) for k in range(length)]
    out = (op.sym or op.forward)(np.asarray(symbols, dtype=object), dim=0, **dict(params))
    places, entries = [], []
    for i, y in enumerate(np.asarray(out).reshape(-1)):
        for j, s in enumerate(symbols):
            entry = derivative(y, s)
            if entry != 0:
                places.append((i, j))
                entries.append(entry)
    return [s.name for s in symbols], places, Program(entries)


MAX_LINEAR = 100_000  # elements of a linear op's input followed one by one


def _linear(r, g: np.ndarray, args: list, size=_same) -> list:
    """An op affine in its first input: run its forward on forms that follow each element
    (`_Affine`), and each output element's coefficients are where its gradient goes."""
    a = args[0]
    if a.size > MAX_LINEAR:
        raise TooLarge(f"{r.op.grad_fn} of {a.size:,} elements")
    try:
        out = np.asarray(r.op.forward(_unit_forms(a.size).reshape(a.shape), *args[1:],
                                      **r.params), dtype=object)
    except (TypeError, AttributeError, ValueError):  # not affine after all: say so
        raise TooLarge(f"{r.op.grad_fn} is not affine in its input") from None
    total = np.zeros(a.size)
    for weight, y in zip(np.broadcast_to(g, out.shape).reshape(-1), out.reshape(-1)):
        if isinstance(y, _Affine) and y.where:
            total += np.bincount(y.where, weight * size(y.weights()),
                                 minlength=a.size)
    return [total.reshape(a.shape)] + [None] * (len(args) - 1)


@functools.lru_cache(maxsize=8)
def _unit_forms(size: int) -> np.ndarray:
    """x[0], x[1], ... as forms; kept across passes (a loop's loss takes the same shape every
    step) — safe, as forms are never changed, only combined into new ones."""
    forms = np.empty(size, dtype=object)
    forms[:] = [_Affine([k], [1.0]) for k in range(size)]
    forms.flags.writeable = False
    return forms


class _Affine:
    """constant + scale·Σ coefficients[n]·x[where[n]] over an input's elements (an element may
    appear more than once: its coefficients add up): what an affine forward makes of them.
    Scaling is O(1) and adding two forms of one scale joins their lists, so a sum of 512
    picked, negated log-probabilities is built in microseconds where sympy's Add takes
    seconds."""

    __slots__ = ("where", "coefficients", "constant", "scale")

    def __init__(self, where: list, coefficients: list, constant: float = 0.0,
                 scale: float = 1.0):
        self.where, self.coefficients = where, coefficients
        self.constant, self.scale = constant, scale

    def weights(self) -> np.ndarray:
        """Each listed element's coefficient, scale applied."""
        return np.asarray(self.coefficients) * self.scale

    def __add__(self, other):
        if not isinstance(other, _Affine):
            return _Affine(self.where, self.coefficients, self.constant + float(other),
                           self.scale)
        constant = self.constant + other.constant
        if self.scale == other.scale:
            return _Affine(self.where + other.where, self.coefficients + other.coefficients,
                           constant, self.scale)
        return _Affine(self.where + other.where,
                       [c * self.scale for c in self.coefficients] +
                       [c * other.scale for c in other.coefficients], constant)

    __radd__ = __add__

    def __mul__(self, other):
        if isinstance(other, _Affine):
            raise TypeError("a product of two inputs is not affine")
        k = float(other)
        return _Affine(self.where, self.coefficients, self.constant * k, self.scale * k)

    __rmul__ = __mul__

    def __neg__(self):
        return self * -1.0

    def __sub__(self, other):
        return self + (-other)

    def __rsub__(self, other):
        return (-self) + other

    def __truediv__(self, other):
        return self * (1.0 / float(other))


def _hashable(params: dict) -> tuple:
    if not params:
        return ()
    try:
        key = tuple(sorted(params.items()))
        hash(key)
        return key
    except TypeError:  # an array param: not a pointwise op sympy can take once per kind
        raise TooLarge("an op with array parameters") from None


def _transposed(contraction: tuple[str, float], g: np.ndarray, args: list,
                wanted: list | None = None) -> list:
    """The gradient of each (wanted) operand of `scale * einsum(spec, *args)`: the einsum of
    the output's gradient with the other operands of its term, into that operand's indices.
    An index found nowhere else was summed away (or broadcast) by the forward: the gradient
    is the same all along it."""
    spec, scale = contraction
    inputs, output = spec.split("->")
    terms = [term.split(",") for term in inputs.split("+")]
    subscripts = [sub for term in terms for sub in term]
    sizes = {c: n for sub, a in zip(subscripts, args, strict=True) for c, n in zip(sub, a.shape)}
    g = g.reshape([sizes[c] for c in output])  # (a keepdim sum's kept dims are not in spec)
    if np.ndim(scale) or scale != 1:  # (times 1 is g, bit for bit: no copy of it)
        g = g * scale  # (a number, or an array over the output: average pooling's divisors)
    wanted = [True] * len(args) if wanted is None else wanted
    out, first = [], 0
    for term in terms:
        operands = args[first:first + len(term)]
        out += [_operand_grad(g, output, term, operands, i, sizes)
                if wanted[first + i] and forms_nn.floating(a) else None
                for i, a in enumerate(operands)]
        first += len(term)
    return out


def _operand_grad(g: np.ndarray, output: str, term: list, operands: list, i: int,
                  sizes: dict) -> np.ndarray:
    others = [k for k in range(len(term)) if k != i]
    present = set(output).union(*[term[k] for k in others])
    kept = "".join(c for c in term[i] if c in present)
    spec = ",".join([output, *[term[k] for k in others]]) + "->" + kept
    factors = [g, *[operands[k] for k in others]]
    part = np.einsum(spec, *factors, optimize=_einsum_path(spec, *[f.shape for f in factors]))
    part = part.reshape([sizes[c] if c in present else 1 for c in term[i]])
    return part if part.shape == operands[i].shape else np.broadcast_to(part, operands[i].shape)


def _contracted_at(contraction: tuple[str, float], g: np.ndarray, args: list, i: int,
                   picked: tuple, size, size_g=None) -> np.ndarray:
    """Operand i's gradient (as _transposed's) at the elements `picked` (np.nonzero's index
    arrays) only, of `size_g(g)` (default `size`) through `size` of the other operands: each
    factor's axes of operand i's indices taken at the picked coordinates, one new index Z (one
    element each) in their place."""
    spec, scale = contraction
    inputs, output = spec.split("->")
    terms = [term.split(",") for term in inputs.split("+")]
    subscripts = [sub for term in terms for sub in term]
    sizes = {c: n for sub, a in zip(subscripts, args, strict=True) for c, n in zip(sub, a.shape)}
    first = 0
    for term in terms:  # the term operand i is in, and its place there
        if i < first + len(term):
            break
        first += len(term)
    g = g.reshape([sizes[c] for c in output])
    if np.ndim(scale) or scale != 1:
        g = g * scale  # (an array over the output: average pooling's divisors)
    factors = [(g, output)] + [(args[first + k], sub) for k, sub in enumerate(term)
                               if first + k != i]
    at = {c: where for c, where in zip(subscripts[i], picked, strict=True)}
    taken = [_taken(f, sub, at) for f, sub in factors]
    sized = [(size_g or size)(taken[0][0])] + [size(f) for f, _ in taken[1:]]
    spec_at = ",".join(sub for _, sub in taken) + "->" + \
        ("Z" if any("Z" in sub for _, sub in taken) else "")
    part = np.einsum(spec_at, *sized, optimize=len(taken) > 2)
    return np.broadcast_to(part, np.shape(picked[0]))


def _taken(factor: np.ndarray, sub: str, at: dict) -> tuple[np.ndarray, str]:
    """The factor at the coordinates `at` gives its indices: those axes become one, Z, first."""
    axes = [k for k, c in enumerate(sub) if c in at]
    if not axes:
        return factor, sub
    moved = np.moveaxis(factor, axes, list(range(len(axes))))
    rest = "".join(c for c in sub if c not in at)
    return moved[tuple(at[sub[k]] for k in axes)], "Z" + rest


@functools.lru_cache(maxsize=256)
def _einsum_path(spec: str, *shapes: tuple) -> list:
    """numpy's contraction order for `spec` on operands of these shapes: the same every step
    of a loop, and working it out costs as much as a small product itself."""
    return np.einsum_path(spec, *[np.broadcast_to(0.0, s) for s in shapes], optimize=True)[0]


def _unfolded(r, g: np.ndarray, args: list, size=_same) -> list:
    """A contraction over operands the inputs' elements were moved into: its gradients by
    operand, each element's added back to the input element its tag names (tags are
    negative, -1 - position; what unfold itself puts in is not)."""
    op, params = r.op, r.params
    operands = [size(np.asarray(o, np.float64)) for o in op.unfold(*args, **params)]
    parts = _transposed(op.contraction(*[o.shape for o in operands], **params), g, operands)
    offsets = np.cumsum([0] + [a.size for a in args])
    tags = [-1.0 - np.arange(offsets[k], offsets[k + 1]).reshape(a.shape)
            if forms_nn.floating(a) else a for k, a in enumerate(args)]
    total = np.zeros(offsets[-1])
    for moved, part in zip(op.unfold(*tags, **params), parts, strict=True):
        moved = np.asarray(moved).reshape(-1)
        here = moved < 0
        total += np.bincount((-1 - moved[here]).astype(np.int64), part.reshape(-1)[here],
                             minlength=total.size)
    return [total[offsets[k]:offsets[k + 1]].reshape(a.shape) if forms_nn.floating(a) else None
            for k, a in enumerate(args)]


def _traced_back(r, g: np.ndarray, args: list) -> list:
    """Run the forward on tags (each input element's flat position, the inputs numbered one
    after another), then add each output element's gradient to the element its tag names."""
    offsets = [0, *itertools.accumulate(a.size for a in args)]
    moved, in_range = _moved(r, args, offsets)
    if moved.shape != g.shape:
        raise TooLarge(f"{r.op.grad_fn} does not only move elements")
    if in_range:  # (the same sums as add.at's, element by element in order, but at once)
        total = np.bincount(moved.reshape(-1), g.reshape(-1), minlength=offsets[-1])
    else:
        total = np.zeros(offsets[-1])
        np.add.at(total, moved.reshape(-1), g.reshape(-1))
    return [total[offsets[k]:offsets[k + 1]].reshape(a.shape) if forms_nn.floating(a) else None
            for k, a in enumerate(args)]


def _moved(r, args: list, offsets) -> tuple[np.ndarray, bool]:
    """The tag of each output element, and whether all tags name an input element. Where every
    input is tagged the tags depend on the shapes alone: kept for the next record of the same
    op, params and shapes (a loop's step repeats them all)."""
    key = _tag_key(r, args)
    found = _MOVED.get(key) if key is not None else None
    if found is not None:
        return found[1], found[2]
    tags = [np.arange(offsets[k], offsets[k + 1], dtype=np.float64).reshape(a.shape)
            if forms_nn.floating(a) else a for k, a in enumerate(args)]
    moved = np.asarray(r.op.forward(*tags, **r.params)).astype(np.int64)
    in_range = moved.size == 0 or (moved.min() >= 0 and moved.max() < offsets[-1])
    if key is not None and moved.size <= MAX_KEPT_TAGS:
        if len(_MOVED) > 256:  # (a bound, for sessions of ever new shapes)
            _MOVED.clear()
        moved.flags.writeable = False
        _MOVED[key] = (r.op, moved, in_range)
    return moved, in_range


MAX_KEPT_TAGS = 1 << 16
_MOVED: dict = {}  # _tag_key -> (op, its tags, in range): the entry keeps the op alive


def _tag_key(r, args: list) -> tuple | None:
    """What an op's tags depend on when all its inputs are tagged; None when an input is not
    (an index: its values place the elements) or a param cannot be a key."""
    if not all(forms_nn.floating(a) for a in args):
        return None
    try:
        params = tuple([(k, _key_of(v)) for k, v in r.params.items()])
        hash(params)
    except TypeError:
        return None
    return id(r.op), params, tuple(a.shape for a in args)


def _key_of(value):
    """A param as a dict key: slices (unhashable before Python 3.12) and tuples of them."""
    if isinstance(value, slice):
        return ("slice", value.start, value.stop, value.step)
    if isinstance(value, tuple):
        return tuple(_key_of(v) for v in value)
    if value is None or isinstance(value, (bool, int, float, str, np.integer, np.dtype)):
        return value
    raise TypeError("not a key")  # an index array, a list: values that place elements


def _expectation(target, leaves: list, grads: dict, rounding) -> Expectation:
    return Expectation(_total(target, leaves, lambda r: grads.get(id(r))), None, "symbolic", NOTE,
                       rounding=rounding)


def _total(target, leaves: list, part_of) -> np.ndarray:
    """What the pass adds to the target: the parts of each of its records (`part_of(record)`,
    None for a record with none), in its shape."""
    tensor = target.tensor
    records = [r for r in leaves if r.tensor is tensor] if tensor.grad_fn is None else \
        [tensor._record]
    parts = [part for part in map(part_of, records) if part is not None]
    shape = np.shape(target.added)
    if len(parts) == 1 and np.shape(parts[0]) == shape:  # (the usual case: nothing to add)
        return np.asarray(parts[0], np.float64)
    total = np.zeros(shape)
    for part in parts:
        total = total + np.broadcast_to(part, shape)
    return total
