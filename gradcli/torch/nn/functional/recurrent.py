"""torch's recurrent functions (_VF.rnn_tanh, lstm, gru and their cells): a port of ATen's CPU
composites (aten/src/ATen/native/RNN.cpp) onto the engine's ops, so that each step records the
nodes torch records (AddmmBackward0, UnsafeSplitBackward0, SigmoidBackward0...).

ATen writes some steps in place (`gates.add_(...)`, `chunk.sigmoid_()`) on tensors nothing else
holds; here they are the out-of-place ops, whose nodes have the same names and gradients.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from gradcli.engine.errors import runtime_error
from gradcli.engine.tensor import Tensor, apply
from gradcli.torch._tensor import creation, indexing, linalg, shape
from gradcli.torch._tensor import pointwise as elementwise
from gradcli.torch.nn.functional import dropout as dropouts
from gradcli.torch.nn.functional import recurrent_fused
from gradcli.torch.nn.functional.linear import linear

Hidden = Tensor | tuple[Tensor, Tensor]  # h, or an LSTM's (h, c)


@dataclass(frozen=True, slots=True)
class CellParams:
    """One layer-direction's weights, as ATen's CellParams."""
    w_ih: Tensor
    w_hh: Tensor
    b_ih: Tensor | None
    b_hh: Tensor | None
    w_hr: Tensor | None = None  # an LSTM's projection of h (proj_size)

    def linear_ih(self, input: Tensor) -> Tensor:
        return linear(input, self.w_ih, self.b_ih)

    def linear_hh(self, hidden: Tensor) -> Tensor:
        return linear(hidden, self.w_hh, self.b_hh)

    def matmul_hr(self, hidden: Tensor) -> Tensor:
        return hidden if self.w_hr is None else linalg.matmul(hidden, shape.t(self.w_hr))


# ---- cells: one step from the input's projection (x @ w_ih.T + b_ih) ------------------------


def _simple_cell(nonlinearity: Callable) -> Callable:
    def cell(x_proj: Tensor, hidden: Tensor, p: CellParams) -> Tensor:
        return nonlinearity(p.linear_hh(hidden) + x_proj)
    return cell


def lstm_step(x_proj: Tensor, hidden: tuple[Tensor, Tensor], p: CellParams) -> tuple:
    """One LSTM step: its gates (input, forget, cell, output), cy, tanh(cy) and hy."""
    hx, cx = hidden
    gates = p.linear_hh(hx) + x_proj
    ingate, forgetgate, cellgate, outgate = shape.unsafe_chunk(gates, 4, 1)
    ingate, forgetgate = elementwise.sigmoid(ingate), elementwise.sigmoid(forgetgate)
    cellgate, outgate = elementwise.tanh(cellgate), elementwise.sigmoid(outgate)
    cy = forgetgate * cx + ingate * cellgate
    tanh_cy = elementwise.tanh(cy)
    return ingate, forgetgate, cellgate, outgate, cy, tanh_cy, p.matmul_hr(outgate * tanh_cy)


def _lstm_cell(x_proj: Tensor, hidden: tuple[Tensor, Tensor], p: CellParams):
    *_, cy, _, hy = lstm_step(x_proj, hidden, p)
    return hy, cy


def _gru_cell(x_proj: Tensor, hidden: Tensor, p: CellParams) -> Tensor:
    i_reset, i_input, i_new = shape.unsafe_chunk(x_proj, 3, 1)
    h_reset, h_input, h_new = shape.unsafe_chunk(p.linear_hh(hidden), 3, 1)
    reset_gate = elementwise.sigmoid(h_reset + i_reset)
    input_gate = elementwise.sigmoid(h_input + i_input)
    new_gate = elementwise.tanh(i_new + h_new * reset_gate)
    return (hidden - new_gate) * input_gate + new_gate


CELLS: dict[str, Callable] = {
    "RNN_TANH": _simple_cell(elementwise.tanh), "RNN_RELU": _simple_cell(elementwise.relu),
    "LSTM": _lstm_cell, "GRU": _gru_cell}


def cell(mode: str, input: Tensor, hx: Hidden, w_ih: Tensor, w_hh: Tensor,
         b_ih: Tensor | None = None, b_hh: Tensor | None = None) -> Hidden:
    """_VF.rnn_tanh_cell, rnn_relu_cell, lstm_cell, gru_cell on a 2-D batch."""
    p = CellParams(w_ih, w_hh, b_ih, b_hh)
    _check_cell_input(input, w_ih)
    for i, h in enumerate(hx if isinstance(hx, tuple) else (hx,)):
        _check_cell_hidden(input, h, i, w_hh)
    return CELLS[mode](p.linear_ih(input), hx, p)


def _check_cell_input(input: Tensor, w_ih: Tensor) -> None:
    if input.shape[1] != w_ih.shape[1]:
        raise runtime_error(f"input has inconsistent input_size: got {input.shape[1]} "
                            f"expected {w_ih.shape[1]}")


def _check_cell_hidden(input: Tensor, hx: Tensor, index: int, w_hh: Tensor) -> None:
    if input.shape[0] != hx.shape[0]:
        raise runtime_error(f"Input batch size {input.shape[0]} doesn't match hidden{index} "
                            f"batch size {hx.shape[0]}")
    if hx.shape[1] != w_hh.shape[1]:
        raise runtime_error(f"hidden{index} has inconsistent hidden_size: got {hx.shape[1]}, "
                            f"expected {w_hh.shape[1]}")


# ---- layers ---------------------------------------------------------------------------------


def _full_layer(step: Callable, input: Tensor, hidden: Hidden, p: CellParams, reverse: bool,
                fused: bool) -> tuple[Tensor, Hidden]:
    """ATen's FullLayer on CPU: project every step's input at once, then run the cell."""
    steps = shape.unbind(p.linear_ih(input), 0)
    outputs = []
    for x_proj in (reversed(steps) if reverse else steps):
        hidden = step(x_proj, hidden, p)
        outputs.append(hidden[0] if isinstance(hidden, tuple) else hidden)
    if not outputs:
        raise runtime_error("Expected sequence length to be larger than 0 in RNN")
    output = shape.stack(outputs[::-1] if reverse else outputs, 0)
    return (apply("mkldnn_rnn_layer", (output,)) if fused else output), hidden


def run(mode: str, input: Tensor, hiddens: list[Hidden], params: list[CellParams],
        num_layers: int, dropout: float, train: bool, bidirectional: bool,
        fused: bool = False) -> tuple[Tensor, list[Hidden]]:
    """ATen's apply_layer_stack over (seq, batch, feature) input: the last layer's output and
    each layer-direction's final hidden state. `fused`: the output of each layer is named as
    torch's mkldnn LSTM layer (float32 LSTMs on CPU)."""
    directions = 2 if bidirectional else 1
    finals: list[Hidden] = []
    layer_input = input
    for layer in range(num_layers):
        outputs = []
        for direction in range(directions):
            k = layer * directions + direction
            if fused and recurrent_fused.applies(layer_input, hiddens[k], params[k]):
                output, final = recurrent_fused.layer(lstm_step, layer_input, hiddens[k], params[k],
                                                      direction == 1)
            else:
                output, final = _full_layer(CELLS[mode], layer_input, hiddens[k], params[k],
                                            direction == 1, fused)
            outputs.append(output)
            finals.append(final)
        layer_input = outputs[0] if directions == 1 else shape.cat(outputs, outputs[0].ndim - 1)
        if dropout != 0 and train and layer < num_layers - 1:
            layer_input = dropouts.dropout(layer_input, dropout, True)
    return layer_input, finals


