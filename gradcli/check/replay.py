"""The records under a root replayed symbolically: each leaf element a sympy symbol, each op
its sympy form (Op.sym), so that sympy can differentiate what the engine computed."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from gradcli.engine import symforms as S
from gradcli.engine import trace
from gradcli.engine.symforms import add_all, number, sp
from gradcli.engine.trace import Opaque

from .dropped import Dropped, dropped_zero, read_mask
from .records import Derived, NotReplayable, TooLarge, post_order

# sympy's budget is counted, never timed: what it is asked to build and differentiate is
# measured before it is asked, so that a script takes the same path on a busy machine as on a
# quiet one, and what is too large is refused at once instead of after seconds of sympy.
MAX_SYMBOLIC_ELEMENTS = 5_000  # object-array elements built per pass before going numeric
# Operations in one element's expression, counted as a tree (what sympy walks to differentiate
# and print): `y = y * y + y` doubles it each line while the graph grows by two nodes.
MAX_EXPRESSION_SIZE = 20_000
# The derivatives of one pass: per element differentiated, the operations of the objective's
# terms that hold it, and DIFF_CALL per term (sympy's diff of a small term costs that much).
# The corpus's largest (662's attention with layer norm) is 0.21 million, 7 s of sympy on a
# 2-core machine under a load of 6; a softmax 48 wide with per-element formulas is 0.47 million
# (8 s there); one past it is refused before sympy starts.
MAX_DERIVATIVE_WORK = 500_000
DIFF_CALL = 100
# Piecewise parts (relu, clamp, max), counted as a tree, in one element of the argument of an
# op whose form is a Piecewise: sympy folds them into its own as it builds it, in time that
# doubles with each (a relu around 3 took 0.1 s an element, around 6 0.4 s, around 36
# minutes). The corpus's most is 3.
MAX_FOLDED_PIECEWISE = 6


class OverBudget(TooLarge):
    """Refused by a count of sympy's work (a function of the graph's structure, never of the
    clock): the checker remembers the structure and refuses it again at once."""


class DerivativeWork:
    """The work sympy's derivatives of one pass are asked for, counted before each is."""

    def __init__(self, limit: int | None = None):
        self.spent, self.limit = 0, MAX_DERIVATIVE_WORK if limit is None else limit
        self.sizes: dict = {}  # id(expression) -> (its operations as a tree, it)

    def spend(self, terms: list[tuple]) -> None:
        """`terms`: per element about to be differentiated, the terms that hold it."""
        for held in terms:
            self.spent += sum(DIFF_CALL + tree_size(t, self.sizes) for t in held)
            if self.spent > self.limit:
                raise OverBudget(f"sympy's derivatives would walk more than "
                                 f"{self.limit:,} operations")


def tree_size(expr, sizes: dict) -> int:
    """1 + the sizes of the arguments, each shared subexpression measured once."""
    return _measured(expr, sizes)[0]


def piecewise_parts(expr, sizes: dict) -> int:
    """The Piecewise nodes in `expr`, counted as a tree (as tree_size)."""
    return _measured(expr, sizes)[1]


def _measured(expr, sizes: dict) -> tuple:
    """(operations, Piecewise nodes) of `expr` as a tree, kept in `sizes` by id with the
    expression (kept alive: its id stays its); an explicit stack, as expressions nest deeper
    than Python's."""
    known = sizes.get(id(expr))
    if known is not None:
        return known
    stack = [expr]
    while stack:
        e = stack[-1]
        if id(e) in sizes:
            stack.pop()
            continue
        args = getattr(e, "args", ())
        args = args if isinstance(args, tuple) else ()
        missing = [a for a in args if id(a) not in sizes]
        if missing:
            stack.extend(missing)
            continue
        stack.pop()
        parts = [sizes[id(a)] for a in args]
        sizes[id(e)] = (1 + sum(s for s, _, _ in parts),
                        isinstance(e, _piecewise()) + sum(n for _, n, _ in parts), e)
    return sizes[id(expr)]


