"""Elementwise programs over large tensors: one formula, derived once, evaluated with numpy.

When every recorded op under a root acts element by element (with broadcasting), the root's
element is one scalar function of the inputs' elements. Each input becomes a single symbol
standing for "its element here"; sympy differentiates that function once per symbol, and
the derivative is evaluated over all elements at once. Exact for every element, at the cost
of one numpy pass per term: what makes checking a 200,000-element session cheap.
"""
from __future__ import annotations

import functools

import numpy as np

from gradcli.engine import trace
from gradcli.engine.symforms import number, sp
from gradcli.engine.trace import Opaque

from . import display, elementwise_kept
from .compare import Expectation
from .derive import torch_conventions
from .dropped import Dropped, read_mask, reduce_to
from .ieee import numeric_value
from .records import Derived, Remembered, inputs_written_behind, post_order
from .replay import keep_zero_divisors, require_same_nans

MIN_ELEMENTS = 49  # below this, per-element sympy is cheap and gives per-element formulas


def applies(roots) -> bool:
    """True when each root is an elementwise graph, optionally summed or averaged at the top,
    and large enough for one formula to pay off."""
    return elementwise_size(roots) >= MIN_ELEMENTS


def elementwise_size(roots) -> int:
    """The largest input of the roots when each is an elementwise graph, optionally summed or
    averaged at the top; else -1."""
    size = 0
    for root in roots:
        top, _ = _inner(root)
        if not isinstance(top, trace.OpRecord):
            return -1
        stack, seen = [top], set()
        while stack:
            r = stack.pop()
            if id(r) in seen:
                continue
            seen.add(id(r))
            if isinstance(r, (Derived, Opaque)):
                return -1
            if isinstance(r, trace.OpRecord):
                if not r.op.pointwise:
                    return -1
                stack.extend(r.args)
            else:
                size = max(size, r.value.array.size)
    return size


def parts(roots, seeds) -> list[tuple]:
    """Each elementwise root as (the record under its sum or mean, the weight of each of that
    record's elements in the objective)."""
    out = []
    for root, seed in zip(roots, seeds, strict=True):
        inner, reduction = _inner(root)
        weight = np.asarray(seed, dtype=np.float64) * _factor(inner, reduction)
        out.append((inner, np.broadcast_to(weight, _shape(inner))))
    return out


def _inner(root):
    """The elementwise part of a root, under its full sum/mean if it has one."""
    if isinstance(root, trace.OpRecord) and root.op.name in ("sum", "mean"):
        return root.args[0], root.op.name
    return root, None


def _factor(inner, reduction) -> float:
    """What the root's reduction multiplies each element by."""
    return 1.0 / int(np.prod(_shape(inner))) if reduction == "mean" else 1.0


def _shape(record) -> tuple:
    """An elementwise graph's output shape: the broadcast of all its inputs' shapes."""
    stack, shapes, seen = [record], [], set()
    while stack:
        r = stack.pop()
        if id(r) in seen:  # a record used twice is walked once: y * y + y doubles per line
            continue
        seen.add(id(r))
        if isinstance(r, trace.OpRecord):
            stack.extend(r.args)
        else:
            shapes.append(r.value.array.shape)
    return np.broadcast_shapes(*shapes) if shapes else ()


