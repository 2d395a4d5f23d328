"""torch.nn's activations (torch/nn/modules/activation.py) as built-in classes deriving from
nn.Module (module.py): ReLU, Tanh, Sigmoid, Softmax, LogSoftmax, LeakyReLU, GELU, ELU, Softplus
and SiLU, each its settings and forward over torch.nn.functional; and MultiheadAttention on
the slow path torch takes whenever gradients flow, a port of torch's (its parameters, init
draws and repr) over F.multi_head_attention_forward (functional/multihead.py)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gradcli.engine.errors import TorchError
from gradcli.engine.tensor import Parameter
from gradcli.sandbox.objects import ScriptClass
from gradcli.torch._tensor import creation, reductions, shape
from gradcli.torch._tensor import pointwise as elementwise
from gradcli.torch.nn import init
from gradcli.torch.nn.functional import activation, activation_leaky, multihead
from gradcli.torch.nn.init import constant_
from gradcli.torch.nn.modules.linear import LINEAR
from gradcli.torch.nn.modules.module import builtin_class, layer_class, set_fields
from gradcli.torch.nn.modules.utils import field_values, filled

# ---- ReLU, Tanh, Sigmoid, Softmax, LogSoftmax, LeakyReLU ---------------------------------


def _inplace_init(self, inplace=False) -> None:
    set_fields(self, inplace=inplace)


def _inplace_extra(self) -> str:
    return "inplace=True" if self.attributes["inplace"] else ""


def _stateless(name: str, forward: Callable) -> ScriptClass:
    return layer_class(name, lambda self: set_fields(self), lambda self, input: forward(input))


def _dim_init(self, dim=None) -> None:
    set_fields(self, dim=dim)


def _softmax_layer(name: str, forward: Callable) -> ScriptClass:
    return layer_class(name, _dim_init,
                       lambda self, input: forward(input, self.attributes["dim"]),
                       lambda self: f"dim={self.attributes['dim']}", fields=("dim",))


def _implicit_dim(name: str, fn: Callable) -> Callable:
    """Softmax(dim=None): F's deprecated implicit choice of a dim (with its warning)."""
    def forward(input, dim):
        if dim is None:
            dim = activation.implicit_softmax_dim(name, input.ndim)
        return fn(input, dim)
    return forward


def _leaky_relu_init(self, negative_slope=1e-2, inplace=False) -> None:
    set_fields(self, negative_slope=negative_slope, inplace=inplace)


def _relu_forward(self, input):
    return input.relu_() if self.attributes["inplace"] else elementwise.relu(input)


RELU = layer_class("ReLU", _inplace_init, _relu_forward, _inplace_extra, fields=("inplace",))


TANH = _stateless("Tanh", elementwise.tanh)


SIGMOID = _stateless("Sigmoid", elementwise.sigmoid)


SOFTMAX = _softmax_layer("Softmax", _implicit_dim("softmax", reductions.softmax))


LOG_SOFTMAX = _softmax_layer("LogSoftmax", _implicit_dim("log_softmax", reductions.log_softmax))


LEAKY_RELU = layer_class(
    "LeakyReLU", _leaky_relu_init,
    lambda self, input: activation.leaky_relu(input, self.attributes["negative_slope"],
                                              self.attributes["inplace"]),
    lambda self: f"negative_slope={self.attributes['negative_slope']}"
                 + (", inplace=True" if self.attributes["inplace"] else ""),
    fields=("negative_slope", "inplace"))


# ---- GELU, ELU, Softplus, SiLU: settings passed on to F -------------------------------


def _activation(name: str, fn: Callable, repr_: Callable, **defaults: Any) -> ScriptClass:
    """An activation module: its settings (torch's parameter order) passed on to F's fn."""
    names = tuple(defaults)

    def init_(self, *args, **kwargs):
        values = {**defaults, **dict(zip(names, args)), **kwargs}
        unknown = set(values) - set(names)
        if unknown or len(args) > len(names):
            raise TypeError(f"{name}.__init__() got an unexpected keyword argument "
                            f"'{sorted(unknown)[0]}'" if unknown else
                            f"{name}.__init__() takes from 1 to {len(names) + 1} positional "
                            f"arguments but {len(args) + 1} were given")
        set_fields(self, **values)

    def forward(self, input):
        return fn(input, **{n: self.attributes[n] for n in names})
    return layer_class(name, init_, forward, lambda self: repr_(*field_values(self, *names)),
                       fields=names)


GELU = _activation("GELU", activation.gelu, lambda a: f"approximate={a!r}", approximate="none")


ELU = _activation("ELU", activation.elu,
                  lambda alpha, inplace: f"alpha={alpha}" + (", inplace=True" if inplace else ""),
                  alpha=1.0, inplace=False)