def _piecewise() -> type:
    return sp().Piecewise


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


def constant_array(array: np.ndarray) -> np.ndarray:
    """A constant's values as sympy numbers (indices and masks as they are)."""
    if array.dtype.kind in "biu":
        return array  # indices and masks stay numeric: never differentiated
    as_text = array.dtype == np.float32
    out = np.empty(array.shape, dtype=object)
    for idx in np.ndindex(*array.shape):
        v = array[idx]
        out[idx] = number(float(str(v)) if as_text else float(v))  # shortest float32 text
    return out


class _Mask:
    """A where/masked_fill condition as a check-side variable, valued 0 or 1 per element."""

    def __init__(self, array):
        self.version = 0
        self.value = trace.Snapshot(np.asarray(array, dtype=np.float64))


def condition_of(record) -> tuple:
    """A where/masked_fill's condition: (the record that owns it, its values). An input's
    condition is shared by every op that reads it; a param's belongs to its op."""
    where = record.op.condition
    if isinstance(where, int):
        return record.args[where], record.args[where].value.array
    return record, record.params[where]


def _choice(table, record, args) -> np.ndarray:
    # NOTE: torch's where passes 0 * grad to the unselected branch, so inf/nan derivatives
    # there leak as nan. With the mask a symbol until evaluation, so does sympy's derivative.
    owner, condition = condition_of(record)
    m = table.mask(owner, condition)
    chosen, other = record.op.branches(*args, **record.params)
    picked = np.broadcast_to(np.asarray(condition, dtype=bool), np.shape(m))
    return np.asarray(_weighted(chosen, m, picked) + _weighted(other, 1 - m, ~picked),
                      dtype=object)


def _weighted(branch, weight, picked: np.ndarray):
    """branch * weight, but a non-finite constant element (masked_fill's -inf) is itself where
    the condition picks it and 0 elsewhere: inf * 0 would be nan in the value, and a constant
    has no derivative to leak."""
    product = branch * weight
    values = np.broadcast_to(np.asarray(branch, dtype=object), np.shape(product))
    if not any(_non_finite_number(v) for v in values.flat):
        return product
    out = np.array(product, dtype=object)
    for index, v in np.ndenumerate(values):
        if _non_finite_number(v):
            out[index] = v if picked[index] else 0
    return out


def _non_finite_number(v) -> bool:
    return getattr(v, "is_number", False) and not getattr(v, "is_finite", True)


def signed_zero(value) -> sp.Symbol:
    """A constant zero divisor as a symbol valued +-0.0. sympy folds x/0 to zoo, an infinity
    without a sign, where IEEE's x/+-0 (and its derivative 1/+-0) is a signed infinity."""
    return S.constant(-0.0 if np.signbit(value) else 0.0)


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


