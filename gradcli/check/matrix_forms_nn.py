"""The matrix forms of the nn ops, for check/matrix_form.py: cross-entropy as
`(1/N)·(softmax(Z) − onehot(y))`, softmax, layer and batch norm in their closed forms over x̂
and σ, a convolution's input and weight gradients as `conv_transpose(G, W)` and `corr(X, G)`,
pooling, embeddings, gathers and slices as what they put back where.

Display only, written from each record's op and params (the forward), never from the
engine's VJP rules. REVERSE[op name](writer, record, g) gives each input's part (None where
it has none); FORWARD[op name](writer, record, args) the forward's text. A repeated or long
part is named (`G₁`, `x̂₁`, `σ₁`) and defined after the form; GLOSSARY says what the named
operations mean, in --explain and JSON.
"""
from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import numpy as np

from gradcli.engine import trace

from .matrix_expr import SUBSCRIPTS, Expr, tidy_number, wrap

GLOSSARY = {
    "onehot": "onehot(y): 1 at each row's target class, 0 elsewhere",
    "conv_transpose": "conv_transpose(G, W): the transposed convolution, G spread back over "
                      "the input through W's kernel (G correlated with W flipped)",
    "corr": "corr(X, G): the cross-correlation of the input X with G, Σ over the batch and "
            "positions of each input window times G",
    "unpool": "unpool(G, argmax): each element of G put back where its window's maximum was",
    "unpool_avg": "unpool_avg(G): each element of G spread evenly over its window",
    "scatter_add": "scatter_add(G, idx): the rows (elements) of G added into the positions "
                   "idx names",
    "put": "put(G, at): zeros shaped as the input, with G at the positions `at` names",
    "kept": "kept(G): G where an in-place write left the base as it was, 0 where it wrote",
    "written": "written(G): the elements of G where an in-place write put the values",
    "unpack": "unpack(G): each step's rows of G back in place, zeros for the padding",
    "einsum": "einsum(G's indices,others'->the operand's, G, others...): G contracted with "
              "the product's other operands",
    "index_add": "index_add(G, idx): the slices of G added into the input's slices idx names",
    "ties": "ties(X): 1/(number of extrema) where X is its extremum, 0 elsewhere",
    "view⁻¹": "view⁻¹(G): G in the shape of the view's input",
}


def marks(dims) -> str:
    return "".join(SUBSCRIPTS[d] if d < len(SUBSCRIPTS) else "₊" for d in dims)


def _linear(g: Expr, text: str, kind: str = "atom") -> Expr:
    """A part linear in g: its coefficient stays in front."""
    return Expr(text, kind, g.coefficient, g.count)


def _positive(dim: int, ndim: int) -> int:
    return dim + ndim if dim < 0 else dim


# ---- cross-entropy, softmax -------------------------------------------------------------


def _nll_loss(w, r, g: Expr) -> list:
    target = r.args[1]
    y = w.forward(target)[0]
    shape = w.shape(r.args[0])
    dim = 1 if len(shape) > 1 else 0
    hot = f"onehot({y})"
    weight, ignore = r.params.get("weight"), r.params.get("ignore_index")
    labels = np.asarray(w.value(target))
    ignored = ignore is not None and bool(np.any(labels == ignore))
    reduction = r.params.get("reduction", "mean")
    if weight is not None:
        hot = f"w[{y}] ⊙ {hot}"
        if reduction == "mean":
            return [_linear(_negated(g), f"({hot})/Σ w[{y}]", "had"), None]
    if reduction == "none":
        return [_linear(_negated(g), f"{hot} ⊙ {wrap(g.text, g.kind, 'had')}", "had"), None]
    count = int(np.sum(labels != ignore)) if reduction == "mean" and weight is None else 1
    if not g.one:  # a loss scaled by a tensor
        hot = f"{wrap(g.text, g.kind, 'had')} ⊙ {hot}"
    row_sums = g.one and weight is None and not ignored
    return [Expr(hot, "had" if "⊙" in hot else "atom", -g.coefficient, g.count * max(count, 1),
                 onehot=(y, dim) if row_sums else None), None]


