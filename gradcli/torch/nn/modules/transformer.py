"""torch.nn.TransformerEncoderLayer, TransformerEncoder, TransformerDecoderLayer,
TransformerDecoder and Transformer on the path torch takes whenever gradients flow (its fused
fast path runs only in eval without grad, to the same values): a port of
torch/nn/modules/transformer.py (submodules in torch's order, so the init draws and the repr
are torch's; the causal-mask detection that picks SDPA's is_causal), with attention through
activation.py's MultiheadAttention."""
from __future__ import annotations

import numpy as np

from gradcli.engine.errors import TorchError, runtime_error, warn, warnings_of_torch_lines
from gradcli.engine.tensor import Tensor
from gradcli.sandbox import py_copy
from gradcli.sandbox.objects import StaticMethod
from gradcli.torch._tensor import creation, shape
from gradcli.torch._tensor import pointwise as elementwise
from gradcli.torch.nn import init
from gradcli.torch.nn.functional.activation import gelu
from gradcli.torch.nn.modules.activation import MULTIHEAD_ATTENTION
from gradcli.torch.nn.modules.container import MODULE_LIST
from gradcli.torch.nn.modules.dropout import DROPOUT
from gradcli.torch.nn.modules.linear import LINEAR
from gradcli.torch.nn.modules.module import is_module, layer_class, parameters, set_fields
from gradcli.torch.nn.modules.normalization import LAYER_NORM

_ACTIVATIONS = {"relu": elementwise.relu, "gelu": gelu}


def _activation(activation):
    if isinstance(activation, str):
        if activation not in _ACTIVATIONS:
            raise TorchError("RuntimeError", f"activation should be relu/gelu, not {activation}")
        return _ACTIVATIONS[activation]
    return activation  # a module given here is a submodule, as in torch


def _build(self, attentions: tuple, norms: int, d_model, nhead, dim_feedforward, dropout,
           activation, layer_norm_eps, batch_first, norm_first, bias, dtype) -> None:
    """A layer's submodules in torch's order (its init draws and repr): the attentions, the
    feed-forward, `norms` LayerNorms and as many Dropouts after them."""
    a = self.attributes
    set_fields(self)
    for name in attentions:
        a[name] = MULTIHEAD_ATTENTION(d_model, nhead, dropout=dropout, bias=bias,
                                      batch_first=batch_first, dtype=dtype)
    a["linear1"] = LINEAR(d_model, dim_feedforward, bias=bias, dtype=dtype)
    a["dropout"] = DROPOUT(dropout)
    a["linear2"] = LINEAR(dim_feedforward, d_model, bias=bias, dtype=dtype)
    a["norm_first"] = norm_first
    for i in range(1, norms + 1):
        a[f"norm{i}"] = LAYER_NORM(d_model, eps=layer_norm_eps, bias=bias, dtype=dtype)
    for i in range(1, norms + 1):
        a[f"dropout{i}"] = DROPOUT(dropout)
    a["activation"] = _activation(activation)


def _layer_init(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation="relu",
                layer_norm_eps=1e-5, batch_first=False, norm_first=False, bias=True,
                device=None, dtype=None) -> None:
    _build(self, ("self_attn",), 2, d_model, nhead, dim_feedforward, dropout, activation,
           layer_norm_eps, batch_first, norm_first, bias, dtype)


def _layer_forward(self, src, src_mask=None, src_key_padding_mask=None, is_causal=False):
    a = self.attributes
    x = src
    if a["norm_first"]:
        x = x + _self_attention(self, a["norm1"](x), src_mask, src_key_padding_mask, is_causal)
        return x + _feed_forward(self, a["norm2"](x), "dropout2")
    x = a["norm1"](x + _self_attention(self, x, src_mask, src_key_padding_mask, is_causal))
    return a["norm2"](x + _feed_forward(self, x, "dropout2"))


def _self_attention(self, x, mask, key_padding_mask, is_causal=False):
    a = self.attributes
    out = a["self_attn"](x, x, x, attn_mask=mask, key_padding_mask=key_padding_mask,
                         is_causal=is_causal, need_weights=False)[0]
    return a["dropout1"](out)


