"""Each op's part of a gradient, from its forward and never from the engine's VJP rules (see
structured.py): sympy's partials of pointwise ops, contractions transposed from their einsum
form, rearrangements traced on element tags, affine ops followed on forms, a slice's Jacobian."""
from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import NamedTuple

import numpy as np

from gradcli.engine.symforms import sp

from . import derivcache, forms_nn
from .dropped import reduce_to
from .ieee import Program
from .records import TooLarge
from .vectorized import derivative


def add_part(grads: dict, r, g: np.ndarray) -> None:
    """Add `g` to the part of `grads` of record r (by id)."""
    grads[id(r)] = g if id(r) not in grads else grads[id(r)] + g


def input_grads(r, g: np.ndarray, args: list, wanted: list, size=None,
                 narrow: bool = False, value: np.ndarray | None = None) -> list:
    """Each wanted input's part of the gradient `g` of r's output (None for the others);
    with `size` (abs, square), of g through the size of each factor, for the rounding
    spread (`narrow`: contracted in float32). `value`: r's replayed value, where sympy's
    partial reads it (tanh's 1 - tanh²)."""
    op = r.op
    size = size or _same
    if op.pointwise and op.condition is None:
        return _pointwise(op, r.params, g, args, wanted, size, value, compared_at(r))
    if op.reduces:
        return _reduced(r, g, args, size)
    if op.unfold is not None:
        return _unfolded(r, g, args, size)
    if op.contraction is not None:
        spec = op.contraction(*[a.shape for a in args], **r.params)
        if size is not _same and narrow:
            g, size = np.asarray(g, np.float32), _NARROW[size]
        return transposed(spec, g, [size(a) if forms_nn.floating(a) else a for a in args],
                           wanted)
    if op.layout == "view" or op.elements_read == "selection" or op.rearranges:
        if op.differentiated is not None:  # (torch's rule, which moves no elements)
            raise TooLarge(f"{op.grad_fn}'s gradient is torch's rule, which has no structured "
                           "form")
        return _traced_back(r, g, args)
    found = forms_nn.input_grads(r, g, args, size)  # (softmax's, before a slice's Jacobian)
    if found is not None:
        return found
    if op.along_dim:
        return _sliced(r, g, args, size)
    if op.linear:
        return _linear(r, g, args, size)
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
    values where the partials are evaluated instead of `args` (see compared_at)."""
    key = hashable(params)
    point, value = (args, value) if at is None else (at, None)
    out = []
    for i, (a, want) in enumerate(zip(args, wanted, strict=True)):
        if not (want and forms_nn.floating(a)):
            out.append(None)
            continue
        partial, new = _partial(op, key, i, point, value)
        if partial is ONE:
            part = g  # (g * 1.0 is g, bit for bit)
        elif new and size is _same and partial.shape == g.shape and partial.dtype == g.dtype:
            part = np.multiply(g, partial, out=partial)  # (g * partial, in its new array)
        else:
            part = g * size(partial)
        if part.shape != g.shape:
            part = np.broadcast_to(part, g.shape)
        out.append(reduce_to(np.add, part, a.shape))
    return out


def compared_at(r) -> list | None:
    """The values an op that compares its inputs (relu, clamp, maximum) compared, as the
    engine held them (float32): its partials are a choice of branch per element, which
    torch makes there; the float64 replay may land on the other side of 0 (a pre-activation
    of 0 in float32, 1e-9 in float64). Still sympy's partial, at the forward's own point."""
    at = getattr(r, "at", None)
    return None if at is None else [np.asarray(a, np.float64) for a in at]


ONE = np.float64(1.0)  # the partial of a sum's terms, which needs no multiplication


def partial_of(op, params: tuple, i: int, args: list, out: np.ndarray | None = None):
    """d out / d input i of a pointwise op, on every (broadcast) element: a float64 array,
    or ONE. With `out` (the op's value), a partial that repeats the op's form reads it."""
    return _partial(op, params, i, args, out)[0]


def _partial(op, params: tuple, i: int, args: list, out: np.ndarray | None = None) -> tuple:
    """partial_of's value, and whether it is a new array that nothing else holds (the caller
    may write into it)."""
    key = (id(op), i, len(args), params, out is not None)
    found = _PARTIALS.get(key)
    if found is None:
        if len(_PARTIALS) > 512:  # (a bound, for sessions of ever new params)
            _PARTIALS.clear()
        what = ("partial-of-output" if out is not None else "partial", i, len(args), params)
        program = derivcache.program(op, what, lambda: _symbolic_partial(
            op, i, len(args), params, out is not None))
        names = [f"a{k}" for k in range(len(args))] + ([OUT] if out is not None else [])
        found = _PARTIALS[key] = (op, program, _shortcut(program), names)
    _, program, shortcut, names = found
    if shortcut is not None:  # a number, one of the inputs or the output as it is
        if isinstance(shortcut, int):
            return np.asarray(args[shortcut], np.float64), False
        return (np.asarray(out, np.float64) if isinstance(shortcut, str) else shortcut), False
    (value,) = program.run(dict(zip(names, [*args, out])))
    new = program.new_outputs[0] and type(value) is np.ndarray
    return np.asarray(value, np.float64), new


OUT = "out"  # the symbol of the op's own value in a partial


# (id(op), input, inputs, params, reads out) -> (op, program, shortcut, the names of the
# inputs and out in the program): by the op's identity
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


MAX_SLICE = 64  # a cumprod over a longer dim has a Jacobian too large to derive entry by entry


def _sliced(r, g: np.ndarray, args: list, size=_same) -> list:
    """An op applied to each slice along `dim`: sympy's Jacobian of one slice, evaluated on
    all of them at once."""
    (a,) = args
    dim = r.params["dim"] % max(a.ndim, 1)
    length = a.shape[dim] if a.ndim else 1
    if length > MAX_SLICE:
        raise TooLarge(f"{r.op.grad_fn} along a dim of {length} elements")
    params = hashable({k: v for k, v in r.params.items() if k != "dim"})
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
    key = _forms_key(r, args)
    found = _AFFINE.get(key) if key is not None else None
    out = found[1] if found is not None else _affine_forms(r, args)
    if key is not None and found is None:
        if len(_AFFINE) >= 64:  # (a bound, for sessions of ever new targets)
            _AFFINE.clear()
        _AFFINE[key] = (r.op, out)
    total = np.zeros(a.size)
    for weight, y in zip(np.broadcast_to(g, out.shape).reshape(-1), out.reshape(-1)):
        if isinstance(y, _Affine) and y.where:
            total += np.bincount(y.where, weight * size(y.weights()),
                                 minlength=a.size)
    return [total.reshape(a.shape)] + [None] * (len(args) - 1)


def _affine_forms(r, args: list) -> np.ndarray:
    """r's output as forms of its first input's elements."""
    a = args[0]
    try:
        forward = r.op.differentiated or r.op.forward  # (what torch's backward differentiates)
        return np.asarray(forward(_unit_forms(a.size).reshape(a.shape), *args[1:], **r.params),
                          dtype=object)
    except (TypeError, AttributeError, ValueError):  # not affine after all: say so
        raise TooLarge(f"{r.op.grad_fn} is not affine in its input") from None


_AFFINE: dict = {}  # _forms_key -> (op, its output's forms): the entry keeps the op alive
MAX_KEYED_BYTES = 1 << 20  # of the other inputs a key holds


def _forms_key(r, args: list) -> tuple | None:
    """What an affine op's forms depend on: the op, its params, its first input's shape and
    its other inputs' values (nll_loss's targets and weights: a loop's step repeats them);
    None where a param or an input cannot be a key."""
    others = args[1:]
    if not all(isinstance(o, np.ndarray) for o in others) or \
            sum(o.nbytes for o in others) > MAX_KEYED_BYTES:
        return None
    params = _params_key(r)
    if params is None:
        return None
    return (id(r.op), params, args[0].shape,
            tuple((o.dtype.str, o.shape, o.tobytes()) for o in others))


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


def hashable(params: dict) -> tuple:
    if not params:
        return ()
    try:
        key = tuple(sorted(params.items()))
        hash(key)
        return key
    except TypeError:  # an array param: not a pointwise op sympy can take once per kind
        raise TooLarge("an op with array parameters") from None


def transposed(contraction: tuple[str, float], g: np.ndarray, args: list,
                wanted: list | None = None) -> list:
    """The gradient of each (wanted) operand of `scale * einsum(spec, *args)`: the einsum of
    the output's gradient with the other operands of its term, into that operand's indices.
    An index found nowhere else was summed away (or broadcast) by the forward: the gradient
    is the same all along it."""
    spec, scale = contraction
    output_shape, operands = _transposition(spec, tuple([a.shape for a in args]))
    g = g.reshape(output_shape)  # (a keepdim sum's kept dims are not in spec)
    if np.ndim(scale) or scale != 1:  # (times 1 is g, bit for bit: no copy of it)
        g = g * scale  # (a number, or an array over the output: average pooling's divisors)
    return [operand(g, args) if (wanted is None or wanted[i]) and forms_nn.floating(a) else None
            for i, (a, operand) in enumerate(zip(args, operands, strict=True))]


@functools.lru_cache(maxsize=256)
def _transposition(spec: str, shapes: tuple) -> tuple[list, list[_OperandGrad]]:
    """The output's shape and how each operand's gradient is worked out, for a spec and the
    operands' shapes: parsed once, as a loop's every step contracts the same."""
    inputs, output = spec.split("->")
    terms = [term.split(",") for term in inputs.split("+")]
    subscripts = [sub for term in terms for sub in term]
    sizes = {c: n for sub, shape in zip(subscripts, shapes, strict=True)
             for c, n in zip(sub, shape)}
    output_shape = [sizes[c] for c in output]
    operands, first = [], 0
    for term in terms:
        operands += [_OperandGrad(output, output_shape, term, i, first, sizes, shapes)
                     for i in range(len(term))]
        first += len(term)
    return output_shape, operands


class _OperandGrad:
    """One operand's gradient: the einsum of the output's gradient with the other operands of
    its term, into the operand's indices, then spread along those that are nowhere else."""

    def __init__(self, output: str, output_shape: list, term: list, i: int, first: int,
                 sizes: dict, shapes: tuple):
        others = [k for k in range(len(term)) if k != i]
        present = set(output).union(*[term[k] for k in others])
        kept = "".join(c for c in term[i] if c in present)
        spec = ",".join([output, *[term[k] for k in others]]) + "->" + kept
        self.others = [first + k for k in others]
        self.contract = _contraction(spec, [tuple(output_shape)] +
                                     [shapes[k] for k in self.others])
        self.shape = [sizes[c] if c in present else 1 for c in term[i]]
        self.target = shapes[first + i]

    def __call__(self, g: np.ndarray, args: list) -> np.ndarray:
        part = self.contract([g, *[args[k] for k in self.others]]).reshape(self.shape)
        return part if part.shape == self.target else np.broadcast_to(part, self.target)


