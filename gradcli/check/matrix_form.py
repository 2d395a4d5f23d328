"""A structured row's gradient written as a matrix expression, for people to read:
`(2/512)·Xᵀ·((tanh(X·W1 + b1)·W2 − Y) ⊙ (1 − tanh²(·)))·W2ᵀ`.

Display only (the values checked come from structured.py). It walks the records the
structured path walks, from the roots down to the target, and writes each op's part from its
forward, never from the engine's VJP rules: a pointwise op as ⊙ with sympy's derivative of
its sym form (the forward subexpression written in), a contraction as matrix products with ᵀ
on the operands its einsum spec says are transposed, a mean as its 1/N, a broadcast as Σ over
the broadcast dims, views by name; what has no form here is a named placeholder `∂op(…)`.
The table gets a bounded text (a repeated or long subexpression reads `·`), --explain and
JSON the full one. Built once per graph shape: a training loop repeats it every step.
"""
from __future__ import annotations

import functools
import os
import re
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np

from gradcli.engine import trace
from gradcli.engine.symforms import sp

from . import derivcache
from .numeric import replay
from .records import TooLarge
from .rowdata import sum_text
from .vectorized import derivative

TABLE_CHARS = 120  # the table's bound on a matrix form; --explain and JSON have it whole
SUBEXPRESSION_CHARS = 48  # a longer forward subexpression reads `·` in the table
FULL_CHARS = 4000  # past this even the full text is cut (a deep network's form)
# a longer forward subexpression is written `op(⋯)`, a longer gradient part `⋯`: a recurrent
# net reads each state many times, and whole texts would grow exponentially with its steps
FORWARD_CHARS = 400
CACHED_GRAPHS = 64
OPEN, CLOSE = "\x01", "\x02"  # around a forward subexpression: the table may elide it
SUBSCRIPTS = "ᵢⱼₖₗₘₙₒₚ"  # Σᵢ sums over the output's first dim, Σⱼ its second...
TRANSPOSES = {"t", "transpose", "transpose_", "permute"}  # of a matrix: ᵀ
RESHAPES = {"view", "reshape_alias", "squeeze", "squeeze_dim", "unsqueeze", "permute", "alias"}
PRODUCTS = {"mm", "mv", "bmm", "dot"}


@dataclass(frozen=True)
class MatrixForm:
    table: str  # bounded by TABLE_CHARS
    full: str


@dataclass(frozen=True)
class _Expr:
    """coefficient · text; kind says what binds it loosest: "atom", "sum", "mm" (·), "had" (⊙);
    `one` for the all-ones seed, which a ⊙ leaves out."""
    text: str
    kind: str = "atom"
    coefficient: Fraction = Fraction(1)
    count: int = 1  # a mean's N, kept apart so that the form reads (2/512), not (1/256)
    one: bool = False
    factors: tuple = ()  # a product's two factors: its transpose is theirs, reversed
    untransposed: object = None  # for Aᵀ: A, what its transpose is

    def render(self) -> str:
        return _render(self)


ONE = _Expr("𝟙", one=True)


def attach(found: dict, roots, targets, name_of: Callable, const_name: Callable | None,
           shapes: dict | None = None) -> None:
    """Give each symbolic expectation of `found` (by id of its target tensor) its matrix form;
    a graph this module cannot read keeps none (the row then reads `= grad`). `shapes`: each
    record's shape by id, where the caller has them (else the forward is replayed for them)."""
    try:
        forms = _forms(roots, targets, name_of, const_name, shapes)
    except Exception:  # noqa: BLE001 (display only: a form it cannot write never fails a check)
        if os.environ.get("GRADCLI_DEBUG") == "1":
            raise
        return
    for position, t in enumerate(targets):
        exp = found.get(id(t.tensor))
        if exp is not None and exp.method == "symbolic" and position in forms:
            exp.matrix = forms[position]


def _forms(roots, targets, name_of: Callable, const_name: Callable | None,
           shapes: dict | None = None) -> dict:
    """{target position: MatrixForm}, remembered by the graph's shape."""
    key = _graph_key(roots, targets, name_of)
    forms = _CACHE.get(key)
    if forms is not None:
        _CACHE.move_to_end(key)
        return forms
    try:
        forms = _Writer(roots, name_of, const_name, shapes).forms(targets)
    except (TooLarge, RecursionError):
        forms = {}
    _remember(key, forms)
    return forms


