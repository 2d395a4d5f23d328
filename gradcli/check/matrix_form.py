"""A structured row's gradient written as a matrix expression, for people to read:
`(2/512)·Xᵀ·((tanh(X·W1 + b1)·W2 − Y) ⊙ (1 − tanh²(·)))·W2ᵀ`.

Display only (the values checked come from structured.py). It walks the records the
structured path walks, from the roots down to the target, and writes each op's part from its
forward, never from the engine's VJP rules: a pointwise op as ⊙ with sympy's derivative of
its sym form (the forward subexpression written in; the logistic as σ, a clamp's piecewise
as clamp), a contraction as matrix products with ᵀ on the operands its einsum spec says are
transposed, a mean as its 1/N, a broadcast as Σ over the broadcast dims, a view or reshape
as what its row's `matrix_form` says (Op.matrix_form), the nn ops in their textbook forms
(matrix_forms_nn.py: softmax(Z) − onehot(y), layer norm over x̂ and σ, conv_transpose /
corr...); what has no form anywhere is a named placeholder `∂op(…)`. A long or shared
forward subexpression (a recurrent state), a gradient summed from several ops and the parts a
form repeats are named (Z₁, G₁, x̂₁) and defined after the form, with what the named
operations mean (`; where Z₁ = …; onehot(y): …`): texts then grow with a network's depth,
not exponentially. The table gets a bounded text (a repeated or long
subexpression reads `·`, no definitions), --explain and JSON the full one. Built once per
graph shape: a training loop repeats it every step. The text algebra is matrix_expr.py.
"""
from __future__ import annotations

import functools
import os
import re
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from gradcli.engine import trace
from gradcli.engine.symforms import sp

from . import derivcache
from . import matrix_forms_nn as nn
from .matrix_expr import (
    CLOSE,
    FULL_CHARS,
    ONE,
    OPEN,
    SUBSCRIPTS,
    Expr,
    capped,
    hadamard,
    matching,
    pair,
    ratio,
    scaled,
    single,
    subscript,
    sum_of,
    tidy_number,
    transpose,
    wrap,
)
from .numeric import replay
from .records import TooLarge, graph_key, input_value, reverse_topological
from .rowdata import sum_text
from .vectorized import derivative

TABLE_CHARS = 120  # the table's bound on a matrix form; --explain and JSON have it whole
SUBEXPRESSION_CHARS = 48  # a longer forward subexpression reads `·` in the table
# a longer forward subexpression is named (Z₁), a longer gradient (G₁), each defined after the
# form: a recurrent net reads each state many times, and whole texts would grow exponentially
# with its steps; named, they grow with the steps
FORWARD_CHARS = 160
SHARED_CHARS = 20  # so is a forward subexpression longer than this that several ops read
GRADIENT_CHARS = 60  # so is a gradient longer than this summed from several ops
CACHED_GRAPHS = 64
NAMED_CHARS = 24  # a longer part that a form repeats is named (G₁) and defined after it


@dataclass(frozen=True)
class MatrixForm:
    table: str  # bounded by TABLE_CHARS
    full: str




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
    key = graph_key(roots, targets, name_of)
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


def _any_of(words, after: str = "", before: str = "", then: str = "") -> re.Pattern | None:
    """A pattern whose findall gives each of `words` (and what `then` matches after it) found
    in a text between `before` and `after`, overlapping ones too: at each position, the
    longest that matches there (no two calls match at one position: each is followed by its
    parenthesis)."""
    if not words:
        return None
    either = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return re.compile(f"(?={before}((?:{either}){then}){after})")


_GLOSSED = _any_of(nn.GLOSSARY, r"\(", r"(?<![\w])")  # the named operations a form calls
NUMBERING = "₀₁₂₃₄₅₆₇₈₉"  # the subscript digits that number a name (G₁₂)


