"""RNN, LSTM and GRU over a PackedSequence: the packed branch of torch/nn/modules/rnn.py's
forward (zeros or the caller's state permuted into the sorted order, its checks, the packed _VF
function, the final state permuted back), over the engine's packed layers (nn/utils/rnn.py)."""
from __future__ import annotations

from collections.abc import Callable

from gradcli.engine.errors import runtime_error
from gradcli.engine.tensor import Tensor
from gradcli.torch._tensor import creation, shape
from gradcli.torch.nn.utils import rnn as packing

PackedSequence = packing.PackedSequence


def _permute(hidden, permutation):
    """RNNBase.permute_hidden: index_select along the batch dim (nothing when unsorted is
    None)."""
    if permutation is None:
        return hidden
    if isinstance(hidden, tuple):
        return tuple(shape.index_select(h, 1, permutation) for h in hidden)
    return shape.index_select(hidden, 1, permutation)


def _state_shape(a: dict, batch: int, projected: bool = True) -> tuple[int, int, int]:
    size = a["proj_size"] if projected and a.get("proj_size") else a["hidden_size"]
    return a["num_layers"] * (2 if a["bidirectional"] else 1), batch, size


def _check(self, data: Tensor, hidden: tuple, batch: int, check_input: Callable) -> None:
    """RNNBase.check_forward_args on packed data (2-D) and the state's sizes."""
    a = self.attributes
    check_input(self, data, dims=2)
    lstm = len(hidden) == 2
    for i, h in enumerate(hidden):
        expected = _state_shape(a, batch, projected=i == 0)
        if tuple(h.size()) != expected:
            which = f"hidden[{i}] size" if lstm else "hidden size"
            raise runtime_error(f"Expected {which} {expected}, got {list(h.size())}")


def packed_forward(self, packed: PackedSequence, hx, check_input: Callable):
    """forward(PackedSequence) -> (PackedSequence output, h_n or (h_n, c_n))."""
    a = self.attributes
    lstm = a["mode"] == "LSTM"
    data, batch_sizes, sorted_indices, unsorted_indices = packed
    batch = int(batch_sizes.data[0])
    if hx is None:
        zeros = [creation.zeros(*_state_shape(a, batch, projected=i == 0), dtype=data.dtype)
                 for i in range(2 if lstm else 1)]
        hidden = tuple(zeros)
    else:
        hidden = _permute(tuple(hx) if lstm else (hx,), sorted_indices)
    _check(self, data, hidden, batch, check_input)
    weights = [a[name] for name in a["_flat_weights_names"]]
    output, *final = packing.rnn_packed(a["mode"], data, batch_sizes,
                                        hidden if lstm else hidden[0], weights, a["bias"],
                                        a["num_layers"], a["dropout"], a["training"],
                                        a["bidirectional"], projections=a["proj_size"] > 0)
    output = PackedSequence(output, batch_sizes, sorted_indices, unsorted_indices)
    final = _permute(tuple(final), unsorted_indices)
    return output, (final if lstm else final[0])


UTILS = packing.UTILS
ATTRIBUTES = {
    **{name: ("property", lambda p, name=name: getattr(p, name))
       for name in (*packing.FIELDS, "is_cuda")},
    **{name: ("method", getattr(PackedSequence, name)) for name in ("to", "cpu", "is_pinned")},
    **{name: ("method", getattr(tuple, name)) for name in ("index", "count")}}