def _contraction(spec: str, shapes: list) -> Callable[[list], np.ndarray]:
    """np.einsum(spec, *factors) for factors of these shapes, through BLAS: two factors as one
    batched matmul (_Product), one as a transpose where it only lays out its indices anew,
    more along numpy's contraction order (worked out once: it costs as much as a small
    product)."""
    inputs, output = spec.split("->")
    if len(shapes) == 2:
        product = _product(spec, tuple(shapes))
        if product is not None:
            return lambda factors: product(*factors)
    if len(shapes) == 1 and len(set(output)) == len(output) == len(inputs) and \
            set(output) == set(inputs):
        order = [inputs.index(c) for c in output]
        return lambda factors: factors[0].transpose(order)
    path = _einsum_path(spec, *shapes)
    return lambda factors: np.einsum(spec, *factors, optimize=path)


def contracted_at(contraction: tuple[str, float], g: np.ndarray, args: list, i: int,
                   picked: tuple, size, size_g=None) -> np.ndarray:
    """Operand i's gradient (as transposed's) at the elements `picked` (np.nonzero's index
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


@functools.lru_cache(maxsize=256)
def _product(spec: str, shapes: tuple) -> _Product | None:
    inputs, output = spec.split("->")
    a, b = inputs.split(",")
    if any(len(set(sub)) != len(sub) for sub in (a, b, output)):
        return None  # (a diagonal: numpy's einsum)
    return _Product(a, b, output, shapes)


class _Product:
    """`a,b->output` as np.matmul: each factor summed over the indices only it has, then laid
    out (batch, kept, summed) and (batch, summed, kept), multiplied and laid out as `output`.
    np.einsum with a path does the same, after parsing the spec again on every call."""

    def __init__(self, a: str, b: str, output: str, shapes: tuple):
        sizes = dict(zip(a, shapes[0])) | dict(zip(b, shapes[1]))
        batch = [c for c in output if c in a and c in b]
        summed = [c for c in a if c in b and c not in output]
        kept_a = [c for c in a if c in output and c not in b]
        kept_b = [c for c in b if c in output and c not in a]
        self.sum_a = tuple(k for k, c in enumerate(a) if c not in b and c not in output)
        self.sum_b = tuple(k for k, c in enumerate(b) if c not in a and c not in output)
        left = [c for c in a if c in b or c in output]  # (what summing leaves of each)
        right = [c for c in b if c in a or c in output]
        self.order_a = [left.index(c) for c in batch + kept_a + summed]
        self.order_b = [right.index(c) for c in batch + summed + kept_b]
        count = [int(np.prod([sizes[c] for c in part])) for part in (batch, kept_a, summed,
                                                                      kept_b)]
        self.shape_a = (count[0], count[1], count[2])
        self.shape_b = (count[0], count[2], count[3])
        self.laid = [sizes[c] for c in batch + kept_a + kept_b]
        self.order_out = [(batch + kept_a + kept_b).index(c) for c in output]

    def __call__(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        if self.sum_a:
            x = x.sum(axis=self.sum_a)
        if self.sum_b:
            y = y.sum(axis=self.sum_b)
        x = x.transpose(self.order_a).reshape(self.shape_a)
        y = y.transpose(self.order_b).reshape(self.shape_b)
        return np.matmul(x, y).reshape(self.laid).transpose(self.order_out)


def _unfolded(r, g: np.ndarray, args: list, size=_same) -> list:
    """A contraction over operands the inputs' elements were moved into: its gradients by
    operand, each element's added back to the input element its tag names."""
    op, params = r.op, r.params
    operands = [size(np.asarray(o, np.float64)) for o in op.unfold(*args, **params)]
    parts = transposed(op.contraction(*[o.shape for o in operands], **params), g, operands)
    offsets = [0, *itertools.accumulate(a.size for a in args)]
    total = np.zeros(offsets[-1])
    for (where, places), part in zip(_windows(r, args, offsets), parts, strict=True):
        flat = part.reshape(-1)
        total += np.bincount(places, flat if where is None else flat[where],
                             minlength=total.size)
    return [total[offsets[k]:offsets[k + 1]].reshape(a.shape) if forms_nn.floating(a) else None
            for k, a in enumerate(args)]


