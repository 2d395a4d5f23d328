"""The cross-check: every gradient a pass produced, against sympy's derivative of the forward.

The engine's trace records say which op made which tensor from what. Here they are replayed
a second time, with each op's *symbolic forward* (ops.Op.sym, or its numpy forward over object
arrays), and differentiated by sympy itself: the engine's VJPs are never consulted. Where the
graph is too large for sympy, the same records are replayed numerically in float64 and
differentiated by central differences on a sample of elements (method "numeric").
"""
from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field
from typing import Callable

import numpy as np

from gradcli.engine import trace
from gradcli.engine.symforms import number, sp

from . import forms

TOLERANCES = {"float16": (1e-2, 1e-3), "float32": (1e-4, 1e-5), "float64": (1e-7, 1e-9)}
MAX_SYMBOLIC_ELEMENTS = 5_000  # object-array elements built per pass before going numeric
MAX_EXACT_SYMBOLS = 48  # per tensor: differentiate every element up to this, else a sample
SAMPLE = 16
MAX_REPLAY_RECORDS = 20_000
# (sign too: sympy leaves sign(u)' unevaluated where it cannot tell that u is real)
STEP_FUNCTIONS = frozenset({"floor", "ceiling", "round", "frac", "sign"})
# Ops whose gradient is an exact 0 for some elements of an input (the ones they do not read):
# which ones, from their forward on tagged elements, or from `ties` (max/min: the extremum).
SELECTIONS = frozenset({
    "select", "slice", "index", "index_select", "gather", "max_dim", "min_dim", "as_strided",
    "unbind", "split", "copy_slices", "index_put", "masked_fill_tensor", "fill", "fill_tensor",
    "zero", "copy"})
TIES = frozenset({"max", "min", "amax", "amin"})
FLAT = frozenset({"floor", "round", "round_decimals", "sign", "div_rounding"})  # read nothing


class TooLarge(Exception):
    pass


@dataclass
class Derived:
    """A gradient made under create_graph=True: on the check side it *is* sympy's derivative,
    so a second derivative differentiates sympy's first one, never the engine's VJPs."""

    exprs: np.ndarray
    value: np.ndarray
    leaves: list = field(default_factory=list)  # the Leaf records its symbols stand for
    # the gradient of a retained intermediate: (id of its record, exprs in its cut symbols),
    # for a pass that cuts it again (y.grad.sum().backward() reaches y through y.grad)
    cut: tuple | None = None

    def exprs_for(self, cuts: dict) -> np.ndarray:
        return self.cut[1] if self.cut is not None and self.cut[0] in cuts else self.exprs


@dataclass
class Opaque:
    """A gradient made under create_graph whose first derivative had no full symbolic form:
    differentiating it again could only reuse the engine's rules, so the check says so."""

    reason: str


@dataclass
class Expectation:
    added: np.ndarray  # float64, what this pass should add
    formulas: np.ndarray | None  # object array of sympy expressions, same shape
    method: str
    note: str
    mask: np.ndarray | None = None  # the elements checked, when not all of them
    point: dict | None = None  # symbol -> value where each formula is one element's (display)


@dataclass
class _Symbols:
    """Per leaf version: its symbols and their values."""

    record: object
    symbols: np.ndarray
    values: np.ndarray
    owner: object = None
    hidden: int = 0  # the memory's writes through `.data` when `values` was read