def _cross_attention(self, x, memory, mask, key_padding_mask, is_causal):
    a = self.attributes
    out = a["multihead_attn"](x, memory, memory, attn_mask=mask,
                              key_padding_mask=key_padding_mask, is_causal=is_causal,
                              need_weights=False)[0]
    return a["dropout2"](out)


def _feed_forward(self, x, dropout: str):
    a = self.attributes
    return a[dropout](a["linear2"](a["dropout"](a["activation"](a["linear1"](x)))))


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
    layers = self.attributes["layers"]
    batch_first = layers[0].attributes["self_attn"].attributes["batch_first"]
    is_causal = _detect_is_causal_mask(mask, is_causal, _seq_len(src, batch_first))
    output = src
    for layer in layers:
        output = layer(output, src_mask=mask, is_causal=is_causal,
                       src_key_padding_mask=src_key_padding_mask)
    norm = self.attributes["norm"]
    return output if norm is None else norm(output)


def _seq_len(src, batch_first: bool) -> int:
    return src.shape[0] if src.dim() == 2 else src.shape[1 if batch_first else 0]


def square_subsequent_mask(sz, device=None, dtype=None) -> Tensor:
    """torch's _generate_square_subsequent_mask: -inf above the diagonal, 0 elsewhere."""
    full = creation.full((sz, sz), float("-inf"), dtype=dtype)
    return shape.triu(full, 1)


def _detect_is_causal_mask(mask, is_causal, size) -> bool:
    """is_causal as given, or (None) whether the mask is the square subsequent mask."""
    if is_causal is not None or mask is None:
        return is_causal is True
    causal = square_subsequent_mask(size if size is not None else mask.shape[-2],
                                    dtype=mask.dtype)
    return tuple(mask.shape) == tuple(causal.shape) and bool(
        np.array_equal(mask.data, causal.data))


# ---- TransformerDecoderLayer, TransformerDecoder, Transformer ---------------------------


def _decoder_layer_init(self, d_model, nhead, dim_feedforward=2048, dropout=0.1,
                        activation="relu", layer_norm_eps=1e-5, batch_first=False,
                        norm_first=False, bias=True, device=None, dtype=None) -> None:
    _build(self, ("self_attn", "multihead_attn"), 3, d_model, nhead, dim_feedforward, dropout,
           activation, layer_norm_eps, batch_first, norm_first, bias, dtype)


def _decoder_layer_forward(self, tgt, memory, tgt_mask=None, memory_mask=None,
                           tgt_key_padding_mask=None, memory_key_padding_mask=None,
                           tgt_is_causal=False, memory_is_causal=False):
    a = self.attributes
    x = tgt
    if a["norm_first"]:
        x = x + _self_attention(self, a["norm1"](x), tgt_mask, tgt_key_padding_mask,
                                tgt_is_causal)
        x = x + _cross_attention(self, a["norm2"](x), memory, memory_mask,
                                 memory_key_padding_mask, memory_is_causal)
        return x + _feed_forward(self, a["norm3"](x), "dropout3")
    x = a["norm1"](x + _self_attention(self, x, tgt_mask, tgt_key_padding_mask, tgt_is_causal))
    x = a["norm2"](x + _cross_attention(self, x, memory, memory_mask, memory_key_padding_mask,
                                        memory_is_causal))
    return a["norm3"](x + _feed_forward(self, x, "dropout3"))


def _decoder_init(self, decoder_layer, num_layers, norm=None) -> None:
    set_fields(self)
    self.attributes["layers"] = MODULE_LIST(
        [py_copy.deepcopy(decoder_layer) for _ in range(num_layers)])
    self.attributes.update(num_layers=num_layers, norm=norm)