def _negated(g: Expr) -> Expr:
    return Expr(g.text, g.kind, -g.coefficient, g.count, g.one)


def _log_softmax(w, r, g: Expr) -> list:
    z = w.forward(r.args[0])[0]
    ndim = len(w.shape(r))
    dim = _positive(r.params["dim"], ndim)
    if g.onehot is not None and g.onehot[1] == dim:
        return [Expr(f"softmax({z}) − onehot({g.onehot[0]})", "sum", -g.coefficient, g.count)]
    named = w.named("G", g)
    return [_linear(named, f"{named.text} − softmax({z}) ⊙ Σ{marks([dim])}({named.text})",
                    "sum")]


def _softmax(w, r, g: Expr) -> list:
    dim = _positive(r.params["dim"], len(w.shape(r)))
    s = w.named("S", Expr(*w.forward(r)))
    named = w.named("G", g)
    inner = f"{named.text} ⊙ {s.text}" if not named.one else s.text
    return [_linear(named, f"{s.text} ⊙ ({named.text} − Σ{marks([dim])}({inner}))", "had")]


def _logsumexp(w, r, g: Expr) -> list:
    x = w.forward(r.args[0])[0]
    return [_broadcast_times(g, f"softmax{marks(_dims(w, r))}({x})")]


def _broadcast_times(g: Expr, text: str) -> Expr:
    return _linear(g, text, "atom") if g.one else \
        _linear(g, f"{wrap(g.text, g.kind, 'had')} ⊙ {text}", "had")


# ---- normalization ----------------------------------------------------------------------


def _normalized(w, r) -> tuple[str, str]:
    """The names x̂ₖ and σₖ of r's normalized input and its deviation, defined once."""
    x, axes = w.forward(r.args[0])[0], _norm_axes(w, r)
    over = marks(axes)
    xhat = w.define(r, "x̂", "")  # (named first, to be defined first)
    if _running(r):
        sigma = w.define(r, "σ", f"√(running var + {_eps(r.params['eps'])})")
        mean = "running mean"
    else:
        sigma = w.define(r, "σ", f"√(var{over}({x}) + {_eps(r.params['eps'])})")
        mean = f"mean{over}({x})"
    w.redefine(xhat, f"({x} − {mean})/{sigma}")
    return xhat, sigma


def _norm_axes(w, r) -> list:
    ndim = len(w.shape(r))
    if r.op.name == "layer_norm":
        return list(range(ndim - len(r.params["shape"]), ndim))
    return [d for d in range(ndim) if d != 1]


def _running(r) -> bool:
    return r.op.name == "batch_norm" and not r.params.get("training", True)


def _norm_forward(w, r, args: list) -> tuple[str, str]:
    """x̂ ⊙ γ + β, each of γ and β left out where it is the constant 1 or 0."""
    xhat, _ = _normalized(w, r)
    text, kind = xhat, "atom"
    if len(r.args) > 1 and not _ones(w, r.args[1]):
        text, kind = f"{xhat} ⊙ {args[1][0]}", "had"
    if len(r.args) > 2 and not (_constant(r.args[2]) and not np.any(w.value(r.args[2]))):
        text, kind = f"{text} + {args[2][0]}", "sum"
    return text, kind


def _eps(eps: float) -> str:
    return tidy_number(eps)


def _norm_form(w, r, g: Expr, channel: list) -> list:
    """Each input's part of a normalization `x̂ ⊙ γ + β`; γ and β lie along `channel`, the
    dims they are not summed over."""
    xhat, sigma = _normalized(w, r)
    axes, running = _norm_axes(w, r), _running(r)
    gamma, beta = r.args[1], r.args[2] if len(r.args) > 2 else None
    shape = w.shape(r)
    summed = marks(d for d in range(len(shape)) if d not in channel)
    scaled = g if _ones(w, gamma) else _times(g, w.forward(gamma)[0])
    parts = []
    if running:
        parts.append(_linear(scaled, f"{wrap(scaled.text, scaled.kind, 'had')}/{sigma}", "had"))
    else:
        h = w.named("Ĝ", scaled)
        over = marks(axes)
        parts.append(_linear(h, f"({h.text} − mean{over}({h.text}) − {xhat} ⊙ mean{over}"
                                f"({h.text} ⊙ {xhat}))/{sigma}", "had"))
    parts.append(None if _constant(gamma) else
                 _linear(g, f"Σ{summed}({_times(g, xhat).text})"))
    if beta is not None:
        parts.append(None if _constant(beta) else _linear(g, f"Σ{summed}({g.text})"))
    return parts