@dataclass
class SymbolTable:
    names: dict = field(default_factory=dict)  # id(record) -> _Symbols
    masks: dict = field(default_factory=dict)  # ("mask", id(owner)) -> _Symbols

    def of(self, record, name: str) -> _Symbols:
        entry = self.names.get(id(record))
        hidden = getattr(getattr(record, "storage", None), "hidden_writes", 0)
        if entry is None:
            if record.value.array.size > MAX_SYMBOLIC_ELEMENTS:
                raise TooLarge(f"a tensor of {record.value.array.size:,} elements")
            values = np.asarray(record.value.array, dtype=np.float64)
            label = name if record.version == 0 else f"{name}@{record.version}"
            entry = _Symbols(record, _symbol_array(label, values.shape), values, hidden=hidden)
            self.names[id(record)] = entry
        elif entry.hidden != hidden:  # written through `.data`: torch reads the memory as it is
            entry.values, entry.hidden = np.asarray(record.value.array, dtype=np.float64), hidden
        return entry

    def mask(self, owner, array) -> np.ndarray:
        """The mask symbols of a where/masked_fill, one entry per record that owns it."""
        key = ("mask", id(owner))
        entry = self.masks.get(key)
        if entry is None:
            entry = self.masks[key] = self.of(_Mask(array), f"m{len(self.masks)}")
            entry.owner = owner  # keeps the id from being reused
        return entry.symbols

    def displayed(self, expr):
        """A formula as a person reads it: masks replaced by their 0/1 values."""
        if not self.masks or not hasattr(expr, "xreplace"):
            return expr
        values = {s: sp().Integer(int(v)) for e in self.masks.values()
                  for s, v in zip(e.symbols.reshape(-1), e.values.reshape(-1), strict=True)}
        return expr.xreplace(values)


def _symbol_array(label: str, shape) -> np.ndarray:
    """One real symbol per element: `x` for one element, else `x[0,1]`."""
    out = np.empty(shape, dtype=object)
    for idx in np.ndindex(*shape):
        text = label if not shape or int(np.prod(shape)) == 1 else \
            f"{label}[{','.join(map(str, idx))}]"
        out[idx] = sp().Symbol(text, real=True)
    return out


def _constant(array: np.ndarray) -> np.ndarray:
    if array.dtype.kind in "biu":
        return array  # indices and masks stay numeric: never differentiated
    as_text = array.dtype == np.float32
    out = np.empty(array.shape, dtype=object)
    for idx in np.ndindex(*array.shape):
        v = array[idx]
        out[idx] = number(float(str(v)) if as_text else float(v))  # shortest float32 text
    return out


def post_order(root, evaluate, is_input=lambda record: False, values: dict | None = None):
    """Evaluate the records under `root` bottom-up with an explicit stack (graphs are deep):
    `evaluate(record, values)` sees its arguments' values in `values`, keyed by id (pass
    `values` to keep them all). Records for which `is_input` holds are evaluated without
    looking below them."""
    values = {} if values is None else values
    stack = [(root, False)]
    while stack:
        record, expanded = stack.pop()
        key = id(record)
        if key in values:
            continue
        args = getattr(record, "args", ())
        if expanded or not args or is_input(record):
            values[key] = evaluate(record, values)
            continue
        stack.append((record, True))
        stack.extend((a, False) for a in args if id(a) not in values)
    return values[id(root)]


class _Mask:
    """A where/masked_fill condition as a check-side variable, valued 0 or 1 per element."""

    def __init__(self, array):
        self.version = 0
        self.value = trace.Snapshot(np.asarray(array, dtype=np.float64))


def _where(table, record, args):
    # NOTE: torch's where passes 0 * grad to the unselected branch, so inf/nan derivatives
    # there leak as nan. With the mask a symbol until evaluation, so does sympy's derivative.
    m = table.mask(record.args[0], record.args[0].value.array)
    _, a, b = args
    return np.asarray(a * m + b * (1 - m), dtype=object)


def _masked_fill(table, record, args):
    m = table.mask(record, record.params["mask"])
    return np.asarray(number(record.params["value"]) * m + args[0] * (1 - m), dtype=object)


MASKED = {"where": _where, "masked_fill": _masked_fill}


def signed_zero(value) -> sp.Symbol:
    """A constant zero divisor as a symbol valued +-0.0. sympy folds x/0 to zoo, an infinity
    without a sign, where IEEE's x/+-0 (and its derivative 1/+-0) is a signed infinity."""
    return forms.constant(-0.0 if np.signbit(value) else 0.0)


def keep_zero_divisors(record, args: list) -> list:
    """`args` of a div with each zero element of a constant divisor made a signed_zero. (A
    divisor already replayed as one symbol for all its elements is valued numerically.)"""
    if record.op.name != "div" or not isinstance(record.args[1], trace.Const):
        return args
    c = np.asarray(record.args[1].value.array).reshape(-1)
    if c.size != np.size(args[1]) or not (c == 0).any():
        return args
    divisor = np.array(args[1], dtype=object).reshape(-1)
    for i in np.flatnonzero(c == 0):
        divisor[i] = signed_zero(c[i])
    return [args[0], divisor.reshape(np.shape(args[1]))]