SOFTPLUS = _activation("Softplus", activation.softplus,
                       lambda beta, threshold: f"beta={beta}, threshold={threshold}",
                       beta=1.0, threshold=20.0)


SILU = _activation("SiLU", activation.silu, lambda inplace: "inplace=True" if inplace else "",
                   inplace=False)


# ---- Softmax2d, PReLU, RReLU -----------------------------------------------------------


def _softmax2d_forward(self, input):
    if input.ndim not in (3, 4):
        raise TorchError("ValueError", f"Softmax2d: expected input to be 3D or 4D, got "
                                       f"{input.ndim}D instead")
    return reductions.softmax(input, -3)


SOFTMAX2D = layer_class("Softmax2d", lambda self: set_fields(self), _softmax2d_forward)


def _prelu_init(self, num_parameters=1, init=0.25, device=None, dtype=None) -> None:
    set_fields(self, num_parameters=num_parameters, init=init)
    self.attributes["weight"] = filled((num_parameters,), lambda w: constant_(w, init), dtype)


PRELU = layer_class(
    "PReLU", _prelu_init,
    lambda self, input: activation_leaky.prelu(input, self.attributes["weight"]),
    lambda self: f"num_parameters={self.attributes['num_parameters']}",
    fields=("num_parameters", "init", "weight"))


def _rrelu_init(self, lower=1.0 / 8, upper=1.0 / 3, inplace=False) -> None:
    set_fields(self, lower=lower, upper=upper, inplace=inplace)


RRELU = layer_class(
    "RReLU", _rrelu_init,
    lambda self, input: activation_leaky.rrelu(input, *field_values(
        self, "lower", "upper", "training", "inplace")),
    lambda self: "lower={}, upper={}".format(*field_values(self, "lower", "upper"))
    + (", inplace=True" if self.attributes["inplace"] else ""),
    fields=("lower", "upper", "inplace"))


HARDSWISH = _activation("Hardswish", activation.hardswish, lambda inplace: "", inplace=False)


def _inplace_repr(inplace) -> str:
    return ", inplace=True" if inplace else ""


HARDTANH = _activation("Hardtanh", activation.hardtanh,
                       lambda min_val, max_val, inplace:
                       f"min_val={min_val}, max_val={max_val}{_inplace_repr(inplace)}",
                       min_val=-1.0, max_val=1.0, inplace=False)
RELU6 = _activation("ReLU6", activation.relu6, lambda inplace: "inplace=True" if inplace else "",
                    inplace=False)
HARDSIGMOID = _activation("Hardsigmoid", activation.hardsigmoid, lambda inplace: "",
                          inplace=False)
HARDSHRINK = _activation("Hardshrink", activation.hardshrink, str, lambd=0.5)
SOFTSHRINK = _activation("Softshrink", activation.softshrink, str, lambd=0.5)
LOG_SIGMOID = _activation("LogSigmoid", activation.logsigmoid, lambda: "")
MISH = _activation("Mish", activation.mish, lambda inplace: "inplace=True" if inplace else "",
                   inplace=False)
CELU = _activation("CELU", activation.celu,
                   lambda alpha, inplace: f"alpha={alpha}{_inplace_repr(inplace)}",
                   alpha=1.0, inplace=False)
SELU = _activation("SELU", activation.selu, lambda inplace: "inplace=True" if inplace else "",
                   inplace=False)
SOFTSIGN = _activation("Softsign", activation.softsign, lambda: "")
TANHSHRINK = _activation("Tanhshrink", activation.tanhshrink, lambda: "")
SOFTMIN = _softmax_layer("Softmin", activation.softmin)
GLU = _activation("GLU", activation.glu, lambda dim: f"dim={dim}", dim=-1)


def _threshold_init(self, threshold, value, inplace=False) -> None:
    set_fields(self, threshold=threshold, value=value, inplace=inplace)


def _threshold_forward(self, input):
    threshold, value, inplace = field_values(self, "threshold", "value", "inplace")
    if inplace:
        return activation.threshold_(input, threshold, value)
    return activation.threshold(input, threshold, value)


THRESHOLD = layer_class(
    "Threshold", _threshold_init, _threshold_forward,
    lambda self: "threshold={}, value={}{}".format(*field_values(self, "threshold", "value"),
                                                  _inplace_repr(self.attributes["inplace"])),
    fields=("threshold", "value", "inplace"))


# ---- MultiheadAttention ---------------------------------------------------------------


OUT_PROJ = builtin_class("NonDynamicallyQuantizableLinear", LINEAR, {})