def _times(g: Expr, text: str) -> Expr:
    return _broadcast_times(g, text)


def _constant(a) -> bool:
    return isinstance(a, trace.Const)


def _ones(w, a) -> bool:
    return _constant(a) and bool(np.all(np.asarray(w.value(a)) == 1))


def _layer_norm(w, r, g: Expr) -> list:
    return _norm_form(w, r, g, _norm_axes(w, r))


def _batch_norm(w, r, g: Expr) -> list:
    return _norm_form(w, r, g, [1])


# ---- convolution, pooling ---------------------------------------------------------------


def _conv_params(r) -> str:
    """`, stride=2, padding=1`: what is not the default (a pair of equal values as one)."""
    shown = ""
    for name, default in (("stride", 1), ("padding", 0), ("dilation", 1), ("groups", 1)):
        value = r.params.get(name, default)
        values = tuple(value) if isinstance(value, tuple | list) else (value,)
        if any(v != default for v in values):
            shown += f", {name}={values[0] if len(set(values)) == 1 else values}"
    return shown


def _convolution(w, r, g: Expr) -> list:
    return _conv_grads(w, r, g, "conv_transpose({g}, {weight}{params})",
                       "corr({x}, {g}{params})")


def _convolution_transpose(w, r, g: Expr) -> list:
    """Its input's gradient is the convolution of G with the weight, its weight's the
    correlation of G over the input."""
    return _conv_grads(w, r, g, "conv({g}, {weight}{params})", "corr({g}, {x}{params})")


def _conv_grads(w, r, g: Expr, of_input: str, of_weight: str) -> list:
    x, weight = (w.forward(a)[0] for a in r.args[:2])
    shape, params = w.shape(r), _conv_params(r)
    parts = [_linear(g, text.format(g=g.text, x=x, weight=weight, params=params))
             for text in (of_input, of_weight)]
    if len(r.args) > 2:
        parts.append(_linear(g, f"Σ{marks(d for d in range(len(shape)) if d != 1)}({g.text})"))
    return [None if _constant(a) else p for a, p in zip(r.args, parts, strict=False)]


def _max_pool(w, r, g: Expr) -> list:
    return [_linear(g, f"unpool({g.text}, argmax)")]


def _avg_pool(w, r, g: Expr) -> list:
    return [_linear(g, f"unpool_avg({g.text})")]


# ---- selections -------------------------------------------------------------------------


def _key_text(key) -> str:
    if isinstance(key, tuple):
        return ", ".join(_key_text(k) for k in key)
    if isinstance(key, slice):
        start = "" if key.start is None else key.start
        stop = "" if key.stop is None else key.stop
        step = "" if key.step in (None, 1) else f":{key.step}"
        return f"{start}:{stop}{step}"
    if key is Ellipsis:
        return "…"
    if key is None:
        return "None"
    if isinstance(key, np.ndarray):
        return "idx" if key.dtype != bool else "mask"
    return str(key)


def _dim_key(dim: int, key) -> str:
    return ", ".join([":"] * dim + [_key_text(key)])


def _selection_key(r) -> str:
    params = r.params
    if "key" in params and "dim" not in params:
        return _key_text(params["key"])
    return _dim_key(params["dim"], params.get("key", params.get("index")))


def _selected(w, r, g: Expr) -> list:
    return [_linear(g, f"put({g.text}, [{_selection_key(r)}])")] + [None] * (len(r.args) - 1)


def _selected_forward(w, r, args: list) -> tuple[str, str]:
    return f"{wrap(args[0][0], args[0][1], 'T')}[{_selection_key(r)}]", "atom"


def _embedding(w, r, g: Expr) -> list:
    return [_linear(g, f"scatter_add({g.text}, idx)")]


