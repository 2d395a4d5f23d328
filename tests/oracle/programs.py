"""Random session programs for the property-based differential test (hypothesis).

`programs()` is a hypothesis strategy of session-language sources: leaves of random shapes
(0-d to 3-d) and dtypes, chains of tier-1 ops (and some tier-2 ones) with broadcasting,
echoes, several backward calls with and without retain_graph, autograd.grad, zero_(),
`.grad = None`, retain_grad(), hooks, in-place updates, detach and no_grad blocks.

The generator keeps a model of each variable (shape, dtype, whether it requires grad) so that
most statements are valid; statements that may fail by design (a second backward, an
in-place write on a leaf, a mismatched shape) run inside try/except and print the error, so
that the program goes on and the message is compared too. Where the model is not sure of a
shape (boolean masks), it marks the shape unknown and uses the variable only where any shape
will do. Values come from a grid of quarters, so that + - * and the printing of exact values
agree bit for bit; anything whose printed digits could differ by an ulp is echoed (compared
numerically), never printed.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from hypothesis import strategies as st

GRID = [-2.0, -1.5, -1.0, -0.75, -0.5, -0.25, 0.0, 0.25, 0.5, 1.0, 1.25, 2.0]
SCALARS = ["2", "3", "0.5", "1.5", "-1", "0.25", "2.0", "-0.5"]
FLOATS = ("float32", "float64")
UNARY = ["neg", "exp", "log", "sin", "cos", "tan", "tanh", "sigmoid", "relu", "sqrt", "abs"]
UNARY_TIER2 = ["log1p", "expm1", "rsqrt", "reciprocal", "sign", "square"]
EXACT_UNARY = {"neg", "relu", "abs", "sign"}
BINARY = ["+", "-", "*", "/", "**"]


@dataclass
class Var:
    name: str
    shape: tuple | None  # None: known only at run time (a boolean-mask index)
    dtype: str
    requires_grad: bool
    leaf: bool
    exact: bool = False  # holds values of the grid computed exactly: safe to print
    contiguous: bool = True

    @property
    def ndim(self):
        return None if self.shape is None else len(self.shape)

    @property
    def numel(self):
        return None if self.shape is None else math.prod(self.shape)


@dataclass
class Program:
    lines: list = field(default_factory=list)
    vars: list = field(default_factory=list)
    counter: int = 0

    def emit(self, line: str) -> None:
        self.lines.append(line)

    def new_name(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def add(self, var: Var) -> Var:
        self.vars = [v for v in self.vars if v.name != var.name] + [var]
        return var

    def source(self) -> str:
        return "import torch\n" + "\n".join(self.lines) + "\n"


def _literal(values, shape):
    if not shape:
        return repr(values.pop())
    return "[" + ", ".join(_literal(values, shape[1:]) for _ in range(shape[0])) + "]"


def _result_dtype(*operands) -> str:
    """torch.result_type for float tensors (ndim > 0 beats 0-dim beats Python scalars)."""
    dims = [v.dtype for v in operands if isinstance(v, Var) and v.ndim]
    zeros = [v.dtype for v in operands if isinstance(v, Var) and v.ndim == 0]
    ranked = dims or zeros
    if not ranked:
        return "float32"
    return "float64" if "float64" in ranked else "float32"


def _mixable(a, b) -> bool:
    """Whether a float32 and a float64 operand may meet: a float32 value that PyTorch and
    numpy compute an ulp apart (exp, sin, ...) would then be compared at float64 tolerance."""
    return a.dtype == b.dtype or a.exact and b.exact


def _broadcast(a, b):
    if a is None or b is None:
        return None
    n = max(len(a), len(b))
    a, b = (1,) * (n - len(a)) + a, (1,) * (n - len(b)) + b
    out = []
    for x, y in zip(a, b):
        if x != y and 1 not in (x, y):
            return False
        out.append(max(x, y))
    return tuple(out)


class Builder:
    """Draws one program statement by statement."""

    def __init__(self, draw, size):
        self.draw, self.size, self.p = draw, size, Program()

    # -- drawing helpers -------------------------------------------------------------------
    def choice(self, items):
        return self.draw(st.sampled_from(list(items)))

    def chance(self, p: float) -> bool:
        return self.draw(st.integers(0, 999)) < p * 1000

    def shape(self, max_ndim=3):
        ndim = self.draw(st.integers(0, max_ndim))
        return tuple(self.draw(st.integers(1, 3)) for _ in range(ndim))

    def pick(self, pred=lambda v: True):
        pool = [v for v in self.p.vars if pred(v)]
        return self.choice(pool) if pool else None

    def floats(self, pred=lambda v: True):
        return self.pick(lambda v: v.dtype in FLOATS and pred(v))

    # -- statements ------------------------------------------------------------------------
    def build(self) -> str:
        self.leaf()
        for _ in range(self.size):
            kind = self.choice(["leaf"] * 2 + ["op"] * 10 + ["echo"] * 4 + ["backward"] * 4 +
                               ["grad_state"] * 2 + ["inplace"] * 2 + ["misc"] * 2)
            getattr(self, kind)()
        return self.p.source()

    def leaf(self, shape=None, dtype=None, requires_grad=None):
        p = self.p
        shape = self.shape() if shape is None else shape
        dtype = dtype or self.choice(["float32"] * 4 + ["float64"])
        rg = self.chance(0.75) if requires_grad is None else requires_grad
        name = p.new_name("x" if rg else "c")
        kind = self.choice(["tensor"] * 5 + ["ones", "randn", "arange", "full", "like",
                                             "linspace", "eye"])
        if kind == "like" and not self.pick(lambda v: v.shape == shape and v.dtype == dtype):
            kind = "ones"
        if kind == "eye" and len(shape) != 2:
            kind = "linspace"
        if kind == "linspace" and len(shape) != 1:
            kind = "ones"
        dt = "" if dtype == "float32" else ", dtype=torch.float64"
        rgs = ", requires_grad=True" if rg else ""
        exact = True
        if kind == "tensor":
            values = [self.choice(GRID) for _ in range(math.prod(shape))]
            p.emit(f"{name} = torch.tensor({_literal(values, shape)}{dt}{rgs})")
        elif kind == "ones":
            p.emit(f"{name} = torch.{self.choice(['ones', 'zeros'])}({shape}{dt}{rgs})")
        elif kind == "full":
            fill = float(self.choice(SCALARS))  # a float fill: an int one makes an int tensor
            p.emit(f"{name} = torch.full({shape}, {fill}{dt}{rgs})")
        elif kind == "like":
            base = self.pick(lambda v: v.shape == shape and v.dtype == dtype)
            fill = self.choice(["ones_like({})", "zeros_like({})", "full_like({}, 1.5)"])
            p.emit(f"{name} = torch.{fill.format(base.name)[:-1]}{rgs})")
        elif kind == "linspace":
            exact = shape[0] in (1, 2, 3, 5)
            p.emit(f"{name} = torch.linspace(-1, 1, {shape[0]}{dt}{rgs})")
        elif kind == "eye":
            p.emit(f"{name} = torch.eye({shape[0]}, {shape[1]}{dt}{rgs})")
        elif kind == "randn":
            exact = False
            p.emit(f"torch.manual_seed({self.draw(st.integers(0, 50))})")
            p.emit(f"{name} = torch.{self.choice(['randn', 'rand'])}({shape}{dt}{rgs})")
        else:
            n = math.prod(shape)
            dt = ", dtype=torch.float64" if dtype == "float64" else ", dtype=torch.float32"
            p.emit(f"{name} = (torch.arange({n}{dt}) - {n // 2}).reshape({shape})"
                   + (".requires_grad_()" if rg else ""))
        return p.add(Var(name, shape, dtype, rg, True, exact))

    def operand(self, pred=lambda v: True):
        v = self.floats(pred)
        return v if v is not None else self.leaf()

    def result(self, expr, shape, dtype, inputs, exact=False, contiguous=True, prefix="v"):
        rg = any(isinstance(v, Var) and v.requires_grad for v in inputs)
        name = self.p.new_name(prefix)
        self.p.emit(f"{name} = {expr}")
        var = self.p.add(Var(name, shape, dtype, rg, not rg, exact, contiguous))
        if self.chance(0.4):
            self.p.emit(name)
        return var

    def op(self):
        kind = self.choice(["unary"] * 4 + ["binary"] * 5 + ["reduce"] * 3 + ["matmul"] * 2 +
                           ["shape"] * 4 + ["index"] * 3 + ["join"] + ["tier2"] * 3)
        getattr(self, "op_" + kind)()

    def op_unary(self):
        a = self.operand()
        fn = self.choice(UNARY + UNARY_TIER2 if self.chance(0.3) else UNARY)
        functional = ["F"] if fn in ("relu", "tanh", "sigmoid") else []
        form = self.choice(["torch", "method", *functional])
        expr = {"torch": f"torch.{fn}({a.name})", "method": f"{a.name}.{fn}()",
                "F": f"F.{fn}({a.name})"}[form]
        self.result(expr, a.shape, a.dtype, [a], a.exact and fn in EXACT_UNARY)

    def _partner(self, a):
        """An operand broadcastable with a: a scalar, a 0-dim tensor or a tensor."""
        kind = self.choice(["scalar"] * 3 + ["same", "var", "suffix"])
        if kind == "scalar" or a.shape is None:
            return self.choice(SCALARS), a.shape
        if kind == "var":
            b = self.floats(lambda v: v is not a and _broadcast(v.shape, a.shape)
                            and _mixable(a, v))
            if b is not None:
                return b, _broadcast(a.shape, b.shape)
        shape = a.shape if kind == "same" else tuple(
            s if self.chance(0.6) else 1 for s in a.shape[self.draw(st.integers(0, len(a.shape))):])
        b = self.leaf(shape, None if a.exact else a.dtype, requires_grad=self.chance(0.5))
        return b, _broadcast(a.shape, b.shape)

    def op_binary(self):
        a = self.operand()
        b, shape = self._partner(a)
        sym = self.choice(BINARY)
        bn = b.name if isinstance(b, Var) else b
        exact = a.exact and (not isinstance(b, Var) or b.exact) and sym in "+-" or (
            a.exact and sym == "*" and bn in ("2", "3", "-1", "0.5"))
        if sym == "**" and isinstance(b, Var):
            a_name = f"{a.name}.abs()" if self.chance(0.7) else a.name  # nan bases sometimes
            expr = self.choice([f"{a_name} ** {bn}", f"torch.pow({a_name}, {bn})"])
            exact = False
        elif sym == "**":
            expr = self.choice([f"{a.name} ** {self.choice(['2', '3', '0.5', '-1', '0', '1'])}",
                                f"{a.name}.pow(2)", f"2 ** {a.name}", f"torch.pow({a.name}, 2)"])
            exact = False
        elif not isinstance(b, Var) and self.chance(0.3):
            expr = f"{bn} {sym} {a.name}"  # reflected: rsub, 2 / x (MulBackward0), ...
            exact = exact and sym != "/"
        else:
            named = {"+": "add", "-": "sub", "*": "mul", "/": "div"}[sym]
            expr = self.choice([f"{a.name} {sym} {bn}", f"torch.{named}({a.name}, {bn})",
                                f"{a.name}.{named}({bn})"])
            if sym in "+-" and isinstance(b, Var) and self.chance(0.2):
                expr = f"torch.{named}({a.name}, {bn}, alpha=2)"
        self.result(expr, shape, _result_dtype(a, b), [a, b], exact)

    def op_reduce(self):
        a = self.operand()
        fn = self.choice(["sum", "mean", "prod", "max", "min", "sum", "mean", "amax", "norm"])
        if a.shape is None or not a.ndim or fn == "norm" or self.chance(0.4):
            if fn == "amax":
                fn = "max"
            form = self.choice([f"{a.name}.{fn}()", f"torch.{fn}({a.name})"])
            self.result(form, (), a.dtype, [a], a.exact and fn in ("sum", "max", "min"))
            return
        d = self.draw(st.integers(-a.ndim, a.ndim - 1))
        keep = self.chance(0.3)
        shape = tuple(1 if i == d % a.ndim else s for i, s in enumerate(a.shape)) if keep else \
            tuple(s for i, s in enumerate(a.shape) if i != d % a.ndim)
        kw = self.choice([f"{d}", f"dim={d}"]) + (", keepdim=True" if keep else "")
        if fn in ("max", "min"):
            expr = self.choice([f"{a.name}.{fn}({kw}).values", f"{a.name}.{fn}({kw})[0]",
                                f"torch.{fn}({a.name}, {kw}).values"])
        else:
            expr = self.choice([f"{a.name}.{fn}({kw})", f"torch.{fn}({a.name}, {kw})"])
        self.result(expr, shape, a.dtype, [a], a.exact and fn in ("sum", "max", "min", "amax"))

    def op_matmul(self):
        a = self.operand(lambda v: v.ndim in (1, 2, 3))
        if a.ndim not in (1, 2, 3):
            return
        n = a.shape[-1]
        other = self.choice([(n,), (n, self.draw(st.integers(1, 3)))] +
                            ([(a.shape[0] if a.ndim == 3 else 2, n, 2)] if self.chance(0.2)
                             else []))
        b = self.floats(lambda v: v.shape == other and v.dtype == a.dtype)
        b = b or self.leaf(other, a.dtype, self.chance(0.5))
        if a.ndim == 1 and b.ndim == 1:
            shape, forms = (), [f"{a.name} @ {b.name}", f"torch.dot({a.name}, {b.name})",
                                f"{a.name}.dot({b.name})"]
        elif a.ndim == 2 and b.ndim == 2:
            shape, forms = (a.shape[0], b.shape[1]), [f"{a.name} @ {b.name}",
                                                      f"{a.name}.mm({b.name})",
                                                      f"torch.matmul({a.name}, {b.name})"]
        else:
            lead = _broadcast(a.shape[:-2], b.shape[:-2]) if a.ndim > 1 and b.ndim > 1 else \
                (a.shape[:-2] if b.ndim == 1 else b.shape[:-2])
            shape = tuple(lead) + ((a.shape[-2],) if a.ndim > 1 else ()) + \
                ((b.shape[-1],) if b.ndim > 1 else ())
            forms = [f"{a.name} @ {b.name}", f"torch.matmul({a.name}, {b.name})"]
            if a.ndim == 2 and b.ndim == 1:
                forms.append(f"{a.name}.mv({b.name})")
        self.result(self.choice(forms), shape, a.dtype, [a, b])

    def op_shape(self):
        a = self.operand(lambda v: v.shape is not None)
        if a.shape is None:
            return
        n, nd = a.numel, a.ndim
        kind = self.choice(["reshape", "view", "flatten", "squeeze", "unsqueeze", "transpose",
                            "t", "permute", "expand", "T"])
        if kind in ("reshape", "view"):
            target = self._factor(n)
            method = kind if a.contiguous or kind == "reshape" else "reshape"
            shown = list(target)
            if shown and self.chance(0.3):
                shown[self.draw(st.integers(0, len(shown) - 1))] = -1
            self.result(f"{a.name}.{method}({', '.join(map(str, shown)) or '()'})", target,
                        a.dtype, [a], a.exact)
        elif kind == "flatten":
            self.result(f"{a.name}.flatten()", (n,), a.dtype, [a], a.exact)
        elif kind == "squeeze":
            if nd and self.chance(0.5):
                d = self.draw(st.integers(0, nd - 1))
                shape = tuple(s for i, s in enumerate(a.shape) if i != d or s != 1)
                self.result(f"{a.name}.squeeze({d})", shape, a.dtype, [a], a.exact, a.contiguous)
            else:
                self.result(f"{a.name}.squeeze()", tuple(s for s in a.shape if s != 1), a.dtype,
                            [a], a.exact, a.contiguous)
        elif kind == "unsqueeze":
            d = self.draw(st.integers(-nd - 1, nd))
            shape = list(a.shape)
            shape.insert(d % (nd + 1), 1)
            call = self.choice([f"torch.unsqueeze({a.name}, ", f"{a.name}.unsqueeze("])
            self.result(f"{call}{d})", tuple(shape), a.dtype, [a], a.exact, a.contiguous)
        elif kind in ("transpose", "t", "T", "permute") and nd >= 2:
            if kind == "t" and nd == 2 or kind == "T":
                expr, shape = f"{a.name}.{'t()' if kind == 't' else 'T'}", a.shape[::-1]
            elif kind == "permute":
                order = self.draw(st.permutations(range(nd)))
                expr, shape = f"{a.name}.permute{tuple(order)}", tuple(a.shape[i] for i in order)
            else:
                d0, d1 = self.draw(st.integers(0, nd - 1)), self.draw(st.integers(0, nd - 1))
                shape = list(a.shape)
                shape[d0], shape[d1] = shape[d1], shape[d0]
                expr, shape = f"{a.name}.transpose({d0}, {d1})", tuple(shape)
            self.result(expr, shape, a.dtype, [a], a.exact, contiguous=False)
        elif kind == "expand":
            target = tuple(self.draw(st.integers(1, 3)) if s == 1 else s for s in a.shape)
            if self.chance(0.4) or not target:
                target = (2,) + target
            sizes = ", ".join(map(str, target))
            self.result(f"{a.name}.expand({sizes})", target, a.dtype, [a], a.exact,
                        contiguous=False)
        else:
            self.result(f"{a.name}.reshape(-1)", (n,), a.dtype, [a], a.exact)

    def _factor(self, n):
        options = [(n,), (1, n), (n, 1), ()] if n == 1 else [(n,), (1, n), (n, 1)]
        for k in range(2, n):
            if n % k == 0:
                options.append((k, n // k))
        return self.choice(options)

    def op_index(self):
        a = self.operand(lambda v: v.ndim)
        if not a.ndim:
            return
        size = a.shape[0]
        i = self.draw(st.integers(-size, size - 1))
        kind = self.choice(["int", "slice", "step", "none", "ellipsis", "list", "mask", "2d"])
        rest = a.shape[1:]
        if kind == "int":
            self.result(f"{a.name}[{i}]", rest, a.dtype, [a], a.exact, a.contiguous)
        elif kind == "slice":
            lo = self.draw(st.integers(0, size - 1))
            self.result(f"{a.name}[{lo}:]", (size - lo,) + rest, a.dtype, [a], a.exact,
                        a.contiguous)
        elif kind == "step":
            self.result(f"{a.name}[::2]", ((size + 1) // 2,) + rest, a.dtype, [a], a.exact, False)
        elif kind == "none":
            self.result(f"{a.name}[None]", (1,) + a.shape, a.dtype, [a], a.exact, a.contiguous)
        elif kind == "ellipsis":
            j = self.draw(st.integers(0, a.shape[-1] - 1))
            self.result(f"{a.name}[..., {j}]", a.shape[:-1], a.dtype, [a], a.exact, False)
        elif kind == "list":
            idx = [self.draw(st.integers(0, size - 1)) for _ in range(self.draw(st.integers(1, 3)))]
            self.result(f"{a.name}[{idx}]", (len(idx),) + rest, a.dtype, [a], a.exact)
        elif kind == "mask":
            self.result(f"{a.name}[{a.name} > {self.choice(['0', '0.5', '-1'])}]", None, a.dtype,
                        [a], a.exact)
        elif a.ndim >= 2:
            j = self.draw(st.integers(0, a.shape[1] - 1))
            self.result(f"{a.name}[:, {j}]", (size,) + a.shape[2:], a.dtype, [a], a.exact, False)

    def op_join(self):
        a = self.operand(lambda v: v.shape is not None)
        if a.shape is None:
            return
        b = self.floats(lambda v: v.shape == a.shape and v is not a and _mixable(a, v)) or \
            self.leaf(a.shape, None if a.exact else a.dtype)
        dtype = "float64" if "float64" in (a.dtype, b.dtype) else "float32"
        if self.chance(0.5) or not a.ndim:
            d = self.draw(st.integers(0, a.ndim))
            shape = list(a.shape)
            shape.insert(d, 2)
            self.result(f"torch.stack([{a.name}, {b.name}], dim={d})", tuple(shape), dtype,
                        [a, b], a.exact and b.exact)
        else:
            d = self.draw(st.integers(0, a.ndim - 1))
            shape = list(a.shape)
            shape[d] *= 2
            self.result(f"torch.cat(({a.name}, {b.name}), {d})", tuple(shape), dtype, [a, b],
                        a.exact and b.exact)

    def op_tier2(self):
        a = self.operand()
        kind = self.choice(["clamp", "where", "maximum", "softmax", "cumsum", "masked_fill",
                            "mse", "clamp_min"])
        nd = a.ndim
        if kind == "clamp":
            expr = self.choice([f"{a.name}.clamp(-1, 1)", f"torch.clamp({a.name}, min=0)",
                                f"{a.name}.clamp(max=0.5)", f"{a.name}.clamp(0.25, 1.25)"])
            self.result(expr, a.shape, a.dtype, [a], a.exact)
        elif kind == "clamp_min":
            self.result(f"{a.name}.clamp_min(0)", a.shape, a.dtype, [a], a.exact)
        elif kind == "where":
            other = self.choice(["0.0", f"-{a.name}", f"{a.name} * 2"])
            self.result(f"torch.where({a.name} > 0, {a.name}, {other})", a.shape, a.dtype, [a],
                        a.exact)
        elif kind == "maximum":
            b, shape = self._partner(a)
            if not isinstance(b, Var):
                b = self.leaf(a.shape or (), a.dtype, requires_grad=False)
                shape = a.shape
            fn = self.choice(["maximum", "minimum"])
            self.result(f"torch.{fn}({a.name}, {b.name})", shape, _result_dtype(a, b), [a, b],
                        a.exact and b.exact)
        elif kind in ("softmax", "cumsum") and nd:
            d = self.draw(st.integers(-nd, nd - 1))
            expr = self.choice([f"{a.name}.{kind}({d})", f"torch.{kind}({a.name}, dim={d})"] +
                               ([f"F.softmax({a.name}, dim={d})",
                                 f"F.log_softmax({a.name}, dim={d})"] if kind == "softmax" else []))
            self.result(expr, a.shape, a.dtype, [a])
        elif kind == "masked_fill":
            self.result(f"{a.name}.masked_fill({a.name} < 0, 0.0)", a.shape, a.dtype, [a],
                        a.exact)
        elif kind == "mse" and a.shape is not None:
            b = self.floats(lambda v: v.shape == a.shape and v is not a and _mixable(a, v)) \
                or self.leaf(a.shape, a.dtype)
            self.result(f"F.mse_loss({a.name}, {b.name})", (), _result_dtype(a, b), [a, b])

    # -- observing -------------------------------------------------------------------------
    def echo(self):
        v = self.pick()
        if v is None:
            return
        kind = self.choice(["value"] * 3 + ["grad_fn", "attrs", "print", "item", "grad"])
        if kind == "value":
            self.p.emit(v.name)
        elif kind == "grad_fn":
            self.p.emit(self.choice([f"{v.name}.grad_fn", f"{v.name}.is_leaf",
                                     f"{v.name}.requires_grad", f"{v.name}.retains_grad",
                                     f"{v.name}.data", f"torch.equal({v.name}, {v.name} * 1)",
                                     f"torch.allclose({v.name}, {v.name} + 1e-6)"]))
            if not v.leaf and self.chance(0.3):
                self.p.emit(f"{v.name}.grad_fn.next_functions")
        elif kind == "attrs":
            self.p.emit(self.choice([f"{v.name}.shape", f"{v.name}.dtype", f"{v.name}.dim()",
                                     f"{v.name}.numel()", f"{v.name}.size()", f"{v.name}.ndim"]))
        elif kind == "print" and v.exact:
            self.p.emit(f"print({v.name})")
        elif kind == "item" and v.numel == 1:
            self.p.emit(self.choice([f"{v.name}.item()", f"{v.name}.tolist()"]))
        elif kind == "grad":
            self.p.emit(f"{v.name}.grad")

    # -- autograd --------------------------------------------------------------------------
    def backward(self):
        y = self.pick(lambda v: v.requires_grad and v.dtype in FLOATS)
        if y is None:
            return
        kind = self.choice(["sum", "sum", "retain", "gradient", "scalar", "grad", "grad_create",
                            "mean"])
        body = {
            "sum": f"{y.name}.sum().backward()",
            "mean": f"({y.name} * {y.name}).mean().backward()",
            "retain": f"{y.name}.sum().backward(retain_graph=True)",
            "gradient": f"{y.name}.backward(torch.ones_like({y.name}))",
            "scalar": f"{y.name}.backward()",
        }.get(kind)
        leaves = [v.name for v in self.p.vars if v.leaf and v.requires_grad]
        if kind in ("grad", "grad_create") and leaves:
            wrt = self.draw(st.lists(st.sampled_from(leaves), min_size=1, max_size=2, unique=True))
            extra = self.choice([", allow_unused=True", ", retain_graph=True", ""])
            if kind == "grad_create":
                extra = ", create_graph=True, allow_unused=True"
            # echoed, not printed: the gradients may differ from torch's in the last ulp
            body = f"gs = torch.autograd.grad({y.name}.sum(), [{', '.join(wrt)}]{extra})"
        if body is None:
            return
        self.guarded(body)
        if kind in ("grad", "grad_create"):
            self.p.emit("gs")
        for v in self.p.vars:
            if v.leaf and v.requires_grad and self.chance(0.5):
                self.p.emit(f"{v.name}.grad")

    def guarded(self, statement):
        self.p.emit("try:")
        self.p.emit(f"    {statement}")
        self.p.emit("except RuntimeError as e:")
        self.p.emit("    print(e)")

    def grad_state(self):
        x = self.pick(lambda v: v.leaf and v.requires_grad)
        y = self.pick(lambda v: not v.leaf and v.requires_grad)
        kind = self.choice(["zero", "none", "retain", "hook", "retain"])
        if kind == "zero" and x:
            self.p.emit(f"if {x.name}.grad is not None:")
            self.p.emit(f"    {x.name}.grad.zero_()")
        elif kind == "none" and x:
            self.p.emit(f"{x.name}.grad = None")
        elif kind == "retain" and y:
            self.p.emit(f"{y.name}.retain_grad()")
        elif kind == "hook" and (x or y):
            t = self.choice([v for v in (x, y) if v])
            h = self.p.new_name("h")
            factor = self.choice(["2", "0.5", "-1"])
            self.p.emit(f"{h} = {t.name}.register_hook(lambda g: g * {factor})")
            if self.chance(0.4):
                self.p.emit(f"{h}.remove()")

    def inplace(self):
        v = self.pick(lambda v: v.dtype in FLOATS and v.shape is not None)
        if v is None:
            return
        s = self.choice(SCALARS)
        stmt = self.choice([f"{v.name}.add_({s})", f"{v.name}.mul_({s})", f"{v.name} += {s}",
                            f"{v.name} *= {s}", f"{v.name}.sub_({s})", f"{v.name}.zero_()",
                            f"{v.name}.clamp_(-1, 1)", f"{v.name}.fill_({s})"])
        if v.ndim and self.chance(0.4):
            stmt = f"{v.name}[{self.draw(st.integers(0, v.shape[0] - 1))}] = {s}"
        if v.leaf and v.requires_grad and self.chance(0.5):
            self.p.emit("with torch.no_grad():")
            self.p.emit(f"    {stmt}")
        else:
            self.guarded(stmt)
        v.exact = False
        if self.chance(0.5):
            self.p.emit(v.name)

    def misc(self):
        kind = self.choice(["detach", "clone", "sgd", "nograd", "double", "requires_grad_",
                            "detach_", "long", "data_sgd"])
        v = self.pick(lambda v: v.dtype in FLOATS)
        if v is None:
            return
        if kind == "detach":
            self.result(f"{v.name}.detach()", v.shape, v.dtype, [], v.exact, v.contiguous)
        elif kind == "clone":
            self.result(f"{v.name}.clone()", v.shape, v.dtype, [v], v.exact)
        elif kind == "double" and (v.exact or v.dtype == "float64"):
            to = "float32" if v.dtype == "float64" else "float64"
            form = self.choice([f"{v.name}.double()" if to == "float64" else f"{v.name}.float()",
                                f"{v.name}.to(torch.{to})"])
            self.result(form, v.shape, to, [v], v.exact)
        elif kind == "sgd":
            x = self.pick(lambda v: v.leaf and v.requires_grad)
            if x:
                self.p.emit(f"if {x.name}.grad is not None:")
                self.p.emit("    with torch.no_grad():")
                self.p.emit(f"        {x.name} -= 0.5 * {x.name}.grad")
                x.exact = False
                self.p.emit(x.name)
        elif kind == "nograd":
            self.p.emit("with torch.no_grad():")
            name = self.p.new_name("n")
            self.p.emit(f"    {name} = {v.name} * 2")
            self.p.add(Var(name, v.shape, v.dtype, False, True, False, True))
            self.p.emit(f"{name}.requires_grad")
        elif kind == "requires_grad_" and v.leaf and not v.requires_grad and v.shape is not None:
            self.p.emit(f"{v.name}.requires_grad_()")
            v.requires_grad = True
        elif kind == "detach_" and not v.leaf:
            self.guarded(f"{v.name}.detach_()")  # a view refuses: the message is compared
            self.p.emit(f"{v.name}.requires_grad")
            v.requires_grad, v.leaf = False, True
        elif kind == "long":
            self.p.emit(f"{v.name}.long()")
        elif kind == "data_sgd":
            x = self.pick(lambda v: v.leaf and v.requires_grad)
            if x:
                self.p.emit(f"if {x.name}.grad is not None:")
                self.p.emit(f"    {x.name}.data -= 0.5 * {x.name}.grad.data")
                x.exact = False


@st.composite
def programs(draw, min_size=6, max_size=22):
    size = draw(st.integers(min_size, max_size))
    return Builder(draw, size).build()
