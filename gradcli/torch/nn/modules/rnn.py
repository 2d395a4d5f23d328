"""torch.nn's recurrent layers (RNN, LSTM, GRU) and cells (RNNCell, LSTMCell, GRUCell): a
port of torch/nn/modules/rnn.py (its parameters, their registration order and init draws, its
checks and messages, its reprs) over the engine's recurrent functions (functional/recurrent.py)."""
from __future__ import annotations

import math
import numbers
from collections.abc import Callable

from gradcli.engine.errors import TorchError, runtime_error
from gradcli.engine.tensor import Parameter, Tensor
from gradcli.sandbox.objects import ScriptClass, ScriptInstance
from gradcli.torch._tensor import creation, shape
from gradcli.torch.nn import init
from gradcli.torch.nn.functional import recurrent
from gradcli.torch.nn.modules import _rnn_packed as nn_packing
from gradcli.torch.nn.modules.module import MODULE, layer_class, parameters

GATES = {"LSTM": 4, "GRU": 3, "RNN_TANH": 1, "RNN_RELU": 1}


def _reset_parameters(self: ScriptInstance) -> None:
    """Every parameter, in registration order, from uniform(-1/sqrt(hidden), 1/sqrt(hidden))."""
    hidden = self.attributes["hidden_size"]
    stdv = 1.0 / math.sqrt(hidden) if hidden > 0 else 0
    for weight in parameters(self):
        init.uniform_(weight, -stdv, stdv)


def _empty(*size: int, dtype) -> Parameter:
    return Parameter(creation.empty(*size, dtype=dtype))


# ---- RNN, LSTM, GRU -------------------------------------------------------------------------


def _base_init(self: ScriptInstance, mode: str, input_size, hidden_size, num_layers=1,
               bias=True, batch_first=False, dropout=0.0, bidirectional=False, proj_size=0,
               device=None, dtype=None) -> None:
    """RNNBase.__init__: its checks, then weight_ih_l{k}, weight_hh_l{k}, bias_ih_l{k},
    bias_hh_l{k} (and _reverse) per layer and direction."""
    MODULE.namespace["__init__"](self)
    _check_options(input_size, hidden_size, num_layers, bias, batch_first, dropout, proj_size)
    self.attributes.update(
        mode=mode, input_size=input_size, hidden_size=hidden_size, num_layers=num_layers,
        bias=bias, batch_first=batch_first, dropout=float(dropout), bidirectional=bidirectional,
        proj_size=proj_size)
    gate_size = GATES[mode] * hidden_size
    real_hidden_size = proj_size or hidden_size  # an LSTM's h is projected to proj_size
    names = []
    for layer in range(num_layers):
        for suffix in ("", "_reverse")[:2 if bidirectional else 1]:
            layer_input_size = input_size if layer == 0 else real_hidden_size * (
                2 if bidirectional else 1)
            shapes = {"weight_ih": (gate_size, layer_input_size),
                      "weight_hh": (gate_size, real_hidden_size)}
            if bias:
                shapes |= {"bias_ih": (gate_size,), "bias_hh": (gate_size,)}
            if proj_size:
                shapes |= {"weight_hr": (proj_size, hidden_size)}
            for kind, size in shapes.items():
                name = f"{kind}_l{layer}{suffix}"
                self.attributes[name] = _empty(*size, dtype=dtype)
                names.append(name)
    self.attributes["_flat_weights_names"] = names
    _reset_parameters(self)


def _check_options(input_size, hidden_size, num_layers, bias, batch_first, dropout,
                   proj_size) -> None:
    if not isinstance(dropout, numbers.Number) or not 0 <= dropout <= 1 or \
            isinstance(dropout, bool):
        raise TorchError("ValueError", "dropout should be a number in range [0, 1] representing "
                                       "the probability of an element being zeroed")
    # NOTE: dropout > 0 with one layer: torch's warning names its own rnn.py (stacklevel=2
    # lands there), never the script's line, so a session's trace has no warning for it.
    for name, value in (("bias", bias), ("batch_first", batch_first)):
        if not isinstance(value, bool):
            raise TorchError("TypeError", f"{name} should be of type bool, got: "
                                          f"{type(value).__name__}")
    for name, value in (("input_size", input_size), ("hidden_size", hidden_size)):
        if not isinstance(value, int):
            raise TorchError("TypeError", f"{name} should be of type int, got: "
                                          f"{type(value).__name__}")
        if value <= 0:
            raise TorchError("ValueError", f"{name} must be greater than zero")
    if num_layers <= 0:
        raise TorchError("ValueError", "num_layers must be greater than zero")
    if proj_size < 0:
        raise TorchError("ValueError", "proj_size should be a positive integer or zero to "
                                       "disable projections")
    if proj_size >= hidden_size:
        raise TorchError("ValueError", "proj_size has to be smaller than hidden_size")