class Replay:
    """Evaluates the records under one root symbolically (leaves become symbols); with a
    Dropped, it notes which elements of each intermediate the ops read."""

    def __init__(self, table: SymbolTable, name_of, cuts: dict | None = None,
                 dropped: Dropped | None = None):
        self.table, self.name_of, self.cuts = table, name_of, cuts or {}
        self.dropped = dropped
        self.size = 0
        self.tree_sizes: dict = {}  # id(expression) -> (its operations as a tree, it)
        self.piecewise: dict = {}  # id(expression) -> (its Piecewise parts, as a tree, it)

    def run(self, root):
        return post_order(root, self._evaluate, lambda record: id(record) in self.cuts)

    def _evaluate(self, record, values):
        if id(record) in self.cuts:
            return self.cuts[id(record)].symbols
        if isinstance(record, trace.Leaf):
            return self.table.of(record, self.name_of(record.tensor)).symbols
        if isinstance(record, trace.Const):
            self._count(np.empty(record.value.array.size))  # before building it
            return constant_array(record.value.array)
        if isinstance(record, Derived) and record.through is not None:
            source, symbols, exprs = record.through
            swap = dict(zip(symbols, self.run(source).reshape(-1), strict=True))
            return np.vectorize(lambda f: f.xreplace(swap) if hasattr(f, "xreplace") else f,
                                otypes=[object])(exprs)
        if isinstance(record, Derived):
            return record.exprs_for(self.cuts)
        if isinstance(record, Opaque):
            raise NotReplayable(record.reason)
        args = keep_zero_divisors(record, [values[id(a)] for a in record.args])
        if self.dropped is not None:
            self._note_reads(record, args)
        op = record.op
        if op.condition is not None:
            return self._count(_choice(self.table, record, args))
        fn = op.sym or op.differentiated or op.forward  # (what torch's backward differentiates)
        self._require_foldable(record, args)
        try:
            made = fn(*args, **record.params)
        except S.TooIntricate as intricate:
            raise OverBudget(str(intricate))
        return self._count(np.asarray(made, dtype=object))

    def _note_reads(self, record, args) -> None:
        for i, (a, value) in enumerate(zip(record.args, args, strict=True)):
            if isinstance(a, trace.OpRecord) and id(a) not in self.cuts:
                self.dropped.read(a, value, read_mask(record, i, args))

    def _count(self, array):
        self.size += max(1, array.size)
        if self.size > MAX_SYMBOLIC_ELEMENTS:
            raise OverBudget(f"more than {MAX_SYMBOLIC_ELEMENTS:,} symbolic elements")
        biggest = max((tree_size(e, self.tree_sizes) for e in array.flat), default=0)
        if biggest > MAX_EXPRESSION_SIZE:
            raise OverBudget(f"an expression of more than {MAX_EXPRESSION_SIZE:,} operations")
        return array

    def _require_foldable(self, record, args) -> None:
        """OverBudget before sympy builds a Piecewise (relu, clamp) around an argument that
        holds more than MAX_FOLDED_PIECEWISE of them: sympy folds each into the new one as it
        builds it (a residual stack of layer norm, linear and relu took it minutes)."""
        most = max((piecewise_parts(e, self.tree_sizes) for a in args
                    if isinstance(a, np.ndarray) and a.dtype == object for e in a.flat),
                   default=0)
        if most > MAX_FOLDED_PIECEWISE and _makes_piecewise(record, args):
            raise OverBudget(f"a {record.op.name} around an expression of {most:,} piecewise "
                             f"parts, which sympy would fold into its own")


def _makes_piecewise(record, args) -> bool:
    """Whether the op's form is a Piecewise around its arguments: its form applied to plain
    symbols of the same shapes says (condition ops weigh their branches: no Piecewise)."""
    if record.op.condition is not None:
        return False
    plain = [_symbol_array("p", np.shape(a)) if isinstance(a, np.ndarray) and a.dtype == object
             else a for a in args]
    try:
        made = np.asarray((record.op.sym or record.op.forward)(*plain, **record.params),
                          dtype=object)
    except Exception:  # noqa: BLE001 (a form plain symbols cannot take: the real call decides)
        return False
    return any(getattr(e, "has", None) is not None and e.has(_piecewise()) for e in made.flat)


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


def scalar_objective(outputs: list, seeds: list) -> sp.Expr:
    """sum_j v_j * y_j over every root: what backward(gradient=v) differentiates. A zero v_j
    is one sympy cannot fold: torch multiplies it by y_j's derivative too (0*inf = nan). A
    seed of sympy expressions (one that requires grad, replayed) is taken as it is."""
    total = sp().Integer(0)
    for y, v in zip(outputs, seeds, strict=True):
        v = np.asarray(v)
        weights = v if v.dtype == object else constant_array(v)
        if v.dtype.kind == "f" and (v == 0).any():
            weights = np.where(v == 0, dropped_zero(), weights)
        total += add_all(np.asarray(y, dtype=object) * weights)
    return total