_CACHE: OrderedDict = OrderedDict()


def _remember(key, forms: dict) -> None:
    _CACHE[key] = forms
    while len(_CACHE) > CACHED_GRAPHS:
        _CACHE.popitem(last=False)


def _graph_key(roots, targets, name_of: Callable) -> tuple:
    """What the forms depend on: each record's op, params and inputs (by position in a walk),
    the leaves' names and shapes, the targets; a loop's every step gives the same key."""
    index: dict = {}
    parts: list = []
    stack = [(r, False) for r in roots]
    while stack:
        r, expanded = stack.pop()
        if id(r) in index:
            continue
        args = getattr(r, "args", ())
        if not expanded and any(id(a) not in index for a in args):
            stack.append((r, True))
            stack.extend((a, False) for a in args if id(a) not in index)
            continue
        index[id(r)] = len(parts)
        parts.append(_record_key(r, [index[id(a)] for a in args], name_of))
        if len(parts) > 5000:
            raise TooLarge("too many records to write as a matrix form")
    wanted = tuple(_target_key(t, index) for t in targets)
    return tuple(parts), tuple(index[id(r)] for r in roots), wanted


def _record_key(r, args: list, name_of: Callable) -> tuple:
    if isinstance(r, trace.OpRecord):
        return (r.op.name, _params_key(r.params), tuple(args))
    value = _input_value(r)
    if isinstance(r, trace.Leaf):
        return ("leaf", name_of(r.tensor), np.shape(value))
    shown = float(np.reshape(value, -1)[0]) if np.size(value) == 1 else None
    return ("const", np.shape(value), shown)


def _params_key(params: dict) -> tuple:
    return tuple(sorted((k, ("array", np.shape(v)) if isinstance(v, np.ndarray) else repr(v))
                        for k, v in params.items()))


def _target_key(t, index: dict) -> tuple:
    record = getattr(t.tensor, "_record", None)
    return (id(record) in index and index[id(record)], t.tensor.grad_fn is None)


def _input_value(r):
    value = getattr(r, "value", None)
    return getattr(value, "array", value)