def _rnn_init(self, *args, **kwargs) -> None:
    """nn.RNN: its nonlinearity (the fourth positional argument) picks the mode."""
    if "proj_size" in kwargs:
        raise TorchError("ValueError", "proj_size argument is only supported for LSTM, not RNN "
                                       "or GRU")
    if len(args) > 3:
        nonlinearity, args = args[3], args[:3] + args[4:]
    else:
        nonlinearity = kwargs.pop("nonlinearity", "tanh")
    modes = {"tanh": "RNN_TANH", "relu": "RNN_RELU"}
    if nonlinearity not in modes:
        raise TorchError("ValueError", f"Unknown nonlinearity '{nonlinearity}'. Select from "
                                       "'tanh' or 'relu'.")
    _base_init(self, modes[nonlinearity], *args, **kwargs)
    self.attributes["nonlinearity"] = nonlinearity


def _gru_init(self, *args, **kwargs) -> None:
    if "proj_size" in kwargs:
        raise TorchError("ValueError", "proj_size argument is only supported for LSTM, not RNN "
                                       "or GRU")
    _base_init(self, "GRU", *args, **kwargs)


def _base_repr(self) -> str:
    a = self.attributes
    text = f"{a['input_size']}, {a['hidden_size']}"
    if a["proj_size"]:
        text += f", proj_size={a['proj_size']}"
    defaults = {"num_layers": 1, "bias": True, "batch_first": False, "dropout": 0,
                "bidirectional": False}
    for name, default in defaults.items():
        if a[name] != default:
            text += f", {name}={a[name]}"
    return text


def _forward(self, input, hx=None):
    """RNN/GRU/LSTM.forward on unpacked input: batch an unbatched input, zeros for a missing
    hx, torch's checks, then the _VF function."""
    if isinstance(input, nn_packing.PackedSequence):
        return nn_packing.packed_forward(self, input, hx, _check_input)
    a = self.attributes
    lstm = a["mode"] == "LSTM"
    if not isinstance(input, Tensor):
        raise TorchError("AttributeError", f"'{type(input).__name__}' object has no attribute "
                                           "'dim'")
    if input.dim() not in (2, 3):
        name = "RNN" if a["mode"].startswith("RNN") else a["mode"]
        end = " tensor instead" if name == "RNN" else " instead"
        raise TorchError("ValueError", f"{name}: Expected input to be 2D or 3D, got "
                                       f"{input.dim()}D{end}")
    batched = input.dim() == 3
    batch_dim = 0 if a["batch_first"] else 1
    if not batched:
        input = shape.unsqueeze(input, batch_dim)
    hx = _lstm_hidden(self, input, hx, batched) if lstm else _hidden(self, input, hx, batched)
    weights = [a[name] for name in a["_flat_weights_names"]]
    output, *hidden = recurrent.rnn(a["mode"], input, hx if lstm else hx[0], weights, a["bias"],
                                    a["num_layers"], a["dropout"], a["training"],
                                    a["bidirectional"], a["batch_first"],
                                    projections=a["proj_size"] > 0)
    if not batched:
        output = shape.squeeze(output, batch_dim)
        hidden = [shape.squeeze(h, 1) for h in hidden]
    return output, (tuple(hidden) if lstm else hidden[0])


def _zeros(self, input, projected: bool = True) -> Tensor:
    """A missing initial state: h's size is proj_size when the LSTM projects, c's never."""
    return creation.zeros(*_zeros_shape(self, input, projected), dtype=input.dtype)