def _decoder_forward(self, tgt, memory, tgt_mask=None, memory_mask=None,
                     tgt_key_padding_mask=None, memory_key_padding_mask=None,
                     tgt_is_causal=None, memory_is_causal=False):
    layers = self.attributes["layers"]
    batch_first = layers[0].attributes["self_attn"].attributes["batch_first"]
    tgt_is_causal = _detect_is_causal_mask(tgt_mask, tgt_is_causal,
                                           _seq_len(tgt, batch_first))
    output = tgt
    for layer in layers:
        output = layer(output, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                       tgt_key_padding_mask=tgt_key_padding_mask,
                       memory_key_padding_mask=memory_key_padding_mask,
                       tgt_is_causal=tgt_is_causal, memory_is_causal=memory_is_causal)
    norm = self.attributes["norm"]
    return output if norm is None else norm(output)


def _transformer_init(self, d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6,
                      dim_feedforward=2048, dropout=0.1, activation="relu", custom_encoder=None,
                      custom_decoder=None, layer_norm_eps=1e-5, batch_first=False,
                      norm_first=False, bias=True, device=None, dtype=None) -> None:
    set_fields(self)
    a = self.attributes
    settings = (d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps,
                batch_first, norm_first, bias)
    for name, custom, layer, stack, count in (
            ("encoder", custom_encoder, ENCODER_LAYER, ENCODER, num_encoder_layers),
            ("decoder", custom_decoder, DECODER_LAYER, DECODER, num_decoder_layers)):
        if custom is not None:
            a[name] = custom
            continue
        norm = LAYER_NORM(d_model, eps=layer_norm_eps, bias=bias, dtype=dtype)
        with warnings_of_torch_lines():  # (the encoder's nested-tensor warning)
            a[name] = stack(layer(*settings, dtype=dtype), count, norm)
    for p in parameters(self):  # torch's _reset_parameters
        if p.dim() > 1:
            init.xavier_uniform_(p)
    a.update(d_model=d_model, nhead=nhead, batch_first=batch_first)


def _transformer_forward(self, src, tgt, src_mask=None, tgt_mask=None, memory_mask=None,
                         src_key_padding_mask=None, tgt_key_padding_mask=None,
                         memory_key_padding_mask=None, src_is_causal=None, tgt_is_causal=None,
                         memory_is_causal=False):
    a = self.attributes
    batch = 0 if a["batch_first"] else 1
    if src.dim() == 3 and src.shape[batch] != tgt.shape[batch]:
        raise runtime_error("the batch number of src and tgt must be equal")
    if src.shape[-1] != a["d_model"] or tgt.shape[-1] != a["d_model"]:
        raise runtime_error("the feature number of src and tgt must be equal to d_model")
    memory = a["encoder"](src, mask=src_mask, src_key_padding_mask=src_key_padding_mask,
                          is_causal=src_is_causal)
    return a["decoder"](tgt, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                        tgt_key_padding_mask=tgt_key_padding_mask,
                        memory_key_padding_mask=memory_key_padding_mask,
                        tgt_is_causal=tgt_is_causal, memory_is_causal=memory_is_causal)


ENCODER_LAYER = layer_class(
    "TransformerEncoderLayer", _layer_init, _layer_forward,
    fields=("self_attn", "linear1", "dropout", "linear2", "norm_first", "norm1", "norm2",
            "dropout1", "dropout2", "activation"))
ENCODER = layer_class("TransformerEncoder", _encoder_init, _encoder_forward,
                      fields=("num_layers", "enable_nested_tensor", "layers", "norm"))
DECODER_LAYER = layer_class(
    "TransformerDecoderLayer", _decoder_layer_init, _decoder_layer_forward,
    fields=("self_attn", "multihead_attn", "linear1", "dropout", "linear2", "norm_first",
            "norm1", "norm2", "norm3", "dropout1", "dropout2", "dropout3", "activation"))
DECODER = layer_class("TransformerDecoder", _decoder_init, _decoder_forward,
                      fields=("layers", "num_layers", "norm"))
TRANSFORMER = layer_class(
    "Transformer", _transformer_init, _transformer_forward,
    fields=("encoder", "decoder", "d_model", "nhead", "batch_first"),
    generate_square_subsequent_mask=StaticMethod(square_subsequent_mask))