class _Writer:
    """The forward's subexpressions and the reverse accumulation, as text."""

    def __init__(self, roots, name_of: Callable, const_name: Callable | None,
                 shapes: dict | None = None):
        self.roots, self.name_of, self.const_name = roots, name_of, const_name
        self.shapes = shapes
        if shapes is None:
            self.shapes = {}
            for root in roots:
                self.shapes.update({k: np.shape(v) for k, v in replay(root, {}).items()})
        self.forward_texts: dict = {}
        self.consts: dict = {}
        self.order = self._order()

    def forms(self, targets) -> dict:
        grads = self._accumulate()
        out = {}
        for position, t in enumerate(targets):
            terms = [e for r in self._records_of(t) for e in grads.get(id(r), ())]
            if not terms:
                continue
            full = _strip(_sum(terms).render())
            out[position] = MatrixForm(_bounded(_sum(terms).render()), _cut(full, FULL_CHARS))
        return out

    def _records_of(self, t) -> list:
        if t.tensor.grad_fn is not None:
            return [t.tensor._record]
        return [r for r in self.order if isinstance(r, trace.Leaf) and r.tensor is t.tensor]

    def _order(self) -> list:
        order, seen = [], set()
        for root in self.roots:
            stack = [(root, False)]
            while stack:
                r, expanded = stack.pop()
                if expanded:
                    order.append(r)
                elif id(r) not in seen:
                    seen.add(id(r))
                    stack.append((r, True))
                    stack.extend((a, False) for a in getattr(r, "args", ()))
        return order[::-1]  # each record before those it reads

    def _accumulate(self) -> dict:
        grads: dict = {}
        for root in self.roots:
            grads.setdefault(id(root), []).append(ONE)
        for r in self.order:
            if not isinstance(r, trace.OpRecord) or id(r) not in grads:
                continue
            g = _capped(_sum(grads[id(r)]))
            for a, part in zip(r.args, self._input_grads(r, g), strict=True):
                if part is not None and not isinstance(a, trace.Const):
                    grads.setdefault(id(a), []).append(part)
        return grads

    # ---- forward ----------------------------------------------------------------------
    def forward(self, r) -> tuple[str, str]:
        """(text, kind) of what the record computes, named by the script's tensors."""
        if id(r) not in self.forward_texts:
            text, kind = self._forward(r)
            if len(text) > FORWARD_CHARS:
                text, kind = f"{OPEN}{r.op.name}(⋯){CLOSE}", "atom"
            self.forward_texts[id(r)] = text, kind
        return self.forward_texts[id(r)]

    def _forward(self, r) -> tuple[str, str]:
        if isinstance(r, trace.Leaf):
            return self.name_of(r.tensor) or "tensor", "atom"
        if isinstance(r, trace.Const):
            return self._const(r), "atom"
        op, args = r.op, [self.forward(a) for a in r.args]
        if op.name in PRODUCTS:
            text, kind = f"{_wrap(*args[0], 'mm')}·{_wrap(*args[1], 'mm')}", "mm"
        elif op.name == "addmm":
            text, kind = f"{_wrap(*args[1], 'mm')}·{_wrap(*args[2], 'mm')} + {args[0][0]}", "sum"
        elif self._transposes(r):
            inner = r.args[0]
            if self._transposes(inner):  # (Aᵀ)ᵀ is A
                return self.forward(inner.args[0])
            text, kind = f"{_wrap(*args[0], 'T')}ᵀ", "atom"
        elif op.pointwise and op.condition is None:
            text, kind = _pointwise_forward(op, _hashable(r.params), args)
        else:
            text, kind = f"{op.name}({', '.join(a for a, _ in args)})", "atom"
        return f"{OPEN}{text}{CLOSE}", kind

    def _transposes(self, r) -> bool:
        return isinstance(r, trace.OpRecord) and r.op.name in TRANSPOSES and \
            len(self.shapes[id(r)]) == 2

    def _const(self, r) -> str:
        value = _input_value(r)
        if np.size(value) == 1:
            return f"{float(np.reshape(value, -1)[0]):.4g}"
        if id(r) not in self.consts:
            named = self.const_name(r) if self.const_name is not None else None
            self.consts[id(r)] = named or f"C{_subscript(len(self.consts) + 1)}"
        return self.consts[id(r)]

    # ---- reverse ----------------------------------------------------------------------
    def _input_grads(self, r, g: _Expr) -> list:
        op = r.op
        if op.pointwise and op.condition is None:
            return self._pointwise(r, g, dict(r.params))
        if op.reduces:
            shape = np.broadcast_shapes(*[self.shapes[id(a)] for a in r.args])
            if r.params.get("reduction") == "mean":
                g = _scaled(g, Fraction(1), int(np.prod(shape)))
            return self._pointwise(r, g, {**r.params, "reduction": "none"}, shape)
        if op.contraction is not None and op.unfold is None:
            spec = op.contraction(*[self.shapes[id(a)] for a in r.args], **r.params)
            return self._contraction(r, g, spec)
        if self._transposes(r):
            return [_transpose(g)] + [None] * (len(r.args) - 1)
        if op.name in RESHAPES or op.name == "reshape":
            return [_Expr(f"{op.name}⁻¹({g.render()})")] + [None] * (len(r.args) - 1)
        if op.name == "expand":
            return [self._reduced(g, self.shapes[id(r)], self.shapes[id(r.args[0])])] + \
                [None] * (len(r.args) - 1)
        return [None if isinstance(a, trace.Const) else
                _Expr(f"∂{op.name}{_subscript(i) if len(r.args) > 1 else ''}({g.render()})")
                for i, a in enumerate(r.args)]

    def _pointwise(self, r, g: _Expr, params: dict, shape=None) -> list:
        shape = self.shapes[id(r)] if shape is None else shape
        args = [self.forward(a) for a in r.args]
        parts = []
        for i, a in enumerate(r.args):
            if isinstance(a, trace.Const):
                parts.append(None)
                continue
            d = _pointwise_partial(r.op, _hashable(params), len(args), i, tuple(args))
            part = _hadamard(g, d) if d is not None else \
                _Expr(f"∂{r.op.name}({g.render()})")
            parts.append(self._reduced(part, shape, self.shapes[id(a)]))
        return parts

    def _reduced(self, g: _Expr, shape: tuple, into: tuple) -> _Expr:
        """g summed over the dims `into` was broadcast along to `shape`: a bias's Σᵢ."""
        extra = len(shape) - len(into)
        dims = [d for d in range(len(shape))
                if d < extra or (into[d - extra] == 1 and shape[d] != 1)]
        if not dims or g.one:
            return g
        marks = "".join(SUBSCRIPTS[d] if d < len(SUBSCRIPTS) else "₊" for d in dims)
        return _Expr(f"Σ{marks}({g.text})", "atom", g.coefficient, g.count)

    def _contraction(self, r, g: _Expr, spec: tuple[str, float]) -> list:
        formula, scale = spec
        inputs, output = formula.split("->")
        terms = [term.split(",") for term in inputs.split("+")]
        g = _scaled(g, *_ratio(scale)) if np.isscalar(scale) else g
        out, first = [], 0
        for term in terms:
            for i in range(len(term)):
                a = r.args[first + i]
                if isinstance(a, trace.Const):
                    out.append(None)
                elif len(term) == 1:
                    out.append(_single(g, output, term[0]))
                elif len(term) == 2:
                    other = r.args[first + 1 - i]
                    out.append(_pair(g, output, _Expr(*self.forward(other)), term[1 - i],
                                     term[i]) or _Expr(f"∂{r.op.name}({g.render()})"))
                else:
                    out.append(_Expr(f"∂{r.op.name}({g.render()})"))
            first += len(term)
        return out