class Dropped:
    """The elements of intermediate tensors that get an exact 0 gradient: the ones no op of a
    pass reads (x.log()[1] reads one of two), and the ones every op that reads them passes
    none to (relu's flat part, clamp outside its bounds, maximum's smaller side: torch's
    backward there is a `where`, not a product). torch multiplies that 0 by every local
    derivative below: where one is inf or nan, so is the leaf's gradient (at x = [0, 1],
    x.log()[1] gives x.grad [nan, 1], x.log().relu() [nan, 0]). Each such element, times a
    zero sympy cannot fold, joins the objective: its derivative is that product. (Leaves'
    elements need none: nothing is below.)"""

    def __init__(self):
        # id(record) -> [its expressions, which elements some op read, the record, and the
        # reads that pass a gradient only where the values say (Zeroed), resolved at a point]
        self.seen: dict = {}

    def read(self, record, exprs, which=None) -> None:
        """An op read `which` elements of `record`: a bool mask, None (all of them), or a
        Zeroed (where its gradient passes depends on the values)."""
        entry = self.seen.get(id(record))
        if entry is None:
            entry = self.seen[id(record)] = [exprs, np.zeros(np.shape(exprs), dtype=bool),
                                             record, []]
        if isinstance(which, Zeroed):
            entry[3].append(which)
        elif which is None:
            entry[1][...] = True
        else:
            entry[1] |= which

    def term(self, point: dict | None = None, mask_symbol=None):
        """Their sum times the zero; with `point`, of only the elements that can have an
        infinite or nan slope there (elsewhere 0 * slope is 0, and sympy need not derive it).
        One formula standing for every element (the vectorized check: `point` holds arrays)
        is kept where `mask_symbol(array)`, a symbol valued 1 at the unread elements, is."""
        unread, masked = [], []
        for exprs, read, _, zeroed in self.seen.values():
            if zeroed and not read.all():
                read = read | functools.reduce(np.logical_or, (~z.mask(point) for z in zeroed))
            if read.all():
                continue
            if read.shape != np.shape(exprs):  # one formula, a mask over its elements
                masked.append(sp().Piecewise(
                    (np.asarray(exprs).item(), sp().Gt(mask_symbol(~read), 0)), (0, True)))
                continue
            unread += list(np.asarray(exprs, dtype=object)[~read])
        if point is not None and mask_symbol is None:
            unread = [e for e, bad in zip(unread, _singular(unread, point), strict=True) if bad]
        zero = forms.dropped_zero()
        return sp().Add(*(zero * e for e in unread + masked))


@dataclass
class Zeroed:
    """Where an op passes no gradient to its input `index` (torch's `where(..., grad, 0)`),
    found from the values of its inputs at the point: the condition of torch's backward."""

    op: str
    index: int
    args: list  # the op's inputs, symbolic
    params: dict

    def mask(self, point: dict) -> np.ndarray:
        """Over the input's elements (one that broadcasting repeats is zeroed where every copy
        is)."""
        values = [_value_at(a, point) for a in self.args]
        zeroed = np.asarray(ZEROED[self.op](self.index, *values, **self.params))
        shape = np.shape(values[self.index])
        return reduce_to(np.logical_and, np.broadcast_to(
            zeroed, np.broadcast_shapes(zeroed.shape, shape)), shape)


def reduce_to(ufunc, a: np.ndarray, shape) -> np.ndarray:
    """`a` reduced with `ufunc` over the axes broadcasting added, back to an input's shape."""
    if a.shape == tuple(shape):
        return a
    lead = a.ndim - len(shape)
    axes = tuple(range(lead)) + tuple(i + lead for i, n in enumerate(shape)
                                      if n == 1 and a.shape[i + lead] != 1)
    return ufunc.reduce(a, axis=axes, keepdims=True).reshape(shape) if axes else a.reshape(shape)


def _value_at(exprs, point: dict) -> np.ndarray:
    exprs = np.asarray(exprs, dtype=object)
    if not any(isinstance(e, sp().Basic) for e in exprs.reshape(-1)):
        return exprs.astype(np.float64)  # a where's condition: plain bools
    return numeric_value(exprs.item(), point) if exprs.ndim == 0 else evaluate(exprs, point)


