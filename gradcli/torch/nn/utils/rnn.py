"""torch.nn.utils.rnn's packed sequences: PackedSequence, pack_padded_sequence,
pad_packed_sequence, pack_sequence, unpack_sequence, and the recurrent layers run over a packed
batch (a port of ATen's PackedLayer / ReversedPackedLayer in aten/src/ATen/native/RNN.cpp), so
that every step records the nodes torch records (SliceBackward0 as sequences end, CatBackward0
for the final hidden state, IndexSelectBackward0 for an unsorted batch).
"""
from __future__ import annotations

import numpy as np

from gradcli.engine.errors import runtime_error, value_error
from gradcli.engine.tensor import Tensor, apply
from gradcli.torch._tensor import creation, indexing, shape
from gradcli.torch.nn.functional import dropout as dropouts
from gradcli.torch.nn.functional.recurrent import CELLS, CellParams, Hidden, _cell_params

FIELDS = ("data", "batch_sizes", "sorted_indices", "unsorted_indices")


class PackedSequence(tuple):
    """torch.nn.utils.rnn.PackedSequence: a namedtuple of data (the steps' rows, one after the
    other), batch_sizes (how many sequences are still running at each step) and the
    permutations that sort the batch by length and undo the sort (None when it came sorted)."""

    def __new__(cls, data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
        if unsorted_indices is None and sorted_indices is not None:
            unsorted_indices = invert_permutation(sorted_indices)
        return super().__new__(cls, (data, batch_sizes, sorted_indices, unsorted_indices))

    data = property(lambda self: self[0])
    batch_sizes = property(lambda self: self[1])
    sorted_indices = property(lambda self: self[2])
    unsorted_indices = property(lambda self: self[3])
    is_cuda = property(lambda self: False)
    _fields = FIELDS

    def __repr__(self) -> str:
        parts = ", ".join(f"{name}={value!r}" for name, value in zip(FIELDS, self))
        return f"PackedSequence({parts})"

    def to(self, *args, **kwargs) -> PackedSequence:
        """A copy whose data is data.to(...) (the indices stay where they are)."""
        return PackedSequence(shape.to(self.data, *args, **kwargs), *self[1:])

    def cpu(self) -> PackedSequence:
        return self

    def is_pinned(self) -> bool:
        return False


def invert_permutation(permutation: Tensor | None) -> Tensor | None:
    if permutation is None:
        return None
    inverse = np.empty_like(permutation.data)
    inverse[permutation.data] = np.arange(permutation.numel(), dtype=inverse.dtype)
    return Tensor(inverse)


def _lengths_array(lengths) -> np.ndarray:
    if isinstance(lengths, Tensor):
        return lengths.data.astype(np.int64).reshape(-1)
    return np.asarray(list(lengths), dtype=np.int64).reshape(-1)


def pack_padded_sequence(input: Tensor, lengths, batch_first: bool = False,
                         enforce_sorted: bool = True) -> PackedSequence:
    """Pack a padded batch of sequences (T x B x * or, batch_first, B x T x *)."""
    lengths = _lengths_array(lengths)
    sorted_indices = None
    if not enforce_sorted:
        order = np.argsort(-lengths, kind="stable")  # torch.sort(descending=True) on CPU
        lengths, sorted_indices = lengths[order], Tensor(order.astype(np.int64))
        input = shape.index_select(input, 0 if batch_first else 1, sorted_indices)
    data, batch_sizes = _pack(input, lengths, batch_first)
    return PackedSequence(data, batch_sizes, sorted_indices)


def _pack(input: Tensor, lengths: np.ndarray, batch_first: bool) -> tuple[Tensor, Tensor]:
    """ATen's _pack_padded_sequence: its checks, then one PackPaddedSequenceBackward0 node."""
    if batch_first:
        input = shape.transpose(input, 0, 1)
    steps, batch = input.shape[0], input.shape[1] if input.ndim > 1 else 0
    if input.numel() == 0:
        raise runtime_error("Cannot pack empty tensors.")
    if len(lengths) != batch:
        raise runtime_error(f"Expected `len(lengths)` to be equal to batch_size, but got "
                            f"{len(lengths)} (batch_size={batch})")
    if lengths[-1] <= 0:
        raise runtime_error("Length of all samples has to be greater than 0, but found an "
                            "element in 'lengths' that is <= 0")
    if np.any(lengths[1:] > lengths[:-1]):
        raise runtime_error(
            "`lengths` array must be sorted in decreasing order when `enforce_sorted` is True. "
            "You can pass `enforce_sorted=False` to pack_padded_sequence and/or pack_sequence to "
            "sidestep this requirement if you do not need ONNX exportability.")
    if lengths[0] > steps:  # torch reads past the tensor's end here; gradcli refuses
        raise runtime_error(f"a length in `lengths` ({lengths[0]}) is longer than the padded "
                            f"sequences ({steps} steps): lengths must not exceed the time "
                            "dimension")
    batch_sizes = tuple(int((lengths > t).sum()) for t in range(int(lengths[0])))
    data = apply("pack_padded_sequence", (input,), batch_sizes=batch_sizes)
    return data, Tensor(np.asarray(batch_sizes, dtype=np.int64))


def pad_packed_sequence(sequence: PackedSequence, batch_first: bool = False,
                        padding_value: float = 0.0, total_length: int | None = None
                        ) -> tuple[Tensor, Tensor]:
    """Undo pack_padded_sequence: (padded, lengths), in the batch's original order."""
    batch_sizes = [int(b) for b in sequence.batch_sizes.data]
    steps = len(batch_sizes)
    if total_length is not None:
        if total_length < steps:
            raise value_error("Expected total_length to be at least the length of the longest "
                              f"sequence in input, but got total_length={total_length} and max "
                              f"sequence length being {steps}")
        steps = total_length
    padded, lengths = _pad(sequence.data, batch_sizes, batch_first, padding_value, steps)
    unsorted = sequence.unsorted_indices
    if unsorted is None:
        return padded, lengths
    return (shape.index_select(padded, 0 if batch_first else 1, unsorted),
            Tensor(lengths.data[unsorted.data]))


def _pad(data: Tensor, batch_sizes: list[int], batch_first: bool, padding_value: float,
         steps: int) -> tuple[Tensor, Tensor]:
    """ATen's _pad_packed_sequence: each run of steps with one batch size copied in as a block
    (one CopySlices node per block), then transposed for batch_first."""
    batch = batch_sizes[0]
    output = creation.full((steps, batch, *data.shape[1:]), padding_value, dtype=data.dtype)
    lengths = np.empty(batch, dtype=np.int64)
    offset, previous, start = 0, batch, 0
    for i in range(len(batch_sizes) + 1):
        size = batch_sizes[i] if i < len(batch_sizes) else 0
        if size != previous:
            rows = previous * (i - start)
            block = shape.view(shape.narrow(data, 0, offset, rows),
                               i - start, previous, *data.shape[1:])
            indexing.setitem(output, (slice(start, i), slice(0, previous)), block)
            offset, start = offset + rows, i
        lengths[size:previous] = i
        previous = size
    if batch_first:
        output = shape.transpose(output, 0, 1)
    return output, Tensor(lengths)


def pack_sequence(sequences, enforce_sorted: bool = True) -> PackedSequence:
    """pack_padded_sequence(pad_sequence(sequences), their lengths)."""
    from gradcli.torch.nn.functional.recurrent import pad_sequence

    lengths = [s.size(0) for s in sequences]
    return pack_padded_sequence(pad_sequence(sequences), lengths, enforce_sorted=enforce_sorted)


def unpack_sequence(packed: PackedSequence) -> list[Tensor]:
    """The sequences of a PackedSequence, each cut to its length."""
    padded, lengths = pad_packed_sequence(packed, batch_first=True)
    # torch slices each row with a 0-dim length tensor, which indexes (IndexBackward0)
    return [indexing.getitem(row, Tensor(np.arange(int(n))))
            for row, n in zip(shape.unbind(padded, 0), lengths.data)]


# ---- recurrent layers over a packed batch -----------------------------------------------------


def _slice(hidden: Hidden, start: int, stop: int) -> Hidden:
    if isinstance(hidden, tuple):
        return tuple(shape.narrow(h, 0, start, stop - start) for h in hidden)
    return shape.narrow(hidden, 0, start, stop - start)


def _concat(hiddens: list[Hidden]) -> Hidden:
    if isinstance(hiddens[0], tuple):
        return tuple(shape.cat([h[k] for h in hiddens], 0) for k in range(len(hiddens[0])))
    return shape.cat(hiddens, 0)


def _output(hidden: Hidden) -> Tensor:
    return hidden[0] if isinstance(hidden, tuple) else hidden


def _packed_layer(step, data: Tensor, batch_sizes: list[int], hidden: Hidden, p: CellParams
                  ) -> tuple[Tensor, Hidden]:
    """PackedLayer: as sequences end, their rows of the hidden state are set aside; the final
    hidden state is those pieces concatenated, longest-running first."""
    projected = p.linear_ih(data)
    outputs, finals, offset, last = [], [], 0, batch_sizes[0]
    for size in batch_sizes:
        step_input = shape.narrow(projected, 0, offset, size)
        offset += size
        if size < last:
            finals.append(_slice(hidden, size, last))
            hidden = _slice(hidden, 0, size)
        last = size
        hidden = step(step_input, hidden, p)
        outputs.append(_output(hidden))
    finals.append(hidden)
    return shape.cat(outputs, 0), _concat(finals[::-1])


def _reversed_packed_layer(step, data: Tensor, batch_sizes: list[int], initial: Hidden,
                           p: CellParams) -> tuple[Tensor, Hidden]:
    """ReversedPackedLayer: from the last step back, the hidden state grows as sequences
    start."""
    projected = p.linear_ih(data)
    outputs, offset, last = [], data.shape[0], batch_sizes[-1]
    hidden = _slice(initial, 0, last)
    for size in reversed(batch_sizes):
        if size > last:
            hidden = _concat([hidden, _slice(initial, last, size)])
        step_input = shape.narrow(projected, 0, offset - size, size)
        offset -= size
        last = size
        hidden = step(step_input, hidden, p)
        outputs.append(_output(hidden))
    return shape.cat(outputs[::-1], 0), hidden


def rnn_packed(mode: str, data: Tensor, batch_sizes: Tensor, hx: Hidden, weights: list[Tensor],
               has_biases: bool, num_layers: int, dropout: float, train: bool,
               bidirectional: bool, projections: bool = False) -> tuple:
    """_VF.rnn_tanh / rnn_relu / gru / lstm on packed data -> (output data, h_n[, c_n])."""
    per_layer = (4 if has_biases else 2) + projections
    params = [_cell_params(weights[i:i + per_layer], has_biases, projections)
              for i in range(0, len(weights), per_layer)]
    lstm = mode == "LSTM"
    hiddens = list(zip(shape.unbind(hx[0], 0), shape.unbind(hx[1], 0))) if lstm \
        else list(shape.unbind(hx, 0))
    sizes = [int(b) for b in batch_sizes.data]
    directions = 2 if bidirectional else 1
    finals: list[Hidden] = []
    layer_input = data
    for layer in range(num_layers):
        outputs = []
        for direction in range(directions):
            k = layer * directions + direction
            run = _reversed_packed_layer if direction == 1 else _packed_layer
            output, final = run(CELLS[mode], layer_input, sizes, hiddens[k], params[k])
            outputs.append(output)
            finals.append(final)
        layer_input = outputs[0] if directions == 1 else shape.cat(outputs, -1)
        if dropout != 0 and train and layer < num_layers - 1:
            layer_input = dropouts.dropout(layer_input, dropout, True)
    if lstm:
        return (layer_input, shape.stack([h for h, _ in finals], 0),
                shape.stack([c for _, c in finals], 0))
    return layer_input, shape.stack(finals, 0)


UTILS = {"PackedSequence": PackedSequence, "pack_padded_sequence": pack_padded_sequence,
         "pad_packed_sequence": pad_packed_sequence, "pack_sequence": pack_sequence,
         "unpack_sequence": unpack_sequence, "invert_permutation": invert_permutation}