# ---- expressions ------------------------------------------------------------------------


def _render(e: _Expr) -> str:
    core = e.text
    c = e.coefficient / 1
    if c == 1 and e.count == 1:
        return core
    if c == -1 and e.count == 1:
        return f"−{_wrap(core, e.kind, 'mm')}"
    number = f"{_number(c)}/{e.count}" if e.count != 1 else _number(c)
    number = f"({number})" if "/" in number or number.startswith("−") else number
    return number if e.one else f"{number}·{_wrap(core, e.kind, 'mm')}"


def _number(c: Fraction) -> str:
    return str(c) if c.denominator != 1 or c.numerator >= 0 else f"−{-c.numerator}"


def _wrap(text: str, kind: str, within: str = "mm") -> str:
    """`text` in parentheses unless it binds tighter than the product it is put in."""
    return text if kind == "atom" or kind == within else f"({text})"


def _capped(e: _Expr) -> _Expr:
    """e, or `⋯` (its coefficient kept) past FULL_CHARS."""
    return e if len(e.text) <= FULL_CHARS else _Expr("⋯", "atom", e.coefficient, e.count)


def _scaled(e: _Expr, factor: Fraction, count: int = 1) -> _Expr:
    return replace(e, coefficient=e.coefficient * factor, count=e.count * count)


def _bare(e: _Expr) -> _Expr:
    """e without its coefficient (a product keeps its factors' coefficients in front)."""
    return replace(e, coefficient=Fraction(1), count=1)


def _ratio(scale: float) -> tuple[Fraction, int]:
    """A contraction's scale as a factor and a mean's count: 1/512 -> (1, 512)."""
    if scale and abs(1 / scale - round(1 / scale)) < 1e-9 and round(1 / scale) > 1:
        return Fraction(1), int(round(1 / scale))
    return Fraction(scale).limit_denominator(10_000), 1


def _hadamard(g: _Expr, d: tuple) -> _Expr:
    factor, text, kind = d
    if text is None:  # a constant derivative
        return _scaled(g, factor)
    if g.one:
        return _Expr(text, kind, g.coefficient * factor, g.count)
    return _Expr(f"{_wrap(g.text, g.kind, 'had')} ⊙ {_wrap(text, kind, 'had')}", "had",
                 g.coefficient * factor, g.count)


