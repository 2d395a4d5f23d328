"""torch.nn's activations (torch/nn/modules/activation.py) as built-in classes deriving from
nn.Module (module.py): ReLU, Tanh, Sigmoid, Softmax, LogSoftmax, LeakyReLU, GELU, ELU, Softplus
and SiLU, each its settings and forward over torch.nn.functional; and MultiheadAttention on
the slow path torch takes whenever gradients flow, a port of torch's (its parameters, init
draws and repr) and of F.multi_head_attention_forward with need_weights (in-projection, scaled
q @ k^T, masks added, softmax, dropout, @ v, out-projection), over the engine's ops."""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from gradcli.engine.errors import TorchError, runtime_error
from gradcli.engine.tensor import Parameter, Tensor
from gradcli.sandbox.objects import ScriptClass
from gradcli.torch._tensor import creation, linalg, reductions, shape
from gradcli.torch._tensor import pointwise as elementwise
from gradcli.torch.nn import init
from gradcli.torch.nn.functional import activation, activation_leaky
from gradcli.torch.nn.functional import dropout as dropouts
from gradcli.torch.nn.functional.linear import linear
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
    lambda self, input: activation.leaky_relu(input, self.attributes["negative_slope"]),
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


_REFUSED = ("MultiheadAttention({}=...) is not supported by gradcli: use the default (separate "
            "key/value sizes and extra bias/zero attention are not ported)")


def _init(self, embed_dim, num_heads, dropout=0.0, bias=True, add_bias_kv=False,
          add_zero_attn=False, kdim=None, vdim=None, batch_first=False, device=None,
          dtype=None) -> None:
    if embed_dim <= 0 or num_heads <= 0:
        raise TorchError("ValueError", f"embed_dim and num_heads must be greater than 0, got "
                                       f"embed_dim={embed_dim} and num_heads={num_heads} instead")
    for name, value in (("add_bias_kv", add_bias_kv), ("add_zero_attn", add_zero_attn)):
        if value:
            raise runtime_error(_REFUSED.format(name))
    for name, value in (("kdim", kdim), ("vdim", vdim)):
        if value is not None and value != embed_dim:
            raise runtime_error(_REFUSED.format(name))
    head_dim = embed_dim // num_heads
    if head_dim * num_heads != embed_dim:
        raise TorchError("AssertionError", "embed_dim must be divisible by num_heads")
    set_fields(self, embed_dim=embed_dim, kdim=embed_dim, vdim=embed_dim,
               _qkv_same_embed_dim=True, num_heads=num_heads, dropout=dropout,
               batch_first=batch_first, head_dim=head_dim)
    a = self.attributes
    a["in_proj_weight"] = Parameter(creation.empty(3 * embed_dim, embed_dim, dtype=dtype))
    a["in_proj_bias"] = Parameter(creation.empty(3 * embed_dim, dtype=dtype)) if bias else None
    a["out_proj"] = OUT_PROJ(embed_dim, embed_dim, bias=bias, dtype=dtype)
    # _reset_parameters, after out_proj's own Linear init drew its numbers
    init.xavier_uniform_(a["in_proj_weight"])
    if bias:
        init.constant_(a["in_proj_bias"], 0.0)
        init.constant_(a["out_proj"].attributes["bias"], 0.0)


def _float_mask(mask: Tensor | None, like: Tensor, name: str) -> Tensor | None:
    """F._canonical_mask: a bool mask becomes 0 where allowed and -inf where masked."""
    if mask is None:
        return None
    if mask.dtype.name == "bool":
        zeros = creation.zeros(*mask.shape, dtype=like.dtype)
        return shape.masked_fill(zeros, mask, float("-inf"))
    if not mask.dtype.is_floating_point:
        raise TorchError("AssertionError", f"only bool and floating types of {name} are "
                                           "supported")
    return mask


def _forward(self, query, key, value, key_padding_mask=None, need_weights=True,
             attn_mask=None, average_attn_weights=True, is_causal=False):
    """MultiheadAttention.forward: (L, N, E) inputs, (N, L, E) with batch_first, or one
    unbatched (L, E) sequence, which torch runs as a batch of one."""
    a = self.attributes
    batched = query.dim() == 3
    flipped = a["batch_first"] and batched
    if flipped:
        query, key, value = _swapped_batch(query, key, value)
    _check_shapes(query, key, value, key_padding_mask, attn_mask, a["num_heads"])
    if not batched:  # (which ends query is key: torch's in-projection then goes apart too)
        query, key, value = (shape.unsqueeze(x, 1) for x in (query, key, value))
        if key_padding_mask is not None:
            key_padding_mask = shape.unsqueeze(key_padding_mask, 0)
    output, weights = _attention(self, query, key, value, _float_mask(
        key_padding_mask, query, "key_padding_mask"), _float_mask(attn_mask, query, "attn_mask"),
        need_weights, average_attn_weights)
    if flipped:
        output = shape.transpose(output, 1, 0)
    if not batched:
        output = shape.squeeze(output, 1)
        weights = None if weights is None else shape.squeeze(weights, 0)
    return output, weights


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