class Generic:
    """Replays an elementwise graph on scalar symbols: one per input, valued by its array."""

    def __init__(self, name_of, cuts: dict):
        self.name_of, self.cuts = name_of, cuts
        self.values: dict = {}  # symbol -> its array of element values
        self.leaf_symbols: dict = {}  # id(Leaf record) -> (record, symbol)
        self.cut_symbols: dict = {}  # id(record of a retained intermediate) -> symbol
        self.sources: dict = {}  # symbol -> (record, version): what its values came from
        self.dropped = Dropped()  # intermediates only a step function reads (floor(log(x)))

    def run(self, record):
        # Built unevaluated: sympy's simplifying constructors (and their assumption queries)
        # cost milliseconds per op on these formulas; differentiation evaluates anyway.
        with sp().evaluate(False):
            return post_order(record, self._evaluate, lambda r: id(r) in self.cuts)

    def _evaluate(self, record, values):
        if id(record) in self.cuts:
            tensor = self.cuts[id(record)]
            s = self._symbol(self.name_of(tensor), tensor.data, (record, tensor._version))
            self.cut_symbols[id(record)] = s.item()
            return s
        if isinstance(record, trace.Leaf):
            label = self.name_of(record.tensor)
            label = label if record.version == 0 else f"{label}@{record.version}"
            s = self._symbol(label, record.value.array, (record, record.version))
            self.leaf_symbols[id(record)] = (record, s.item())
            return s
        if isinstance(record, trace.Const):
            a = record.value.array
            return (np.asarray(number(a.reshape(-1)[0]), dtype=object) if a.size == 1 else
                    self._symbol(f"c{len(self.values)}", a, (record, record.version)))
        args = keep_zero_divisors(record, [values[id(a)] for a in record.args])
        for i, a in enumerate(record.args):
            if isinstance(a, trace.OpRecord) and id(a) not in self.cuts:
                self.dropped.read(a, values[id(a)], read_mask(record, i, args))
        # where/masked_fill: a Piecewise on a 0/1 input, which derivative folds (see there)
        if record.op.condition is not None:
            return self._choice(record, args)
        form = record.op.sym or record.op.forward
        return np.asarray(form(*args, **record.params), dtype=object)

    def _choice(self, record, args) -> np.ndarray:
        """A where/masked_fill as one Piecewise on its condition, a 0/1 symbol."""
        where = record.op.condition
        cond = args[where] if isinstance(where, int) else \
            self._symbol(f"m{len(self.values)}", record.params[where], (record, 0))
        chosen, other = record.op.branches(*args, **record.params)
        return np.asarray(sp().Piecewise((np.asarray(chosen).item(), sp().Gt(cond.item(), 0)),
                                         (np.asarray(other).item(), True)), dtype=object)

    def _symbol(self, label, array, source):
        s = sp().Symbol(label, real=True)
        if s in self.values and self.sources[s] != source:
            s = sp().Dummy(label, real=True)
        self.values[s] = np.asarray(array, dtype=np.float64)
        self.sources[s] = source
        return np.asarray(s, dtype=object)

    def mask_symbol(self, mask: np.ndarray):
        """A symbol valued 1 where `mask` holds, else 0 (the dropped elements' term)."""
        return self._symbol(f"m{len(self.values)}", mask.astype(np.float64), (mask, 0)).item()

    def value_of(self, d) -> np.ndarray:
        """A derivative's value over all elements, remembered while its inputs are unchanged:
        repeated passes over the same inputs (retain_graph, loops without updates) reuse it."""
        inputs = [self.sources[s] for s in d.free_symbols if s in self.sources]  # not +-0
        sources = tuple(sorted(((id(r), v) for r, v in inputs), key=repr))
        return _VALUES.get((d, sources), [r for r, _ in inputs],
                           lambda: np.asarray(numeric_value(d, self.values), dtype=np.float64))


_VALUES = Remembered()  # (derivative, its inputs' identities and versions) -> value


def expect(record, roots, targets, name_of, is_intermediate) -> dict:
    """Expectations for every target, from one formula per input symbol. A retained
    intermediate is cut out (a symbol of its own) for its own gradient only: the leaves'
    gradients go through it."""
    leaves = [t for t in targets if not is_intermediate(t.tensor)]
    groups = [({}, leaves)] if leaves else []
    groups += [({id(t.tensor._record): t.tensor}, [t]) for t in targets
               if is_intermediate(t.tensor)]
    found = {}
    for cuts, group in groups:
        found.update(_expect_cut(record, roots, group, name_of, cuts))
    return found