def _names_pattern(defs: dict) -> re.Pattern | None:
    """A pattern whose findall gives every word a text has of the form of a name of `defs`
    (one of their prefixes, then all the subscript digits that follow): one scan of a text
    finds the names it uses, however many there are."""
    return _any_of({name.rstrip(NUMBERING) for name in defs}, then=f"[{NUMBERING}]+")


def _remember(key, forms: dict) -> None:
    _CACHE[key] = forms
    while len(_CACHE) > CACHED_GRAPHS:
        _CACHE.popitem(last=False)


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
        self.defs: dict = {}  # a name (G₁, x̂₁...) -> the text it stands for, marked
        self.names: dict = {}  # what is named -> its name
        self.order = reverse_topological(roots)  # (each record before those it reads)
        self.readers: dict = {}  # id of a record -> how many records read it
        for r in self.order:
            for a in {id(a) for a in getattr(r, "args", ())}:
                self.readers[a] = self.readers.get(a, 0) + 1

    def forms(self, targets) -> dict:
        grads = self._accumulate()
        names = _names_pattern(self.defs)
        out = {}
        for position, t in enumerate(targets):
            terms = [e for r in self._records_of(t) for e in grads.get(id(r), ())]
            if not terms:
                continue
            marked = sum_of(terms).render()
            full = _strip(marked) + self._where(marked, names)
            out[position] = MatrixForm(_bounded(marked), _cut(full, FULL_CHARS))
        return out

    def _where(self, text: str, names: re.Pattern | None) -> str:
        """`; where G₁ = …, x̂₁ = …; onehot(y): …`: the names `text` uses (and theirs), then
        what the named operations it calls mean."""
        used, pending = set(), [text] if names is not None else []
        while pending:
            for name in names.findall(pending.pop()):
                if name in self.defs and name not in used:
                    used.add(name)
                    pending.append(self.defs[name])
        shown = [f"{name} = {_strip(body)}" for name, body in self.defs.items() if name in used]
        every = " ".join([text, *(self.defs[name] for name in used)])
        called = set(_GLOSSED.findall(every))
        meanings = [meaning for call, meaning in nn.GLOSSARY.items() if call in called]
        parts = ([f"where {', '.join(shown)}"] if shown else []) + meanings
        return "".join(f"; {part}" for part in parts)

    def _einsum(self, g: Expr, output: str, others: list, indices: list, wanted: str) -> Expr:
        """One operand's gradient as the einsum of G with the others (a product no pair of
        matrices writes: bilinear's three operands, a batched outer product)."""
        spec = ",".join([output, *indices]) + "->" + wanted
        operands = ", ".join([g.text, *(self.forward(a)[0] for a in others)])
        return Expr(f"einsum({spec}, {operands})", "atom", g.coefficient, g.count)

    # ---- what the nn forms (matrix_forms_nn.py) ask --------------------------------------
    def shape(self, r) -> tuple:
        return self.shapes[id(r)]

    def value(self, r):
        return input_value(r)

    def named(self, prefix: str, e: Expr) -> Expr:
        """e, or a name for it (defined after the form) where it is long: a part that a form
        writes more than once."""
        if e.one or len(_strip(e.text)) <= NAMED_CHARS:
            return e
        name = self.names.get(e.text)
        if name is None:
            name = self.names[e.text] = self._fresh(prefix)
            self.defs[name] = e.text
        return Expr(name, "atom", e.coefficient, e.count)

    def define(self, r, prefix: str, text: str) -> str:
        """The name of `text`, something of record r (its x̂, its σ), defined once."""
        key = (id(r), prefix)
        if key not in self.names:
            self.names[key] = name = self._fresh(prefix)
            self.defs[name] = text
        return self.names[key]

    def redefine(self, name: str, text: str) -> None:
        self.defs[name] = text

    def _fresh(self, prefix: str) -> str:
        taken = sum(name.startswith(prefix) for name in self.defs)
        return f"{prefix}{subscript(taken + 1)}"

    def _records_of(self, t) -> list:
        if t.tensor.grad_fn is not None:
            return [t.tensor._record]
        return [r for r in self.order if isinstance(r, trace.Leaf) and r.tensor is t.tensor]

    def _accumulate(self) -> dict:
        grads: dict = {}
        for root in self.roots:
            grads.setdefault(id(root), []).append(ONE)
        for r in self.order:
            if not isinstance(r, trace.OpRecord) or id(r) not in grads:
                continue
            g = capped(sum_of(grads[id(r)]))
            if len(_strip(g.text)) > GRADIENT_CHARS and len(grads[id(r)]) > 1 or \
                    len(_strip(g.text)) > FORWARD_CHARS * 5:  # (a sum is what grows)
                g = self.named("G", g)
            for a, part in zip(r.args, self._input_grads(r, g), strict=True):
                if part is not None and not isinstance(a, trace.Const):
                    grads.setdefault(id(a), []).append(part)
        return grads

    # ---- forward ----------------------------------------------------------------------
    def forward(self, r) -> tuple[str, str]:
        """(text, kind) of what the record computes, named by the script's tensors."""
        if id(r) not in self.forward_texts:
            text, kind = self._forward(r)
            shown = len(_strip(text))
            if shown > FORWARD_CHARS or (shown > SHARED_CHARS and self.readers.get(id(r), 0) > 1):
                text, kind = self.define(r, "Z", text), "atom"
            self.forward_texts[id(r)] = text, kind
        return self.forward_texts[id(r)]

    def _forward(self, r) -> tuple[str, str]:
        if isinstance(r, trace.Leaf):
            return self.name_of(r.tensor) or "tensor", "atom"
        if isinstance(r, trace.Const):
            return self._const(r), "atom"
        op, args = r.op, [self.forward(a) for a in r.args]
        if op.matrix_form == "same":
            return self.forward(r.args[0])
        if op.name in nn.FORWARD:
            text, kind = nn.FORWARD[op.name](self, r, args)
        elif op.matrix_form == "product":
            text, kind = f"{wrap(*args[0], 'mm')}·{wrap(*args[1], 'mm')}", "mm"
        elif op.name == "addmm":
            text, kind = f"{wrap(*args[1], 'mm')}·{wrap(*args[2], 'mm')} + {args[0][0]}", "sum"
        elif self._transposes(r):
            inner = r.args[0]
            if self._transposes(inner):  # (Aᵀ)ᵀ is A
                return self.forward(inner.args[0])
            text, kind = f"{wrap(*args[0], 'T')}ᵀ", "atom"
        elif op.pointwise and op.condition is None:
            text, kind = _pointwise_forward(op, _hashable(r.params), args)
        else:
            text, kind = f"{op.name}({', '.join(a for a, _ in args)})", "atom"
        return f"{OPEN}{text}{CLOSE}", kind

    def _transposes(self, r) -> bool:
        return isinstance(r, trace.OpRecord) and r.op.matrix_form == "transpose" and \
            len(self.shapes[id(r)]) == 2

    def _const(self, r) -> str:
        value = input_value(r)
        if np.size(value) == 1:
            return tidy_number(float(np.reshape(value, -1)[0]))
        if id(r) not in self.consts:
            named = self.const_name(r) if self.const_name is not None else None
            self.consts[id(r)] = named or f"C{subscript(len(self.consts) + 1)}"
        return self.consts[id(r)]

    # ---- reverse ----------------------------------------------------------------------
    def _input_grads(self, r, g: Expr) -> list:
        op = r.op
        parts = nn.REVERSE[op.name](self, r, g) if op.name in nn.REVERSE else None
        if parts is not None:
            return parts
        if op.pointwise and op.condition is None:
            return self._pointwise(r, g, dict(r.params))
        if op.reduces:
            shape = np.broadcast_shapes(*[self.shapes[id(a)] for a in r.args])
            if r.params.get("reduction") == "mean":
                g = scaled(g, Fraction(1), int(np.prod(shape)))
            return self._pointwise(r, g, {**r.params, "reduction": "none"}, shape)
        if op.contraction is not None and op.unfold is None:
            spec = op.contraction(*[self.shapes[id(a)] for a in r.args], **r.params)
            return self._contraction(r, g, spec)
        if self._transposes(r):
            return [transpose(g)] + [None] * (len(r.args) - 1)
        if op.matrix_form == "same":
            return [g] + [None] * (len(r.args) - 1)
        if op.matrix_form in ("reshape", "inverse"):
            shown = "view" if op.matrix_form == "reshape" else op.name
            return [Expr(f"{shown}⁻¹({g.render()})")] + [None] * (len(r.args) - 1)
        if op.name == "copy":  # a.copy_(src): the old values get nothing, src all (summed)
            return [None, self._reduced(g, self.shapes[id(r)], self.shapes[id(r.args[1])])]
        if op.matrix_form == "broadcast":
            return [self._reduced(g, self.shapes[id(r)], self.shapes[id(r.args[0])])] + \
                [None] * (len(r.args) - 1)
        return [None if isinstance(a, trace.Const) else
                Expr(f"∂{op.name}{subscript(i) if len(r.args) > 1 else ''}({g.render()})")
                for i, a in enumerate(r.args)]

    def _pointwise(self, r, g: Expr, params: dict, shape=None) -> list:
        shape = self.shapes[id(r)] if shape is None else shape
        args = [self.forward(a) for a in r.args]
        parts = []
        for i, a in enumerate(r.args):
            if isinstance(a, trace.Const):
                parts.append(None)
                continue
            d = _pointwise_partial(r.op, _hashable(params), len(args), i, tuple(args))
            part = hadamard(g, d) if d is not None else \
                Expr(f"∂{r.op.name}({g.render()})")
            parts.append(self._reduced(part, shape, self.shapes[id(a)]))
        return parts

    def _reduced(self, g: Expr, shape: tuple, into: tuple) -> Expr:
        """g summed over the dims `into` was broadcast along to `shape`: a bias's Σᵢ."""
        extra = len(shape) - len(into)
        dims = [d for d in range(len(shape))
                if d < extra or (into[d - extra] == 1 and shape[d] != 1)]
        if not dims or g.one:
            return g
        marks = "".join(SUBSCRIPTS[d] if d < len(SUBSCRIPTS) else "₊" for d in dims)
        return Expr(f"Σ{marks}({g.text})", "atom", g.coefficient, g.count)

    def _contraction(self, r, g: Expr, spec: tuple[str, float]) -> list:
        formula, scale = spec
        inputs, output = formula.split("->")
        terms = [term.split(",") for term in inputs.split("+")]
        g = scaled(g, *ratio(scale)) if np.isscalar(scale) else g
        out, first = [], 0
        for term in terms:
            for i in range(len(term)):
                a = r.args[first + i]
                if isinstance(a, trace.Const):
                    out.append(None)
                elif len(term) == 1:
                    out.append(single(g, output, term[0]))
                else:
                    others = [r.args[first + k] for k in range(len(term)) if k != i]
                    found = len(term) == 2 and pair(
                        g, output, Expr(*self.forward(others[0])), term[1 - i], term[i])
                    out.append(found or self._einsum(g, output, others,
                                                     [t for k, t in enumerate(term) if k != i],
                                                     term[i]))
            first += len(term)
        return out


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
    form = _logistic(_sym_form(op, params, symbols))
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
    d = sp().factor_terms(_logistic(d))  # 2·(a − b), not 2·a − 2·b
    factor, rest = d.as_coeff_Mul()
    if rest == 1 and factor.is_Rational:
        return Fraction(str(factor)), None, "atom"
    if not factor.is_Rational or rest == 1:
        factor, rest = sp().Integer(1), d
    return Fraction(str(factor)), _text(rest), _kind(rest)