def _bounds(a, low, high):
    inside = np.ones(np.shape(a), dtype=bool)  # nan is inside no bounds: torch zeroes it too
    if low is not None:
        inside &= a >= low
    if high is not None:
        inside &= a <= high
    return ~inside


# Per op: the elements of input i that torch's backward zeroes (derivatives.yaml), from the
# inputs' values. Comparisons with nan are false, as torch's.
ZEROED = {
    "relu": lambda i, a: a <= 0,
    "clamp": lambda i, a, min=None, max=None: _bounds(a, min, max),
    "clamp_min": lambda i, a, min: _bounds(a, min, None),
    "clamp_max": lambda i, a, max: _bounds(a, None, max),
    "maximum": lambda i, a, b: a < b if i == 0 else a > b,
    "minimum": lambda i, a, b: a > b if i == 0 else a < b,
    "where": lambda i, cond, a, b: cond == 0 if i == 1 else cond != 0,
    "masked_fill": lambda i, a, mask, value: np.asarray(mask, dtype=bool),
}


def _singular(exprs: list, point: dict) -> list[bool]:
    """For each expression, whether some part of it is 0 or not finite at `point`: a slope
    below can be inf or nan only there (log(0), sqrt(0), 1/0, a power of 0, an overflow, a
    nan), save a slope that overflows where no part does (1/u at u = 1e-200: its slope -1/u**2
    is -inf). Shared parts are evaluated once."""
    values: dict = {}
    flags: dict = {}  # node -> whether it or a part of it is 0 or not finite
    out = []
    for expr in exprs:
        numeric_value(expr, point, values)
        stack = [(expr, False)]
        while stack:
            node, expanded = stack.pop()
            if node in flags:
                continue
            if expanded or not node.args:
                v = np.asarray(values.get(node, 1.0))  # (a Piecewise's pairs have no value)
                flags[node] = (v.dtype.kind == "f" and not (np.isfinite(v) & (v != 0)).all()) \
                    or any(flags[a] for a in node.args)
                continue
            stack.append((node, True))
            stack.extend((a, False) for a in node.args if a not in flags)
        out.append(flags[expr])
    return out


def elements_read(record, i: int, args: list):
    """Which elements of its input `i` an op reads (None: all; a Zeroed: where the values
    say). A selection's forward, run on that input's positions as tags (the other inputs
    None), shows the tags it kept."""
    name = record.op.name
    if name in ZEROED:
        return Zeroed(name, i, list(args), dict(record.params))
    if name in TIES:
        return np.asarray(record.params["ties"], dtype=bool)
    if name in FLAT:
        return np.zeros(np.shape(args[i]), dtype=bool)
    if name not in SELECTIONS:
        return None
    shape = np.shape(args[i])
    tags = np.arange(int(np.prod(shape))).astype(object).reshape(shape)
    inputs = [tags if j == i else np.full(np.shape(a), None, dtype=object)
              for j, a in enumerate(args)]
    out = np.asarray((record.op.sym or record.op.forward)(*inputs, **record.params), dtype=object)
    read = np.zeros(tags.size, dtype=bool)
    read[[t for t in out.reshape(-1) if type(t) is int]] = True
    return read.reshape(shape)