def _hidden(self, input, hx, batched) -> tuple[Tensor]:
    if hx is not None:
        want = 3 if batched else 2
        if hx.dim() != want:
            kind = "batched 3-D" if batched else "unbatched 2-D"
            raise runtime_error(f"For {kind} input, hx should also be {want}-D but got "
                                f"{hx.dim()}-D tensor")
        hx = hx if batched else shape.unsqueeze(hx, 1)
    hx = _zeros(self, input) if hx is None else hx
    _check_input(self, input)
    _check_hidden_size(self, input, hx, "Expected hidden size {}, got {}")
    return (hx,)


def _lstm_hidden(self, input, hx, batched) -> tuple[Tensor, Tensor]:
    if hx is None:
        hx = (_zeros(self, input), _zeros(self, input, projected=False))
    else:
        h, c = hx
        want = 3 if batched else 2
        if h.dim() != want or c.dim() != want:
            kind = "batched 3-D" if batched else "unbatched 2-D"
            raise runtime_error(f"For {kind} input, hx and cx should also be {want}-D but got "
                                f"({h.dim()}-D, {c.dim()}-D) tensors")
        hx = (h, c) if batched else (shape.unsqueeze(h, 1), shape.unsqueeze(c, 1))
    _check_input(self, input)
    _check_hidden_size(self, input, hx[0], "Expected hidden[0] size {}, got {}")
    _check_hidden_size(self, input, hx[1], "Expected hidden[1] size {}, got {}",
                       projected=False)
    return hx


def _check_input(self, input, dims: int = 3) -> None:
    """RNNBase.check_input (packed data has 2 dims)."""
    weight = self.attributes[self.attributes["_flat_weights_names"][0]]
    if input.dtype is not weight.dtype:
        raise TorchError("ValueError", f"RNN input dtype ({input.dtype!r}) does not match weight "
                         f"dtype ({weight.dtype!r}). Convert input: input.to({weight.dtype!r}), "
                         f"or convert model: model.to({input.dtype!r})")
    if input.dim() != dims:
        raise runtime_error(f"input must have {dims} dimensions, got {input.dim()}")
    if self.attributes["input_size"] != input.size(-1):
        raise runtime_error(f"input.size(-1) must be equal to input_size. Expected "
                            f"{self.attributes['input_size']}, got {input.size(-1)}")


def _check_hidden_size(self, input, hx, message: str, projected: bool = True) -> None:
    expected = tuple(_zeros_shape(self, input, projected))
    if tuple(hx.size()) != expected:
        raise runtime_error(message.format(expected, list(hx.size())))


def _zeros_shape(self, input, projected: bool = True) -> tuple[int, int, int]:
    a = self.attributes
    batch = input.size(0) if a["batch_first"] else input.size(1)
    size = a["proj_size"] if projected and a.get("proj_size") else a["hidden_size"]
    return a["num_layers"] * (2 if a["bidirectional"] else 1), batch, size


# the layers' parameters a script may name: weight_ih_l0 ... bias_hh_l9_reverse
_LAYER_WEIGHTS = tuple(f"{kind}_l{layer}{suffix}" for kind in ("weight_ih", "weight_hh", "bias_ih",
                                                              "bias_hh", "weight_hr")
                       for layer in range(10) for suffix in ("", "_reverse"))


def _recurrent(name: str, init_: Callable) -> ScriptClass:
    return layer_class(name, init_, _forward, _base_repr, reset_parameters=_reset_parameters,
                       flatten_parameters=lambda self: None,
                       fields=("mode", "input_size", "hidden_size", "num_layers", "bias",
                               "batch_first", "dropout", "bidirectional", "proj_size",
                               "nonlinearity", *_LAYER_WEIGHTS))


# ---- cells ----------------------------------------------------------------------------------


def _cell_base(self, chunks: int, input_size, hidden_size, bias, dtype) -> None:
    """RNNCellBase.__init__: weight_ih, weight_hh, bias_ih, bias_hh (or None)."""
    MODULE.namespace["__init__"](self)
    a = self.attributes
    a.update(input_size=input_size, hidden_size=hidden_size, bias=bias)
    a["weight_ih"] = _empty(chunks * hidden_size, input_size, dtype=dtype)
    a["weight_hh"] = _empty(chunks * hidden_size, hidden_size, dtype=dtype)
    a["bias_ih"] = _empty(chunks * hidden_size, dtype=dtype) if bias else None
    a["bias_hh"] = _empty(chunks * hidden_size, dtype=dtype) if bias else None
    _reset_parameters(self)