def _logistic(form):
    """form with the logistic function of an input, 1/(1 + exp(−a)), written σ(a) where that
    leaves no exp of it: exp(−a) is (1 − σ)/σ and exp(a) is σ/(1 − σ), so sigmoid's
    derivative reads σ(a) ⊙ (1 − σ(a)) and BCE-with-logits' σ(a) − t."""
    if not form.has(sp().exp):
        return form
    s = sp().Symbol("LOGISTIC", positive=True)
    best = form
    for a in sorted(form.free_symbols, key=str):
        for power, value in ((-a, (1 - s) / s), (a, s / (1 - s))):
            if not form.has(sp().exp(power)):
                continue
            written = sp().factor(sp().cancel(form.subs(sp().exp(power), value)))
            if written.has(sp().exp) or written.has(sp().Symbol("LOGISTIC")):
                continue
            written = _one_minus(written, s)
            if written.has(sp().exp):
                continue
            shown = written.subs(s, sp().Function("σ")(a))
            if len(sp().sstr(shown)) < len(sp().sstr(best)):
                best = shown
    return best


def _one_minus(form, s):
    """−s·(s − 1) as s·(1 − s)."""
    negated = -form
    if form.could_extract_minus_sign() and negated.is_Mul and s - 1 in negated.args:
        return sp().Mul(*[1 - s if f == s - 1 else f for f in negated.args])
    return form