def _gather(w, r, g: Expr) -> list:
    """scatter_add(G, idx); of a seed of ones, one index per row: onehot(idx) (a hand-written
    nll_loss), which a log_softmax before it then reads as softmax(Z) − onehot(idx)."""
    dim = _positive(r.params["dim"], len(w.shape(r)))
    if g.one and np.shape(r.params["index"])[dim] == 1:
        return [Expr("onehot(idx)", "atom", g.coefficient, g.count, onehot=("idx", dim))]
    return [_linear(g, f"scatter_add({g.text}, idx)")]


def _index_select(w, r, g: Expr) -> list:
    return [_linear(g, f"index_add({g.text}, idx)")]


def _embedding_padding(w, r, g: Expr) -> list:
    return [_linear(g, f"scatter_add({wrap(g.text, g.kind, 'had')} ⊙ [idx ≠ padding], idx)")]


def _written(w, r, g: Expr) -> list:
    """An in-place write into a base (copy_slices, index_put): the base keeps G where it was
    not written, the values get G where they went."""
    return [_linear(g, f"kept({g.text})"), _linear(g, f"written({g.text})")]


def _cat(w, r, g: Expr) -> list:
    dim = _positive(r.params["dim"], len(w.shape(r)))
    parts, start = [], 0
    for a in r.args:
        size = w.shape(a)[dim]
        key = _dim_key(dim, slice(start, start + size))
        parts.append(None if _constant(a) else _linear(g, f"{wrap(g.text, g.kind, 'T')}[{key}]"))
        start += size
    return parts


def _stack(w, r, g: Expr) -> list:
    dim = _positive(r.params["dim"], len(w.shape(r)))
    return [None if _constant(a) else
            _linear(g, f"{wrap(g.text, g.kind, 'T')}[{_dim_key(dim, i)}]")
            for i, a in enumerate(r.args)]


def _transpose(w, r, g: Expr) -> list | None:
    """Of more than two dims (a matrix's is ᵀ, in matrix_form)."""
    if len(w.shape(r)) == 2:
        return None
    d0, d1 = r.params["dim0"], r.params["dim1"]
    return [_linear(g, f"transpose({g.text}, {d0}, {d1})")]


def _permute(w, r, g: Expr) -> list | None:
    if len(w.shape(r)) == 2:
        return None
    inverse = ", ".join(str(int(k)) for k in np.argsort(r.params["dims"]))
    return [_linear(g, f"permute({g.text}, ({inverse}))")]


# ---- choices, extrema, statistics -------------------------------------------------------


def _masked_fill(w, r, g: Expr) -> list:
    return [_broadcast_times(g, "[¬mask]")]


def _where(w, r, g: Expr) -> list:
    condition = w.forward(r.args[0])[0]
    return [None, _broadcast_times(g, f"[{condition}]"), _broadcast_times(g, f"[¬{condition}]")]


def _extremum(w, r, g: Expr) -> list:
    x = w.forward(r.args[0])[0]
    if "index" in r.params:  # max(x, dim): the first extremum of each slice
        kind = "argmax" if r.op.name.startswith("max") else "argmin"
        return [_linear(g, f"put({g.text}, {kind}{marks([r.params['dim']])}({x}))")]
    return [_broadcast_times(g, f"ties({x})")]


def _dims(w, r) -> list:
    dim = r.params.get("dim")
    ndim = len(w.shape(r.args[0]))
    if dim is None:
        return list(range(ndim))
    dims = dim if isinstance(dim, tuple | list) else (dim,)
    return [_positive(d, ndim) for d in dims]


def _var(w, r, g: Expr) -> list:
    x, dims = w.forward(r.args[0])[0], _dims(w, r)
    n = int(np.prod([w.shape(r.args[0])[d] for d in dims])) - r.params.get("correction", 1)
    centred = f"({x} − mean{marks(dims)}({x}))"
    return [replace_coefficient(_broadcast_times(g, centred), Fraction(2), n)]