def _windows(r, args: list, offsets) -> list[tuple]:
    """For each operand of an unfold, which of its elements are the inputs' (a mask, or None
    for all) and the input element each of those is: unfold run on tags (negative, -1 -
    position; what unfold itself puts in, a padding's zeros, a bias's ones, is not). Kept
    per op, params and shapes, as _moved's tags."""
    key = _tag_key(r, args)
    found = _KEPT.get(("windows", key)) if key is not None else None
    if found is not None:
        return found
    tags = [-1.0 - np.arange(offsets[k], offsets[k + 1]).reshape(a.shape)
            if forms_nn.floating(a) else a for k, a in enumerate(args)]
    windows = []
    for moved in r.op.unfold(*tags, **r.params):
        moved = np.asarray(moved).reshape(-1)
        here = moved < 0
        places = (-1 - moved[here]).astype(np.int64)
        windows.append((None if places.size == moved.size else here, places))
    if key is not None:
        _KEPT.put(("windows", key), r.op, windows, sum(p.size for _, p in windows))
    return windows


def _traced_back(r, g: np.ndarray, args: list) -> list:
    """Run the forward on tags (each input element's flat position, the inputs numbered one
    after another), then add each output element's gradient to the element its tag names."""
    offsets = [0, *itertools.accumulate(a.size for a in args)]
    moves = _moved(r, args, offsets)
    if moves.tags.shape != g.shape:
        raise TooLarge(f"{r.op.grad_fn} does not only move elements")
    if moves.order == "same":  # (a view, a reshape: each element stays where it was)
        total = np.asarray(g, np.float64).reshape(-1)
    elif moves.order == "permuted":  # (a transpose: each element once, elsewhere)
        total = np.empty(offsets[-1])
        total[moves.tags.reshape(-1)] = np.asarray(g, np.float64).reshape(-1)
    else:  # (the same sums as add.at's, element by element in order, but at once)
        flat = np.reshape(g, -1)
        total = np.bincount(moves.places, flat if moves.here is None else flat[moves.here],
                            minlength=offsets[-1])
    return [total[offsets[k]:offsets[k + 1]].reshape(a.shape) if forms_nn.floating(a) else None
            for k, a in enumerate(args)]