def _indicator(d):
    """A two-piece Piecewise as text: (e, cond), (0, True) as `e·[cond]` (relu's `[x > 0]`);
    (α·u, |u| < k), (α·k·sign(u), True) as `α·clamp(u, −k, k)` (huber's); any other as
    `(e₁ if cond else e₂)`."""
    pieces = d.args
    if len(pieces) != 2 or pieces[1].cond != sp().true:
        return None
    clamped = _clamp(pieces)
    if clamped is not None:
        return clamped
    if 0 not in (pieces[0].expr, pieces[1].expr):
        return Fraction(1), f"({_text(pieces[0].expr)} if {_text(pieces[0].cond)} else " \
            f"{_text(pieces[1].expr)})", "atom"
    expr, cond = (pieces[0].expr, pieces[0].cond) if pieces[1].expr == 0 else \
        (pieces[1].expr, sp().Not(pieces[0].cond))
    mark = f"[{_condition(cond)}]"
    if expr == 1:
        return Fraction(1), mark, "atom"
    return Fraction(1), f"{_text(expr)}·{mark}", "mm"


def _clamp(pieces):
    """(α, `clamp(u, −k, k)`, "atom") for (α·u, |u| < k), (α·k·sign(u), True), else None."""
    inside, outside = pieces
    cond = inside.cond
    if not (isinstance(cond, sp().StrictLessThan) and isinstance(cond.lhs, sp().Abs)):
        return None
    u, k = cond.lhs.args[0], cond.rhs
    alpha = sp().simplify(inside.expr / u)
    if not alpha.is_number or sp().simplify(outside.expr - alpha * k * sp().sign(u)) != 0:
        return None
    bound = _text(k)
    factor = Fraction(str(sp().nsimplify(alpha)))
    return factor, f"clamp({_text(u)}, −{bound}, {bound})", "atom"