def _transpose(e: _Expr) -> _Expr:
    if e.one:
        return e
    if e.factors:  # (A·B)ᵀ = Bᵀ·Aᵀ
        return _scaled(_product(_transpose(e.factors[1]), _transpose(e.factors[0])),
                       e.coefficient, e.count)
    if e.untransposed is not None:
        return _scaled(e.untransposed, e.coefficient, e.count)
    text = e.text
    if e.kind == "atom" and text.endswith("ᵀ" + CLOSE) and _matching(text, 0) == len(text) - 1:
        return _Expr(text[1:-2], "atom", e.coefficient, e.count)  # a forward's own ᵀ undone
    if e.kind == "atom" and text.endswith("ᵀ") and "(" not in text:
        return _Expr(text[:-1], "atom", e.coefficient, e.count)
    return _Expr(f"{_wrap(e.text, e.kind, 'T')}ᵀ", "atom", e.coefficient, e.count,
                 untransposed=_bare(e))


def _product(left: _Expr, right: _Expr) -> _Expr:
    if left.one and right.one:
        return left
    text = f"{_wrap(left.text, left.kind)}·{_wrap(right.text, right.kind)}"
    bare = (_bare(left), _bare(right))
    return _Expr(text, "mm", left.coefficient * right.coefficient, left.count * right.count,
                 factors=bare)


def _sum(terms: list) -> _Expr:
    if len(terms) == 1:
        return terms[0]
    text = ""
    for e in terms:
        shown = e.render()
        text = shown if not text else (f"{text} − {shown[1:]}" if shown.startswith("−")
                                       else f"{text} + {shown}")
    return _Expr(text, "sum")


def _single(g: _Expr, output: str, term: str) -> _Expr:
    """The gradient of a one-operand term (a sum, a mean, addmm's bias): g summed over the
    output dims the term lacks, broadcast over those it has alone, in the term's order."""
    summed = [k for k, c in enumerate(output) if c not in term]
    if summed and not g.one:
        marks = "".join(SUBSCRIPTS[k] if k < len(SUBSCRIPTS) else "₊" for k in summed)
        g = _Expr(f"Σ{marks}({g.text})", "atom", g.coefficient, g.count)
    kept = [c for c in output if c in term]
    if len(kept) == 2 and kept != [c for c in term if c in kept]:
        return _transpose(g)
    return g


def _pair(g: _Expr, output: str, other: _Expr, other_indices: str, wanted: str):
    """The gradient of one operand of a product of two, `wanted` its indices: g and the other
    operand multiplied as matrices (either order, each maybe transposed) so that the indices
    come out as `wanted`; the arrangement with the fewest transposes. None if none fits."""
    best = None
    for left, right in (((g, output), (other, other_indices)),
                        ((other, other_indices), (g, output))):
        for flip_left in (False, True):
            for flip_right in (False, True):
                got = _multiplied(_flipped(left[1], flip_left), _flipped(right[1], flip_right),
                                  wanted)
                cost = flip_left + flip_right
                if got == wanted and (best is None or cost < best[0]):
                    best = (cost, _product(_transpose(left[0]) if flip_left else left[0],
                                           _transpose(right[0]) if flip_right else right[0]))
    return None if best is None else best[1]


def _flipped(indices: str | None, flip: bool) -> str | None:
    if not flip:
        return indices
    if len(indices) == 1:
        return "^" + indices  # a row vector
    return None if len(indices) < 2 else indices[:-2] + indices[-1] + indices[-2]


def _multiplied(left: str | None, right: str | None, wanted: str) -> str | None:
    """The indices of left·right as matrices (a batch index in front shared), or None."""
    if left is None or right is None:
        return None
    if left.startswith("^"):
        return None
    if right.startswith("^"):  # column · row: an outer product
        return left + right[1:] if len(left) == 1 else None
    if not left or not right:
        return left + right
    batch = ""
    if len(left) == 3 and len(right) == 3 and left[0] == right[0]:
        batch, left, right = left[0], left[1:], right[1:]
    if left[-1] == right[0] and left[-1] not in wanted:
        return batch + left[:-1] + right[1:]
    return None