class Replay:
    """Evaluates the records under one root symbolically (leaves become symbols); with a
    Dropped, it notes which elements of each intermediate the ops read."""

    def __init__(self, table: SymbolTable, name_of, cuts: dict | None = None,
                 dropped: Dropped | None = None):
        self.table, self.name_of, self.cuts = table, name_of, cuts or {}
        self.dropped = dropped
        self.size = 0

    def run(self, root):
        return post_order(root, self._evaluate, lambda record: id(record) in self.cuts)

    def _evaluate(self, record, values):
        if id(record) in self.cuts:
            return self.cuts[id(record)].symbols
        if isinstance(record, trace.Leaf):
            return self.table.of(record, self.name_of(record.tensor)).symbols
        if isinstance(record, trace.Const):
            self._count(np.empty(record.value.array.size))  # before building it
            return _constant(record.value.array)
        if isinstance(record, Derived):
            return record.exprs_for(self.cuts)
        if isinstance(record, Opaque):
            raise TooLarge(record.reason)
        args = keep_zero_divisors(record, [values[id(a)] for a in record.args])
        if self.dropped is not None:
            self._note_reads(record, args)
        op = record.op
        if op.name in MASKED:
            return self._count(MASKED[op.name](self.table, record, args))
        fn = forms.FORMS.get(op.name) or op.sym or op.forward
        return self._count(np.asarray(fn(*args, **record.params), dtype=object))

    def _note_reads(self, record, args) -> None:
        for i, (a, value) in enumerate(zip(record.args, args, strict=True)):
            if isinstance(a, trace.OpRecord) and id(a) not in self.cuts:
                self.dropped.read(a, value, elements_read(record, i, args))

    def _count(self, array):
        self.size += max(1, array.size)
        if self.size > MAX_SYMBOLIC_ELEMENTS:
            raise TooLarge(f"more than {MAX_SYMBOLIC_ELEMENTS:,} symbolic elements")
        return array


def leaf_records(root) -> list:
    """Every Leaf record the root depends on, found with an explicit stack."""
    return _scan(root)[0]


def input_elements(root) -> int:
    """How many elements the graph's inputs (leaves and constants) hold together."""
    return _scan(root)[1]


def _scan(root) -> tuple[list, int]:
    seen, out, stack, elements = set(), [], [root], 0
    while stack:
        r = stack.pop()
        if id(r) in seen:
            continue
        seen.add(id(r))
        if len(seen) > MAX_REPLAY_RECORDS:
            raise TooLarge(f"more than {MAX_REPLAY_RECORDS:,} recorded ops")
        if isinstance(r, (trace.Leaf, trace.Const)):
            elements += r.value.array.size
        if isinstance(r, trace.Leaf):
            out.append(r)
        if isinstance(r, Opaque):
            raise TooLarge(r.reason)
        stack.extend(r.leaves if isinstance(r, Derived) else getattr(r, "args", ()))
    return out, elements


def require_same_nans(replay: Callable[[], np.ndarray], root) -> None:
    """sympy's identities hold for complex numbers: exp(-log(x)) is 1/x and sqrt(x)**2 is x,
    where torch's log and sqrt of a negative x are nan. Where `replay()`, the root's forward
    from sympy's form, and torch's root disagree on nan, sympy's form has lost what the
    gradient is made of: the caller's numeric replay (IEEE, as torch) checks it instead."""
    actual = np.asarray(root.data, dtype=np.float64)
    if np.isfinite(actual).all():
        return
    try:
        replayed = replay()
    except TooLarge:  # a form with no float value (zoo): nothing to compare
        return
    if (np.isnan(np.broadcast_to(replayed, actual.shape)) != np.isnan(actual)).any():
        raise TooLarge("sympy's form of the forward is not nan where torch's is (an identity "
                       "like exp(-log(x)) = 1/x or sqrt(x)**2 = x dropped the nan of a log or "
                       "sqrt of a negative)")


def inputs_written_behind(roots) -> bool:
    """Whether a leaf or constant the records under `roots` read was written through `.data`
    since: the forward's values then came from memory that no longer holds them."""
    return _written_behind(roots)[0]


def values_written_behind(roots) -> bool:
    """Whether the gradient reads a value the forward computed from a leaf or constant that
    was written through `.data` after (y = x.mm(w); x.data -= ...; (y * y).sum(): the saved y
    is the old product, a replay's the new one). A leaf an op reads itself is its memory, old
    or new, as the replay's."""
    return _written_behind(roots)[1]


def _written_behind(roots) -> tuple[bool, bool]:
    """(an input was written behind, a gradient reads a value computed from one)."""
    found = []

    def stale(record, values) -> bool:
        if isinstance(record, (trace.Leaf, trace.Const)):
            return record.written_behind()
        if isinstance(record, Derived):
            return any(leaf.written_behind() for leaf in record.leaves)
        if not isinstance(record, trace.OpRecord):
            return False
        ins = [values[id(a)] for a in record.args]
        reads = record.op.reads
        if any(s and isinstance(a, trace.OpRecord) and letter in reads
               for letter, a, s in zip("abc", record.args, ins)) or (any(ins) and "o" in reads):
            found.append(record)
        return any(ins)

    values: dict = {}
    inputs = [post_order(root, stale, values=values) for root in roots]
    return any(inputs), bool(found)