class _Moves(NamedTuple):
    """The tag of each output element (-1: a constant), and how they lay out the inputs'
    elements: "same" (every one once, in order), "permuted" (every one once), or None (some
    twice, some never, constants among them); `here`, which output elements are tagged
    (flat; None: all), and `places`, their tags."""

    tags: np.ndarray
    order: str | None
    here: np.ndarray | None
    places: np.ndarray

    @classmethod
    def of(cls, tags: np.ndarray, order: str | None) -> _Moves:
        flat = tags.reshape(-1)
        here = flat >= 0  # (the others are constants the forward wrote: fill_'s, a pad's)
        if here.all():
            return cls(tags, order, None, flat)
        return cls(tags, order, here, flat[here])


def _moved(r, args: list, offsets) -> _Moves:
    """The tag of each output element, -1 where the forward wrote a constant (zero_'s zeros
    would otherwise name the first element). The forward runs twice, on the tags and on the
    tags shifted by their count: an element moved from the input shifts with them, a
    constant stays. Where every input is tagged the tags depend on the shapes alone: kept for
    the next record of the same op, params and shapes (a loop's step repeats them all), with
    their order, which lets a view's gradient through as it is."""
    key = _tag_key(r, args)
    found = _KEPT.get(key) if key is not None else None
    if found is not None:
        return found
    shift = offsets[-1]
    first, second = (np.asarray(r.op.forward(*_tags(args, offsets, by), **r.params),
                                np.float64) for by in (0, shift))
    tagged = second - first == shift
    constant = (second == first) | (np.isnan(first) & np.isnan(second))
    if not np.all(tagged | constant) or \
            np.any(tagged & ((first < 0) | (first >= shift) | (first % 1 != 0))):
        raise TooLarge(f"{r.op.grad_fn} does not only move elements")
    moved = np.where(tagged, first, -1).astype(np.int64)
    if key is None or moved.size > MAX_KEPT_TAGS:
        return _Moves.of(moved, None)
    moved.flags.writeable = False
    moves = _Moves.of(moved, _order(moved, shift))
    _KEPT.put(key, r.op, moves, moved.size)
    return moves