def _rnn_cell_init(self, input_size, hidden_size, bias=True, nonlinearity="tanh", device=None,
                   dtype=None) -> None:
    _cell_base(self, 1, input_size, hidden_size, bias, dtype)
    self.attributes["nonlinearity"] = nonlinearity


def _gated_cell_init(chunks: int) -> Callable:
    def init_(self, input_size, hidden_size, bias=True, device=None, dtype=None) -> None:
        _cell_base(self, chunks, input_size, hidden_size, bias, dtype)
    return init_


def _cell_repr(self) -> str:
    a = self.attributes
    text = f"{a['input_size']}, {a['hidden_size']}"
    if a["bias"] is not True:
        text += f", bias={a['bias']}"
    if a.get("nonlinearity", "tanh") != "tanh":
        text += f", nonlinearity={a['nonlinearity']}"
    return text


def _cell_forward(name: str, mode: Callable, pair: bool = False) -> Callable:
    """RNNCell/LSTMCell/GRUCell.forward: batch a 1-D input, zeros for a missing hx."""
    def forward(self, input, hx=None):
        if input.dim() not in (1, 2):
            raise TorchError("ValueError", f"{name}: Expected input to be 1D or 2D, got "
                                           f"{input.dim()}D instead")
        for label, h in _labelled(hx, pair):
            if h.dim() not in (1, 2):
                raise TorchError("ValueError", f"{name}: Expected {label} to be 1D or 2D, got "
                                               f"{h.dim()}D instead")
        batched = input.dim() == 2
        if not batched:
            input = shape.unsqueeze(input, 0)
        if hx is None:
            zeros = creation.zeros(input.size(0), self.attributes["hidden_size"],
                                   dtype=input.dtype)
            hx = (zeros, zeros) if pair else zeros
        elif not batched:
            hx = tuple(shape.unsqueeze(h, 0) for h in hx) if pair else shape.unsqueeze(hx, 0)
        a = self.attributes
        out = recurrent.cell(mode(self), input, tuple(hx) if pair else hx, a["weight_ih"],
                             a["weight_hh"], a["bias_ih"], a["bias_hh"])
        if not batched:
            out = tuple(shape.squeeze(o, 0) for o in out) if pair else shape.squeeze(out, 0)
        return out
    return forward


def _labelled(hx, pair: bool) -> list:
    if hx is None:
        return []
    return [(f"hx[{i}]", h) for i, h in enumerate(hx)] if pair else [("hidden", hx)]


def _rnn_cell_mode(self) -> str:
    nonlinearity = self.attributes["nonlinearity"]
    if nonlinearity not in ("tanh", "relu"):
        raise runtime_error(f"Unknown nonlinearity: {nonlinearity}")
    return "RNN_TANH" if nonlinearity == "tanh" else "RNN_RELU"


def _cell(name: str, init_: Callable, forward: Callable) -> ScriptClass:
    return layer_class(name, init_, forward, _cell_repr, reset_parameters=_reset_parameters,
                       fields=("input_size", "hidden_size", "bias", "weight_ih", "weight_hh",
                               "bias_ih", "bias_hh", "nonlinearity"))


RNN = _recurrent("RNN", _rnn_init)
LSTM = _recurrent("LSTM", lambda self, *args, **kwargs: _base_init(self, "LSTM", *args, **kwargs))
GRU = _recurrent("GRU", _gru_init)
RNN_CELL = _cell("RNNCell", _rnn_cell_init, _cell_forward("RNNCell", _rnn_cell_mode))
LSTM_CELL = _cell("LSTMCell", _gated_cell_init(4),
                  _cell_forward("LSTMCell", lambda self: "LSTM", pair=True))
GRU_CELL = _cell("GRUCell", _gated_cell_init(3), _cell_forward("GRUCell", lambda self: "GRU"))
