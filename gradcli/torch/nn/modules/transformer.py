"""torch.nn.TransformerEncoderLayer and TransformerEncoder on the path torch takes whenever
gradients flow (its fused fast path runs only in eval without grad, to the same values): a port
of torch/nn/modules/transformer.py (submodules in torch's order, so the init draws and the repr
are torch's), with self-attention through activation.py's MultiheadAttention."""
from __future__ import annotations

from gradcli.engine.errors import TorchError, warn
from gradcli.sandbox import py_copy
from gradcli.torch._tensor import pointwise as elementwise
from gradcli.torch.nn.functional.activation import gelu
from gradcli.torch.nn.modules.activation import MULTIHEAD_ATTENTION
from gradcli.torch.nn.modules.container import MODULE_LIST
from gradcli.torch.nn.modules.dropout import DROPOUT
from gradcli.torch.nn.modules.linear import LINEAR
from gradcli.torch.nn.modules.module import is_module, layer_class, set_fields
from gradcli.torch.nn.modules.normalization import LAYER_NORM

_ACTIVATIONS = {"relu": elementwise.relu, "gelu": gelu}


def _layer_init(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation="relu",
                layer_norm_eps=1e-5, batch_first=False, norm_first=False, bias=True,
                device=None, dtype=None) -> None:
    a = self.attributes
    set_fields(self)
    a["self_attn"] = MULTIHEAD_ATTENTION(d_model, nhead, dropout=dropout, bias=bias,
                                         batch_first=batch_first, dtype=dtype)
    a["linear1"] = LINEAR(d_model, dim_feedforward, bias=bias, dtype=dtype)
    a["dropout"] = DROPOUT(dropout)
    a["linear2"] = LINEAR(dim_feedforward, d_model, bias=bias, dtype=dtype)
    a["norm_first"] = norm_first
    a["norm1"] = LAYER_NORM(d_model, eps=layer_norm_eps, bias=bias, dtype=dtype)
    a["norm2"] = LAYER_NORM(d_model, eps=layer_norm_eps, bias=bias, dtype=dtype)
    a["dropout1"] = DROPOUT(dropout)
    a["dropout2"] = DROPOUT(dropout)
    if isinstance(activation, str):
        if activation not in _ACTIVATIONS:
            raise TorchError("RuntimeError", f"activation should be relu/gelu, not {activation}")
        activation = _ACTIVATIONS[activation]
    a["activation"] = activation  # a module given here is a submodule, as in torch


def _layer_forward(self, src, src_mask=None, src_key_padding_mask=None, is_causal=False):
    a = self.attributes
    x = src
    if a["norm_first"]:
        x = x + _self_attention(self, a["norm1"](x), src_mask, src_key_padding_mask)
        return x + _feed_forward(self, a["norm2"](x))
    x = a["norm1"](x + _self_attention(self, x, src_mask, src_key_padding_mask))
    return a["norm2"](x + _feed_forward(self, x))


def _self_attention(self, x, mask, key_padding_mask):
    a = self.attributes
    out = a["self_attn"](x, x, x, attn_mask=mask, key_padding_mask=key_padding_mask,
                         need_weights=False)[0]
    return a["dropout1"](out)


def _feed_forward(self, x):
    a = self.attributes
    return a["dropout2"](a["linear2"](a["dropout"](a["activation"](a["linear1"](x)))))


def _encoder_init(self, encoder_layer, num_layers, norm=None, enable_nested_tensor=True,
                  mask_check=True) -> None:
    if not is_module(encoder_layer):
        raise TorchError("TypeError", "encoder_layer must be a TransformerEncoderLayer")
    set_fields(self, num_layers=num_layers, enable_nested_tensor=enable_nested_tensor)
    why = _no_nested_tensor(encoder_layer)
    if enable_nested_tensor and why:
        warn("enable_nested_tensor is True, but self.use_nested_tensor is False because "
             f"encoder_layer{why}")
    # _get_clones: independent deep copies of the layer (torch draws no new init)
    self.attributes["layers"] = MODULE_LIST(
        [py_copy.deepcopy(encoder_layer) for _ in range(num_layers)])
    self.attributes["norm"] = norm


def _no_nested_tensor(layer) -> str:
    """Why torch's TransformerEncoder will not use nested tensors (its warning's reason)."""
    if not ENCODER_LAYER.is_instance(layer):
        return " was not TransformerEncoderLayer"
    a, attn = layer.attributes, layer.attributes["self_attn"].attributes
    if a["norm_first"]:
        return ".norm_first was True"
    if not attn["batch_first"]:
        return (".self_attn.batch_first was not True(use batch_first for better inference "
                "performance)")
    if attn["in_proj_bias"] is None:
        return ".self_attn was passed bias=False"
    if a["activation"] not in _ACTIVATIONS.values():
        return ".activation_relu_or_gelu was not True"
    if a["norm1"].attributes["eps"] != a["norm2"].attributes["eps"]:
        return ".norm1.eps was not equal to encoder_layer.norm2.eps"
    if attn["num_heads"] % 2 == 1:
        return ".self_attn.num_heads is odd"
    return ""


def _encoder_forward(self, src, mask=None, src_key_padding_mask=None, is_causal=None):
    output = src
    for layer in self.attributes["layers"]:
        output = layer(output, src_mask=mask, src_key_padding_mask=src_key_padding_mask)
    norm = self.attributes["norm"]
    return output if norm is None else norm(output)


ENCODER_LAYER = layer_class(
    "TransformerEncoderLayer", _layer_init, _layer_forward,
    fields=("self_attn", "linear1", "dropout", "linear2", "norm_first", "norm1", "norm2",
            "dropout1", "dropout2", "activation"))
ENCODER = layer_class("TransformerEncoder", _encoder_init, _encoder_forward,
                      fields=("num_layers", "enable_nested_tensor", "layers", "norm"))