def _order(moved: np.ndarray, count: int) -> str | None:
    """How tags lay out `count` input elements (see _Moves)."""
    flat = moved.reshape(-1)
    if flat.size != count or np.any(flat < 0):
        return None
    if np.array_equal(flat, np.arange(count)):
        return "same"
    return "permuted" if np.all(np.bincount(flat, minlength=count) == 1) else None


def _tags(args: list, offsets, shift: int) -> list:
    """Each floating input's elements numbered from its offset, plus `shift`."""
    return [np.arange(offsets[k] + shift, offsets[k + 1] + shift, dtype=np.float64).reshape(
        a.shape) if forms_nn.floating(a) else a for k, a in enumerate(args)]


MAX_KEPT_TAGS = 1 << 20  # one op's output
MAX_KEPT_ELEMENTS = 1 << 23  # all kept tags: 64 MiB of int64


class _KeptTags:
    """What tags gave, by _tag_key (a loop's every step repeats its ops, params and shapes),
    bounded for sessions of ever new shapes: up to 256 entries of MAX_KEPT_ELEMENTS in all,
    none of one op past MAX_KEPT_TAGS. An entry holds its op, whose id is in the key."""

    def __init__(self):
        self.entries: dict = {}
        self.elements = 0

    def get(self, key):
        found = self.entries.get(key)
        return None if found is None else found[1]

    def put(self, key, op, kept, elements: int) -> None:
        if elements > MAX_KEPT_TAGS:
            return
        if len(self.entries) >= 256 or self.elements + elements > MAX_KEPT_ELEMENTS:
            self.entries.clear()
            self.elements = 0
        self.entries[key] = (op, kept)
        self.elements += elements


_KEPT = _KeptTags()  # _moved's _Moves by _tag_key, _windows' by ("windows", _tag_key)


def _tag_key(r, args: list) -> tuple | None:
    """What an op's tags depend on when all its inputs are tagged; None when an input is not
    (an index: its values place the elements) or a param cannot be a key."""
    if not all(forms_nn.floating(a) for a in args):
        return None
    params = _params_key(r)
    if params is None:
        return None
    return id(r.op), params, tuple(a.shape for a in args)


def _params_key(r) -> tuple | None:
    """An op's params as a hashable key, or None where one cannot be."""
    try:
        params = tuple([(k, _key_of(v)) for k, v in r.params.items()])
        hash(params)
    except TypeError:
        return None
    return params


def _key_of(value):
    """A param as a dict key: slices (unhashable before Python 3.12) and tuples of them."""
    if isinstance(value, slice):
        return ("slice", value.start, value.stop, value.step)
    if isinstance(value, tuple):
        return tuple(_key_of(v) for v in value)
    if value is None or isinstance(value, (bool, int, float, str, np.integer, np.dtype)):
        return value
    raise TypeError("not a key")  # an index array, a list: values that place elements