# ---- pointwise forms, from sympy --------------------------------------------------------


def _placeholder_symbols(n: int) -> list:
    return [sp().Symbol(f"ARG{k}Z", real=True) for k in range(n)]


def _pointwise_forward(op, params: tuple, args: list) -> tuple[str, str]:
    text, kind = _forward_template(op, params, len(args))
    return _filled(text, args, kind), _kind_of(text, args, kind)


@functools.lru_cache(maxsize=256)
def _forward_template(op, params: tuple, n: int) -> tuple[str, str]:
    """The op's form as text over ARGkZ placeholders, and its kind; kept between runs
    (derivcache): a script checked again imports no sympy for its formula column either."""
    return derivcache.kept(op, ("matrix-forward", n, params),
                           lambda: _derived_forward_template(op, params, n),
                           list, lambda entry: (str(entry[0]), str(entry[1])))


def _derived_forward_template(op, params: tuple, n: int) -> tuple[str, str]:
    symbols = _placeholder_symbols(n)
    form = _sym_form(op, params, symbols)
    if form.has(sp().Piecewise) or len(_text(form)) > SUBEXPRESSION_CHARS:  # relu, by name
        return f"{op.name}({', '.join(f'ARG{k}Z' for k in range(n))})", "atom"
    return _text(form), _kind(form)


def _pointwise_partial(op, params: tuple, n: int, i: int, args: tuple):
    """(constant factor, text or None, kind) of d op / d input i, the inputs' forward
    subexpressions written in; None where sympy leaves a form this module cannot print."""
    template = _partial_template(op, params, n, i)
    if template is None:
        return None
    factor, text, kind = template
    return factor, None if text is None else _filled(text, args, kind), _kind_of(text, args, kind)


@functools.lru_cache(maxsize=256)
def _partial_template(op, params: tuple, n: int, i: int):
    """(constant factor, text or None, kind) of d op / d input i over ARGkZ placeholders, or
    None where sympy gives nothing printable; kept between runs (derivcache)."""
    return derivcache.kept(op, ("matrix-partial", i, n, params),
                           lambda: _derived_partial_template(op, params, n, i),
                           _encoded_partial, _decoded_partial)


def _encoded_partial(template) -> list:
    if template is None:
        return ["none"]
    factor, text, kind = template
    return ["form", str(factor), text, kind]


def _decoded_partial(entry: list):
    if entry == ["none"]:
        return None
    tag, factor, text, kind = entry
    if tag != "form" or not isinstance(kind, str) or not (text is None or isinstance(text, str)):
        raise ValueError("not a partial's template")
    return Fraction(factor), text, kind


def _derived_partial_template(op, params: tuple, n: int, i: int):
    symbols = _placeholder_symbols(n)
    try:
        d = derivative(_sym_form(op, params, symbols), symbols[i])
    except Exception:  # noqa: BLE001 (sympy's own errors: the row keeps a placeholder)
        return None
    if d.has(sp().Derivative, sp().Subs):
        return None
    if d.is_Piecewise:
        return _indicator(d)
    d = sp().factor_terms(d)  # 2·(a − b), not 2·a − 2·b
    factor, rest = d.as_coeff_Mul()
    if rest == 1 and factor.is_Rational:
        return Fraction(str(factor)), None, "atom"
    if not factor.is_Rational or rest == 1:
        factor, rest = sp().Integer(1), d
    return Fraction(str(factor)), _text(rest), _kind(rest)


def _indicator(d):
    """Piecewise((e, cond), (0, True)) as `e·[cond]` (relu's `[x > 0]`)."""
    pieces = d.args
    if len(pieces) != 2 or pieces[1].cond != sp().true or 0 not in (pieces[0].expr,
                                                                    pieces[1].expr):
        return None
    expr, cond = (pieces[0].expr, pieces[0].cond) if pieces[1].expr == 0 else \
        (pieces[1].expr, sp().Not(pieces[0].cond))
    mark = f"[{_text(cond)}]"
    if expr == 1:
        return Fraction(1), mark, "atom"
    return Fraction(1), f"{_text(expr)}·{mark}", "mm"