def _init(self, embed_dim, num_heads, dropout=0.0, bias=True, add_bias_kv=False,
          add_zero_attn=False, kdim=None, vdim=None, batch_first=False, device=None,
          dtype=None) -> None:
    if embed_dim <= 0 or num_heads <= 0:
        raise TorchError("ValueError", f"embed_dim and num_heads must be greater than 0, got "
                                       f"embed_dim={embed_dim} and num_heads={num_heads} instead")
    kdim = embed_dim if kdim is None else kdim
    vdim = embed_dim if vdim is None else vdim
    same = kdim == embed_dim and vdim == embed_dim
    head_dim = embed_dim // num_heads
    set_fields(self, embed_dim=embed_dim, kdim=kdim, vdim=vdim, _qkv_same_embed_dim=same,
               num_heads=num_heads, dropout=dropout, batch_first=batch_first,
               head_dim=head_dim)
    if head_dim * num_heads != embed_dim:
        raise TorchError("AssertionError", "embed_dim must be divisible by num_heads")
    a = self.attributes

    def weight(*size):
        return Parameter(creation.empty(*size, dtype=dtype))
    if same:  # (the other three are registered as None: no parameters)
        a["in_proj_weight"] = weight(3 * embed_dim, embed_dim)
        a.update(q_proj_weight=None, k_proj_weight=None, v_proj_weight=None)
    else:
        a.update(q_proj_weight=weight(embed_dim, embed_dim), k_proj_weight=weight(embed_dim, kdim),
                 v_proj_weight=weight(embed_dim, vdim), in_proj_weight=None)
    a["in_proj_bias"] = weight(3 * embed_dim) if bias else None
    a["out_proj"] = OUT_PROJ(embed_dim, embed_dim, bias=bias, dtype=dtype)
    a["bias_k"], a["bias_v"] = (weight(1, 1, embed_dim), weight(1, 1, embed_dim)) if \
        add_bias_kv else (None, None)
    a["add_zero_attn"] = add_zero_attn
    _reset_parameters(a, same)


def _reset_parameters(a: dict, same: bool) -> None:
    """torch's _reset_parameters, after out_proj's own Linear init drew its numbers."""
    for name in ("in_proj_weight",) if same else ("q_proj_weight", "k_proj_weight",
                                                   "v_proj_weight"):
        init.xavier_uniform_(a[name])
    if a["in_proj_bias"] is not None:
        init.constant_(a["in_proj_bias"], 0.0)
        init.constant_(a["out_proj"].attributes["bias"], 0.0)
    for name in ("bias_k", "bias_v"):
        if a[name] is not None:
            init.xavier_normal_(a[name])


def _forward(self, query, key, value, key_padding_mask=None, need_weights=True,
             attn_mask=None, average_attn_weights=True, is_causal=False):
    """MultiheadAttention.forward on the path torch takes whenever gradients flow: (L, N, E)
    inputs, (N, L, E) with batch_first, or one unbatched (L, E) sequence."""
    a = self.attributes
    key_padding_mask = multihead.canonical_mask(key_padding_mask, "key_padding_mask",
                                                query.dtype)
    attn_mask = multihead.canonical_mask(attn_mask, "attn_mask", query.dtype)
    flipped = a["batch_first"] and query.dim() == 3
    if flipped:
        query, key, value = _swapped_batch(query, key, value)
    separate = not a["_qkv_same_embed_dim"]
    out_proj = a["out_proj"].attributes
    output, weights = multihead.multi_head_attention_forward(
        query, key, value, a["embed_dim"], a["num_heads"], a["in_proj_weight"],
        a["in_proj_bias"], a["bias_k"], a["bias_v"], a["add_zero_attn"], a["dropout"],
        out_proj["weight"], out_proj["bias"], training=a["training"],
        key_padding_mask=key_padding_mask, need_weights=need_weights, attn_mask=attn_mask,
        use_separate_proj_weight=separate, q_proj_weight=a["q_proj_weight"],
        k_proj_weight=a["k_proj_weight"], v_proj_weight=a["v_proj_weight"],
        average_attn_weights=average_attn_weights, is_causal=is_causal)
    return (shape.transpose(output, 1, 0) if flipped else output), weights


def _swapped_batch(query, key, value) -> tuple:
    """batch_first's transposes, keeping which of query, key and value are one tensor (the
    in-projection reads that)."""
    if key is value:
        if query is key:
            query = key = value = shape.transpose(query, 1, 0)
            return query, key, value
        query, key = (shape.transpose(x, 1, 0) for x in (query, key))
        return query, key, key
    return tuple(shape.transpose(x, 1, 0) for x in (query, key, value))


MULTIHEAD_ATTENTION = layer_class(
    "MultiheadAttention", _init, _forward,
    fields=("embed_dim", "kdim", "vdim", "_qkv_same_embed_dim", "num_heads", "dropout",
            "batch_first", "head_dim", "in_proj_weight", "q_proj_weight", "k_proj_weight",
            "v_proj_weight", "in_proj_bias", "out_proj", "bias_k", "bias_v", "add_zero_attn"))