def _check_shapes(query, key, value, key_padding_mask, attn_mask, heads: int) -> None:
    """F._mha_shape_check: query (L, N, E) or unbatched (L, E), the others to match."""
    if query.dim() not in (2, 3):
        raise TorchError("AssertionError", "query should be unbatched 2D or batched 3D tensor "
                                           f"but received {query.dim()}-D query tensor")
    kind = "batched (3-D)" if query.dim() == 3 else "unbatched (2-D)"
    if key.dim() != query.dim() or value.dim() != query.dim():
        raise TorchError("AssertionError", f"For {kind} `query`, expected `key` and `value` to "
                                           f"be {query.dim()}-D but found {key.dim()}-D and "
                                           f"{value.dim()}-D tensors respectively")
    if key_padding_mask is not None and key_padding_mask.dim() != query.dim() - 1:
        raise TorchError("AssertionError", f"For {kind} `query`, expected `key_padding_mask` "
                                           f"to be `None` or {query.dim() - 1}-D but found "
                                           f"{key_padding_mask.dim()}-D tensor instead")
    if attn_mask is None:
        return
    if attn_mask.dim() not in (2, 3):
        raise TorchError("AssertionError", f"For {kind} `query`, expected `attn_mask` to be "
                                           f"`None`, 2-D or 3-D but found {attn_mask.dim()}-D "
                                           "tensor instead")
    expected = (heads, query.shape[0], key.shape[0])
    if query.dim() == 2 and attn_mask.dim() == 3 and tuple(attn_mask.shape) != expected:
        raise TorchError("AssertionError", f"Expected `attn_mask` shape to be {expected} but "
                                           f"got torch.Size({list(attn_mask.shape)})")


def _attention(self, query, key, value, key_padding_mask, attn_mask, need_weights,
               average_weights):
    """F.multi_head_attention_forward (need_weights path) on (L, N, E) inputs."""
    a = self.attributes
    tgt_len, bsz, embed_dim = query.shape
    src_len, heads, head_dim = key.shape[0], a["num_heads"], a["head_dim"]
    q, k, v = _in_projection(self, query, key, value)
    q = shape.transpose(shape.view(q, tgt_len, bsz * heads, head_dim), 0, 1)
    k = shape.transpose(shape.view(k, src_len, bsz * heads, head_dim), 0, 1)
    v = shape.transpose(shape.view(v, src_len, bsz * heads, head_dim), 0, 1)
    mask = _merged_mask(attn_mask, key_padding_mask, bsz, heads, tgt_len, src_len)
    scores = linalg.bmm(q * math.sqrt(1.0 / float(head_dim)), shape.transpose(k, -2, -1))
    if mask is not None:
        scores = mask + scores
    weights = reductions.softmax(scores, -1)
    if a["dropout"] > 0.0 and a["training"]:
        weights = dropouts.dropout(weights, a["dropout"], True)
    output = linalg.bmm(weights, v)
    output = shape.view(shape.contiguous(shape.transpose(output, 0, 1)), tgt_len * bsz,
                        embed_dim)
    out_proj = a["out_proj"].attributes
    output = linear(output, out_proj["weight"], out_proj["bias"])
    output = shape.view(output, tgt_len, bsz, output.shape[1])
    if not need_weights:
        return output, None
    weights = shape.view(weights, bsz, heads, tgt_len, src_len)
    return output, (reductions.mean(weights, 1) if average_weights else weights)


def _in_projection(self, query, key, value) -> tuple[Tensor, Tensor, Tensor]:
    """_in_projection_packed: one linear for self-attention, else q and k/v apart."""
    weight, bias = self.attributes["in_proj_weight"], self.attributes["in_proj_bias"]
    embed_dim = query.shape[-1]
    if query is key and key is value:
        proj = linear(query, weight, bias)  # torch makes the pieces contiguous
        return tuple(shape.contiguous(piece) for piece in shape.chunk(proj, 3, -1))
    w_q, w_k, w_v = (shape.narrow(weight, 0, i * embed_dim, embed_dim) for i in range(3))
    b_q, b_k, b_v = (None,) * 3 if bias is None else (
        shape.narrow(bias, 0, i * embed_dim, embed_dim) for i in range(3))
    if key is value:
        w_kv = shape.narrow(weight, 0, embed_dim, 2 * embed_dim)
        b_kv = None if bias is None else shape.narrow(bias, 0, embed_dim, 2 * embed_dim)
        k, v = (shape.contiguous(piece) for piece in
                shape.chunk(linear(key, w_kv, b_kv), 2, -1))
        return linear(query, w_q, b_q), k, v
    return (linear(query, w_q, b_q), linear(key, w_k, b_k),
            linear(value, w_v, b_v))


def _merged_mask(attn_mask, key_padding_mask, bsz, heads, tgt_len, src_len):
    """attn_mask (L, S) or (N*H, L, S) plus key_padding_mask (N, S) broadcast to each head."""
    if attn_mask is not None:
        if attn_mask.dim() == 2:
            if tuple(attn_mask.shape) != (tgt_len, src_len):
                raise runtime_error(f"The shape of the 2D attn_mask is {tuple(attn_mask.shape)},"
                                    f" but should be {(tgt_len, src_len)}.")
            attn_mask = shape.unsqueeze(attn_mask, 0)
        elif tuple(attn_mask.shape) != (bsz * heads, tgt_len, src_len):
            raise runtime_error(f"The shape of the 3D attn_mask is {tuple(attn_mask.shape)}, but"
                                f" should be {(bsz * heads, tgt_len, src_len)}.")
    if key_padding_mask is None:
        return attn_mask
    if tuple(key_padding_mask.shape) != (bsz, src_len):
        raise TorchError("AssertionError", f"expecting key_padding_mask shape of "
                                           f"{(bsz, src_len)}, but got "
                                           f"{tuple(key_padding_mask.shape)}")
    padding = shape.reshape(shape.expand(shape.view(key_padding_mask, bsz, 1, 1, src_len),
                                         -1, heads, -1, -1), bsz * heads, 1, src_len)
    return padding if attn_mask is None else attn_mask + padding


MULTIHEAD_ATTENTION = layer_class(
    "MultiheadAttention", _init, _forward,
    fields=("embed_dim", "kdim", "vdim", "num_heads", "dropout", "batch_first", "head_dim",
            "in_proj_weight", "in_proj_bias", "out_proj"))