def _sym_form(op, params: tuple, symbols: list):
    inputs = [np.asarray(s, dtype=object) for s in symbols]
    with sp().evaluate(False):
        form = (op.sym or op.forward)(*inputs, **dict(params))
    return sp().sympify(np.asarray(form, dtype=object).item()).doit()


def _kind(form) -> str:
    if form.is_Add:
        return "sum"
    if form.is_Mul:
        return "had"
    return "atom"


def _text(form) -> str:
    text = sp().sstr(form)
    text = re.sub(r"(\w+)\((ARG\d+Z)\)\*\*2\b", r"\1²(\2)", text)  # tanh(x)**2 -> tanh²(x)
    text = text.replace("**2", "²").replace("**", "^").replace(" - ", " − ")
    text = re.sub(r"(?<=\d)\*", "·", text)
    text = re.sub(r"(^|\()-", r"\1−", text)
    return text.replace("*", " ⊙ ")


def _filled(template: str, args, kind: str) -> str:
    """The template with each ARGkZ replaced by the forward text of input k, in parentheses
    where it binds looser than where it goes."""
    def fill(match):
        text, arg_kind = args[int(match.group(1))]
        start, end = match.start(), match.end()
        alone = (start == 0 or template[start - 1] in "( ,") and \
            (end == len(template) or template[end] in ") ,")
        inside_call = start > 0 and template[start - 1] == "(" and end < len(template) and \
            template[end] == ")"
        keep = arg_kind == "atom" or inside_call or template == match.group(0) or \
            (kind == "sum" and alone and template[max(start - 2, 0):start] != "− ") or \
            (arg_kind == "had" and kind == "had" and alone)
        return text if keep else f"({text})"
    return re.sub(r"ARG(\d+)Z", fill, template)


def _kind_of(template: str | None, args, kind: str) -> str:
    """A template that is one input alone (the identity's derivative 1·a) binds as it does."""
    alone = re.fullmatch(r"ARG(\d+)Z", template or "")
    return args[int(alone.group(1))][1] if alone else kind


def _hashable(params: dict) -> tuple:
    try:
        key = tuple(sorted(params.items()))
        hash(key)
        return key
    except TypeError:
        raise TooLarge("an op with array parameters") from None


def _subscript(n: int) -> str:
    return "".join("₀₁₂₃₄₅₆₇₈₉"[int(c)] for c in str(n))


# ---- the table's bound ------------------------------------------------------------------


def _strip(text: str) -> str:
    return text.replace(OPEN, "").replace(CLOSE, "")


def _bounded(marked: str) -> str:
    """The table's text: a forward subexpression seen before reads `·`; if that is still
    longer than TABLE_CHARS, so does one longer than SUBEXPRESSION_CHARS; then it is cut."""
    shown = _elided(marked, None)
    if len(shown) > TABLE_CHARS:
        shown = _elided(marked, SUBEXPRESSION_CHARS)
    return _cut(shown, TABLE_CHARS)


def _elided(marked: str, longest: int | None) -> str:
    out, seen, i = [], set(), 0
    while i < len(marked):
        ch = marked[i]
        if ch == OPEN:
            end = _matching(marked, i)
            inner = _strip(marked[i + 1:end])
            if inner in seen or (longest is not None and len(inner) > longest):
                called = i > 0 and marked[i - 1] == "(" and marked[end + 1:end + 2] == ")"
                out.append("·" if called else "(·)")
                i = end + 1
                continue
            seen.add(inner)
        elif ch != CLOSE:
            out.append(ch)
        i += 1
    return "".join(out)


def _matching(text: str, start: int) -> int:
    depth = 0
    for k in range(start, len(text)):
        depth += (text[k] == OPEN) - (text[k] == CLOSE)
        if depth == 0:
            return k
    return len(text) - 1


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def in_table(terms: list | None, form: MatrixForm) -> str:
    """The table's text for an accumulated row: each call's full form replaced by its
    bounded one (`2*(…)` after two calls without a reset)."""
    if not terms:
        return form.table
    return _cut(sum_text([form.table if t == form.full else t for t in terms[0]]), TABLE_CHARS)