def _std(w, r, g: Expr) -> list:
    x, dims = w.forward(r.args[0])[0], _dims(w, r)
    n = int(np.prod([w.shape(r.args[0])[d] for d in dims])) - r.params.get("correction", 1)
    centred = f"({x} − mean{marks(dims)}({x}))/std{marks(dims)}({x})"
    return [replace_coefficient(_broadcast_times(g, centred), Fraction(1), n)]


def _norm(w, r, g: Expr) -> list:
    x, dims = w.forward(r.args[0])[0], _dims(w, r)
    p = r.params.get("p", 2)
    if p == 2:
        return [_broadcast_times(g, f"{x}/‖{x}‖{marks(dims)}")]
    return [_broadcast_times(g, f"sign({x}) ⊙ |{x}|^{p - 1}/‖{x}‖_{p}^{p - 1}")]


def replace_coefficient(e: Expr, factor: Fraction, count: int) -> Expr:
    return Expr(e.text, e.kind, e.coefficient * factor, e.count * count)


REVERSE: dict[str, Callable] = {
    "nll_loss": _nll_loss, "log_softmax": _log_softmax, "softmax": _softmax,
    "logsumexp": _logsumexp, "layer_norm": _layer_norm, "batch_norm": _batch_norm,
    "convolution": _convolution, "convolution_transpose": _convolution_transpose,
    "max_pool2d": _max_pool, "avg_pool2d": _avg_pool,
    "max_pool3d": _max_pool, "avg_pool3d": _avg_pool,
    "adaptive_avg_pool2d": _avg_pool, "adaptive_avg_pool3d": _avg_pool,
    "embedding": _embedding, "gather": _gather, "cat": _cat, "stack": _stack,
    "index_select": _index_select, "embedding_padding": _embedding_padding,
    "copy_slices": _written, "index_put": _written,
    "pack_padded_sequence": lambda w, r, g: [_linear(g, f"unpack({g.text})")],
    "transpose": _transpose, "transpose_": _transpose, "permute": _permute,
    "masked_fill": _masked_fill, "where": _where, "var": _var, "std": _std, "norm": _norm,
    **{name: _selected for name in ("index", "slice", "select", "split", "split_with_sizes",
                                    "unsafe_split", "unbind")},
    **{name: _extremum for name in ("max", "min", "amax", "amin", "max_dim", "min_dim")},
}


def _conv_forward(w, r, args: list) -> tuple[str, str]:
    text = f"conv({args[0][0]}, {args[1][0]}{_conv_params(r)})"
    return (f"{text} + {args[2][0]}", "sum") if len(args) > 2 else (text, "atom")


def _embedding_forward(w, r, args: list) -> tuple[str, str]:
    return f"{args[0][0]}[idx]", "atom"


def _reduction_forward(w, r, args: list) -> tuple[str, str]:
    """sum / mean (over dims): Σⱼ(X), meanⱼ(X)."""
    name = "mean" if r.op.name.startswith("mean") else "Σ"
    over = marks(_dims(w, r)) if "dim" in r.params else ""
    return f"{name}{over}({args[0][0]})", "atom"


def _extremum_forward(w, r, args: list) -> tuple[str, str]:
    """max / min (over a dim): maxⱼ(X)."""
    name = "max" if "max" in r.op.name else "min"
    over = marks(_dims(w, r)) if "dim" in r.params else ""
    return f"{name}{over}({args[0][0]})", "atom"


FORWARD: dict[str, Callable] = {
    "convolution": _conv_forward, "embedding": _embedding_forward,
    "layer_norm": _norm_forward, "batch_norm": _norm_forward,
    "embedding_padding": _embedding_forward,
    "index_select": lambda w, r, args: (f"index_select({args[0][0]}, idx)", "atom"),
    **{name: _reduction_forward for name in ("sum", "sum_dim", "mean", "mean_dim")},
    **{name: _extremum_forward for name in ("max", "min", "amax", "amin", "max_dim", "min_dim")},
    **{name: lambda w, r, args: (f"maxpool({args[0][0]})", "atom")
       for name in ("max_pool2d", "max_pool3d")},
    **{name: _selected_forward for name in ("index", "slice", "select", "split",
                                            "split_with_sizes", "unsafe_split", "unbind")},
}