def _condition(cond) -> str:
    """A condition's text; `a ≥ lo ∧ a ≤ hi` as `lo ≤ a ≤ hi` (clamp's)."""
    if isinstance(cond, sp().And) and len(cond.args) == 2:
        low = [c for c in cond.args if isinstance(c, sp().GreaterThan)]
        high = [c for c in cond.args if isinstance(c, sp().LessThan)]
        if low and high and low[0].lhs == high[0].lhs:
            return f"{_text(low[0].rhs)} ≤ {_text(low[0].lhs)} ≤ {_text(high[0].rhs)}"
    return _text(cond)


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
    if form.is_Mul and len(form.args) == 2 and sum(a.is_Add for a in form.args) == 1:
        first, second = sorted(form.args, key=lambda a: a.is_Add)  # σ(a) ⊙ (1 − σ(a))
        if not first.is_number and not (first.is_Pow and first.exp.is_negative):
            return f"{_text(first)} ⊙ ({_text(second)})"
    if form.is_Add and len(form.args) == 2:  # −t + σ(z) as σ(z) − t
        first, second = sorted(form.args, key=lambda a: a.could_extract_minus_sign())
        if second.could_extract_minus_sign() and not first.could_extract_minus_sign():
            rest = _text(-second)
            return f"{_text(first)} − {f'({rest})' if (-second).is_Add else rest}"
    text = sp().sstr(form)
    text = re.sub(r"(\w+)\((ARG\d+Z)\)\*\*2\b", r"\1²(\2)", text)  # tanh(x)**2 -> tanh²(x)
    text = text.replace("**2", "²").replace("**", "^").replace(" - ", " − ")
    text = re.sub(r"\bsqrt\((\d+|pi)\)", r"√\1", text)  # sqrt(2) -> √2
    text = re.sub(r"\bpi\b", "π", re.sub(r"\bsqrt\(", "√(", text))
    text = re.sub(r"\d+\.\d+", lambda m: tidy_number(float(m.group(0))), text)
    text = re.sub(r"\bAbs\(([^()]*)\)", r"|\1|", text)
    text = text.replace(">=", "≥").replace("<=", "≤").replace(" & ", " ∧ ")
    text = re.sub(r"(?<=\d)\*", "·", text)
    text = re.sub(r"(^|[(\s])-(?=[\w(√])", r"\1−", text)
    return text.replace("*", " ⊙ ")