def scalar_objective(outputs: list, seeds: list) -> "sp.Expr":
    """sum_j v_j * y_j over every root: what backward(gradient=v) differentiates. A zero v_j
    is one sympy cannot fold: torch multiplies it by y_j's derivative too (0*inf = nan)."""
    total = sp().Integer(0)
    for y, v in zip(outputs, seeds, strict=True):
        v = np.asarray(v)
        weights = _constant(v)
        if v.dtype.kind == "f" and (v == 0).any():
            weights = np.where(v == 0, forms.dropped_zero(), weights)
        total += np.asarray(np.asarray(y, dtype=object) * weights, dtype=object).sum()
    return total


def point_of(symbols: list, values: list) -> dict:
    """Each symbol of each array in `symbols` with its float64 value from `values`."""
    env = {}
    for arr, vals in zip(symbols, values, strict=True):
        flat = np.asarray(vals, dtype=np.float64).reshape(-1)
        env.update(zip(arr.reshape(-1), flat, strict=True))
    return env


def evaluate(exprs: np.ndarray, env: dict) -> np.ndarray:
    """Evaluate sympy expressions in float64 with IEEE semantics (1/0 = inf, 0*inf = nan),
    with each symbol valued by `env` (point_of)."""
    cache: dict = {}
    out = [numeric_value(e, env, cache) for e in exprs.reshape(-1)]
    return np.array(out, dtype=np.float64).reshape(exprs.shape)


def numeric_value(expr, env: dict, cache: dict | None = None):
    """One expression's value, where `env` maps each symbol to a float64 scalar or array (then
    evaluated elementwise, with broadcasting). A post-order walk with an explicit stack."""
    cache = {} if cache is None else cache
    with np.errstate(all="ignore"):
        stack = [(expr, False)]
        while stack:
            node, expanded = stack.pop()
            if node in cache:
                continue
            if isinstance(node, sp().Piecewise):
                cache[node] = _piecewise(node, env, cache)
                continue
            if expanded or not node.args or node.is_Number:
                cache[node] = _apply(node, [cache[a] for a in node.args], env)
                continue
            stack.append((node, True))
            stack.extend((a, False) for a in node.args if a not in cache)
    return cache[expr]


def _piecewise(node, env, cache):
    """The first branch whose condition holds, element by element."""
    values = [numeric_value(value, env, cache) for value, _ in node.args]
    conditions = [np.True_ if cond == sp().true else numeric_value(cond, env, cache)
                  for _, cond in node.args]
    return np.select(conditions, values, default=np.nan)[()]


def _torch_sign(x):
    return np.where(np.isnan(x), 0.0, np.sign(x))[()]  # torch.sign(nan) is 0


_NUMPY_FUNCTIONS = {
    "exp": np.exp, "log": np.log, "sin": np.sin, "cos": np.cos, "tan": np.tan,
    "tanh": np.tanh, "sinh": np.sinh, "cosh": np.cosh, "atan": np.arctan, "Abs": np.abs,
    "sign": _torch_sign, "floor": np.floor, "ceiling": np.ceil, "round": np.round,
}
_RELATIONS = {"StrictGreaterThan": np.greater, "StrictLessThan": np.less,
              "GreaterThan": np.greater_equal, "LessThan": np.less_equal,
              "Equality": np.equal, "Unequality": np.not_equal}


def _apply(node, args: list, env: dict):
    if node.is_Symbol:
        return env[node] if node in env else np.float64(forms.CONSTANTS[node.name])
    if node.is_Number or node in (sp().true, sp().false):
        return np.float64(complex(node).real) if node.is_Number else bool(node)
    name = type(node).__name__
    if node.is_Add:
        return functools.reduce(np.add, args)
    if node.is_Mul:
        return functools.reduce(np.multiply, args)
    if node.is_Pow:
        return np.power(args[0], args[1])
    if name in _RELATIONS:
        return _RELATIONS[name](args[0], args[1])
    if name in ("And", "Or"):
        return functools.reduce(np.logical_and if name == "And" else np.logical_or, args)
    if name == "Not":
        return np.logical_not(args[0])
    fn = _NUMPY_FUNCTIONS.get(name) or _NUMPY_FUNCTIONS.get(getattr(node.func, "__name__", ""))
    if fn is None:
        raise TooLarge(f"no numeric form for {name}")
    return fn(*args)