def _expect_cut(record, roots, targets, name_of, cuts: dict) -> dict:
    """The targets' expectations with the records in `cuts` as inputs: kept from an earlier
    run (or pass) where the graph's formula is one sympy already derived, else derived."""
    # (each weight spans the root's elements: a derivative that reads only some inputs, or
    # none, x + y's 1, is then still summed over the elements the others broadcast to)
    weights = [np.broadcast_to(np.asarray(seed, dtype=np.float64) * _factor(*_inner(root)),
                               _shape(_inner(root)[0]))
               for root, seed in zip(roots, record.grad_outputs, strict=True)]
    layout = _layout(record, roots, cuts, name_of)
    if layout is not None:
        kept = [elementwise_kept.found(layout, t.tensor) for t in targets]
        if all(k is not None for k in kept):
            return {id(t.tensor): elementwise_kept.expectation(k, layout, weights, np.shape(
                t.added), NOTE) for t, k in zip(targets, kept, strict=True)}
    generic = Generic(name_of, cuts)
    pieces = []  # (element formula, weight array) per root
    for root, weight, tensor in zip(roots, weights, record.roots, strict=True):
        inner, reduction = _inner(root)
        f = generic.run(inner)
        if not np.isfinite(tensor.data).all() and not inputs_written_behind(roots):
            require_same_nans(lambda: _root_value(f.item(), reduction, generic.values),  # noqa: B023
                              tensor)  # (called at once, before the loop moves on)
        generic.dropped.read(inner, f)  # read by the sum, the mean or the seed
        pieces.append((f.item(), weight))
    unread = generic.dropped.term(generic.values, generic.mask_symbol)
    if unread != 0:
        pieces.append((unread, np.float64(1.0)))
        layout = None  # its masks are the values'
    found = {}
    for t in targets:
        found[id(t.tensor)], derivatives = _for_target(t, generic, pieces, cuts)
        if layout is not None:
            by_source = {(id(r), v): s for s, (r, v) in generic.sources.items()}
            elementwise_kept.keep(layout, t.tensor, derivatives,
                                  display.text(found[id(t.tensor)].formulas[0]),
                                  [by_source[(id(r), v)] for r, v, _ in layout.inputs])
    return found


def _layout(record, roots, cuts, name_of) -> elementwise_kept.Layout | None:
    """The graph's key and inputs where a kept formula can stand for sympy's: not under
    create_graph (a second derivative differentiates sympy's first one), nor where a root is
    not finite (sympy's form of the forward is checked against torch's nans first)."""
    if record.create_graph or not all(np.isfinite(t.data).all() for t in record.roots):
        return None
    layout = elementwise_kept.Layout([_inner(root)[0] for root in roots], cuts, name_of)
    return layout if layout.plain else None


def _root_value(f, reduction, values: dict) -> np.ndarray:
    """One formula over every element, summed as the root is (the mean's nans are the sum's)."""
    replayed = np.asarray(numeric_value(f, values), dtype=np.float64)
    return replayed.sum() if reduction is not None else replayed


def _for_target(target, generic: Generic, pieces, cuts) -> tuple[Expectation, list]:
    """The target's expectation, and sympy's derivatives it is made of (per symbol, per
    piece)."""
    symbols = _symbols_of(target.tensor, generic, cuts)
    shape = np.shape(target.added)
    total = np.zeros(shape)
    formulas = []
    for symbol in symbols:
        for f, weight in pieces:
            d = derivative(f, symbol)
            formulas.append(d)
            if d == 0:
                continue
            value = generic.value_of(d) * weight
            total = total + reduce_to(np.add, np.broadcast_to(value, np.broadcast_shapes(
                value.shape, shape)), shape)
    formula = sum(formulas, sp().Integer(0)) if formulas else sp().Integer(0)
    return Expectation(total, np.asarray([formula], dtype=object), "symbolic", NOTE), formulas


NOTE = ("one formula for every element: each symbol stands for that tensor's element (c0, c1, "
        "... for constants; m0, m1, ... are 1 where a mask holds, else 0)")


@functools.lru_cache(maxsize=256)
def derivative(f, symbol):
    """d f / d symbol, remembered: a loop differentiates the same formula at every step."""
    return torch_conventions(sp().diff(_masks_outermost(f), symbol))


MAX_FOLDED = 4  # Piecewise in a formula whose branches may be multiplied out (2**4 at most)


def _masks_outermost(f):
    """f with its Piecewise (relu, clamp, maximum, where...) lifted to the top: sqrt(relu(x))
    becomes (0 if x <= 0 else sqrt(x)). Where a branch is constant its derivative is then an
    exact 0, as torch's `where(mask, grad, 0)` gives even when the gradient arriving from
    above is inf (sqrt'(0)): derived through the relu, it would be inf * 0 = nan."""
    if not f.has(sp().Piecewise) or len(f.atoms(sp().Piecewise)) > MAX_FOLDED:
        return f
    return sp().piecewise_fold(f)


def _symbols_of(tensor, generic: Generic, cuts) -> list:
    if tensor._record is not None and id(tensor._record) in cuts:
        return [generic.cut_symbols[id(tensor._record)]]
    return [s for record, s in generic.leaf_symbols.values() if record.tensor is tensor]