def _filled(template: str, args, kind: str) -> str:
    """The template with each ARGkZ replaced by the forward text of input k, in parentheses
    where it binds looser than where it goes: a sum stays bare as a term of a sum, a
    Hadamard product as a factor of one."""
    def fill(match):
        text, arg_kind = args[int(match.group(1))]
        left, right = template[:match.start()], template[match.end():]
        edge_left, edge_right = (not left or left[-1] in "(,"), (not right or right[0] in "),")
        term = (edge_left or left.endswith("+ ")) and \
            (edge_right or right.startswith((" +", " −")))
        factor = (edge_left or left.endswith(("+ ", "− ", "⊙ "))) and \
            (edge_right or right.startswith((" +", " −", " ⊙")))
        inside_call = left.endswith("(") and right.startswith(")")
        keep = arg_kind == "atom" or inside_call or not left and not right or term or \
            (arg_kind == "had" and factor)
        return text if keep else f"({text})"
    filled = re.sub(r"ARG(\d+)Z", fill, template)
    filled = re.sub(rf"(?<![\w.·^/])({NUMBER}) ⊙ ", r"\1·", filled)  # a scalar's ⊙ is ·
    return re.sub(rf" ⊙ ({NUMBER})(?=[\s),\]]|$)(?!/)", r"·\1", filled)


NUMBER = r"−?(?:\d+(?:\.\d+)?(?:e−?\d+)?|√\d+)"  # (a fraction keeps its ⊙: 1/√8 ⊙ x)


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
            end = matching(marked, i)
            inner = _strip(marked[i + 1:end])
            if (inner in seen and re.search(r"[\s·(]", inner)) or \
                    (longest is not None and len(inner) > longest):  # (a name stays)
                called = i > 0 and marked[i - 1] == "(" and marked[end + 1:end + 2] == ")"
                out.append("·" if called else "(·)")
                i = end + 1
                continue
            seen.add(inner)
        elif ch != CLOSE:
            out.append(ch)
        i += 1
    return "".join(out)


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def in_table(terms: list | None, form: MatrixForm) -> str:
    """The table's text for an accumulated row: each call's full form replaced by its
    bounded one (`2*(…)` after two calls without a reset)."""
    if not terms:
        return form.table
    return _cut(sum_text([form.table if t == form.full else t for t in terms[0]]), TABLE_CHARS)