def differentiate(objective, symbols: np.ndarray, sample: list | None):
    """d objective / d s for each symbol s (or only the sampled flat indices)."""
    flat = symbols.reshape(-1)
    out = np.empty(flat.shape, dtype=object)
    indices = range(flat.size) if sample is None else sample
    terms = _terms_by_symbol(objective)
    for i in indices:
        relevant = terms.get(flat[i], ())
        out[i] = _torch_conventions(sp().Add(*(sp().diff(t, flat[i]) for t in relevant)))
    return out.reshape(symbols.shape)


def _terms_by_symbol(objective) -> dict:
    """The objective's terms, indexed by the symbols they contain: a derivative then visits
    only its own terms (each weight of a matmul appears in one row of a sum, not all)."""
    index: dict = {}
    for term in sp().Add.make_args(objective):
        for s in term.free_symbols:
            index.setdefault(s, []).append(term)
    return index


def _torch_conventions(d):
    """Where sympy leaves a step function's derivative symbolic, torch's is 0: floor, round
    and sign are flat wherever torch differentiates them (sign'(0) = 0 too)."""
    if d.has(sp().DiracDelta):
        d = d.replace(sp().DiracDelta, lambda *args: sp().Integer(0))
    if d.has(sp().Derivative):
        d = d.replace(lambda e: isinstance(e, sp().Derivative) and
                      getattr(e.expr.func, "__name__", "") in STEP_FUNCTIONS,
                      lambda e: sp().Integer(0))
        if d.has(sp().Subs):
            d = d.doit()  # Subs(0, ...) left where the chain rule met a step function
    return d


def choose_sample(n: int) -> list | None:
    if n <= MAX_EXACT_SYMBOLS:
        return None
    rng = random.Random(n)  # deterministic: the same script samples the same elements
    return sorted(rng.sample(range(n), SAMPLE))


def in_dtype(values, dtype_name: str) -> np.ndarray:
    """Float64 expectations as the tensor's dtype can hold them: past its range torch's
    arithmetic gives +-inf (exp(100) in float32), not the float64 number. Values within the
    range are kept as they are: the tolerance covers their rounding."""
    values = np.asarray(values, dtype=np.float64)
    if dtype_name not in TOLERANCES or dtype_name == "float64":
        return values
    with np.errstate(over="ignore"):
        narrow = values.astype(dtype_name)
    if np.isfinite(narrow).all():  # the common case: nothing overflows
        return values
    overflow = np.isfinite(values) & np.isinf(narrow)
    return np.where(overflow, np.copysign(np.inf, values), values)


def tolerance(dtype_name: str, rtol: float | None, atol: float | None) -> tuple[float, float]:
    r, a = TOLERANCES.get(dtype_name, (1e-4, 1e-5))
    return (r if rtol is None else rtol, a if atol is None else atol)


def matches(actual: np.ndarray, expected: np.ndarray, rtol: float, atol: float,
            mask: np.ndarray | None = None) -> tuple[bool, float]:
    a = np.asarray(actual, dtype=np.float64)
    e = np.asarray(expected, dtype=np.float64)
    if mask is not None:
        a, e = a[mask], e[mask]
    with np.errstate(all="ignore"):
        err = np.abs(a - e)
        if (err <= atol + rtol * np.abs(e)).all():  # the common case: all finite and close
            return True, float(err.max()) if err.size else 0.0
    same_special = (np.isnan(a) & np.isnan(e)) | (np.isinf(a) & (a == e))
    with np.errstate(all="ignore"):
        err = np.where(same_special, 0.0, np.abs(a - e))
        ok = same_special | (err <= atol + rtol * np.abs(e))
    if not np.isfinite(err[~ok]).all():
        return False, float("inf")  # nan or inf against a number: no finite distance
    finite = err[np.isfinite(err)]
    return bool(ok.all()), float(finite.max()) if finite.size else 0.0