def rnn(mode: str, input: Tensor, hx: Hidden, weights: list[Tensor], has_biases: bool,
        num_layers: int, dropout: float, train: bool, bidirectional: bool,
        batch_first: bool, projections: bool = False) -> tuple:
    """_VF.rnn_tanh / rnn_relu / gru -> (output, h_n); _VF.lstm -> (output, h_n, c_n).
    `projections`: each layer's weights end with an LSTM's w_hr (oneDNN has no such layer)."""
    per_layer = (4 if has_biases else 2) + projections
    params = [_cell_params(weights[i:i + per_layer], has_biases, projections)
              for i in range(0, len(weights), per_layer)]
    lstm = mode == "LSTM"
    fused = lstm and not projections and input.dtype.name == "float32" and input.numel() > 0
    if batch_first:
        input = shape.transpose(input, 0, 1)
    hiddens = list(zip(_layer_states(hx[0], fused), _layer_states(hx[1], fused))) if lstm \
        else list(shape.unbind(hx, 0))
    output, finals = run(mode, input, hiddens, params, num_layers, dropout, train,
                         bidirectional, fused)
    if batch_first:  # LSTM transposes its result, the others theirs in place
        output = shape.transpose(output, 0, 1) if lstm else shape.transpose_(output, 0, 1)
    if lstm:
        return (output, shape.stack([h for h, _ in finals], 0),
                shape.stack([c for _, c in finals], 0))
    return output, shape.stack(finals, 0)


def _layer_states(hx: Tensor, fused: bool) -> list[Tensor]:
    """Each layer-direction's initial state: unbind's pieces, as ATen's composite takes them;
    oneDNN's layers index it (hx[k]: SelectBackward0)."""
    if not fused:
        return list(shape.unbind(hx, 0))
    return [apply("select", (hx,), dim=0, index=k) for k in range(hx.shape[0])]


def _cell_params(weights: list[Tensor], has_biases: bool, projections: bool) -> CellParams:
    """One layer-direction's weights in torch's order: w_ih, w_hh[, b_ih, b_hh][, w_hr]."""
    biases = weights[2:4] if has_biases else [None, None]
    return CellParams(weights[0], weights[1], *biases, weights[-1] if projections else None)


def pad_sequence(sequences, batch_first: bool = False, padding_value: float = 0.0,
                 padding_side: str = "right") -> Tensor:
    """torch.nn.utils.rnn.pad_sequence: a tensor full of padding_value, each sequence copied
    into its slot (CopySlices nodes, one per sequence, as ATen's copy_ into a view)."""
    if isinstance(sequences, Tensor):
        sequences = list(shape.unbind(sequences, 0))
    sequences = list(sequences)
    if not sequences:
        raise runtime_error("received an empty list of sequences")
    if padding_side not in ("left", "right"):
        raise runtime_error(f"Expected padding_side to be one of left or right, but got "
                            f"{padding_side}.")
    longest = max(s.size(0) for s in sequences)
    trailing = tuple(sequences[0].shape[1:])
    dims = (len(sequences), longest) if batch_first else (longest, len(sequences))
    out = creation.full(dims + trailing, padding_value, dtype=sequences[0].dtype)
    for i, seq in enumerate(sequences):
        length = seq.size(0)
        start = longest - length if padding_side == "left" else 0
        rows = slice(start, start + length)
        indexing.setitem(out, (i, rows) if batch_first else (rows, i), seq)
    return out
