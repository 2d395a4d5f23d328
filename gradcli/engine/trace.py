"""The forward record the cross-check replays: which op made each tensor, from what.

While the runtime is `tracing`, every op whose result requires grad leaves an OpRecord; leaves
and constants enter as Leaf/Const records holding snapshots of their values. A snapshot
watches its tensor's memory and copies itself just before an in-place write, so a record
always sees the values the op saw (copy-on-write). The engine only records; gradcli.check
interprets the records.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np


class Snapshot:
    __slots__ = ("array",)

    def __init__(self, array):
        self.array = array

    def freeze(self) -> None:
        self.array = self.array.copy()


UNKNOWN_DEPTH = -1  # under a record that is no op, leaf or constant: the check walks to see


class _Input:
    """A tensor entering the record: its values as the ops saw them."""

    __slots__ = ("version", "value", "storage", "hidden")
    depth = 0  # (a graph's bottom)

    def __init__(self, t, version, value):
        self.version, self.value = version, value
        self.storage, self.hidden = t._storage, t._storage.hidden_writes

    def written_behind(self) -> bool:
        """Whether its memory was written through `.data` since the record was made: the
        graphs that used it computed their values from memory that no longer holds them."""
        return self.storage.hidden_writes != self.hidden


class Leaf(_Input):
    """A leaf that requires grad, at one version: one symbol per element for the check."""

    __slots__ = ("tensor",)

    def __init__(self, tensor, version, value):
        super().__init__(tensor, version, value)
        self.tensor = tensor


@dataclass(frozen=True, eq=False)
class GradTransform:
    """A known function of the .grad of `tensors` applied to them in place between passes:
    torch.nn.utils' clip_grad_norm_ (`params`: max_norm, norm_type) or clip_grad_value_
    (clip_value). The check applies it to the gradients it verified, to carry them on."""

    name: str
    tensors: tuple
    params: dict


class Const(_Input):
    """A tensor that does not require grad, as the op saw it."""

    __slots__ = ()


class OpRecord:
    """One op's application. `depth`: the most ops on a path down to a leaf or constant (a
    lower bound on the records under it, kept as the graph grows: the check knows a graph is
    too large to replay without walking it), or UNKNOWN_DEPTH. `made`: the op's result as the
    engine computed it, with its memory's version and `.data` writes then (see `output`);
    `dtype`: the result's numpy dtype, which a float64 replay keeps the range of (None where
    no result was given)."""

    __slots__ = ("op", "args", "params", "depth", "made", "dtype")
    # whether the process recorded an op whose gradient here is torch's rule (Op.rule): until
    # then no graph holds one, and the check does not look for them
    ruled = False

    def __init__(self, op, args, params, result=None):
        self.op, self.args, self.params = op, args, params
        self.made = None if result is None else \
            (result.data, result._storage, result._storage.version, result._storage.hidden_writes)
        self.dtype = None if result is None else result.data.dtype
        if op.rule is not None and not OpRecord.ruled and op.rule(**params):
            OpRecord.ruled = True
        depth = 0
        for a in args:  # 1 + the deepest argument's depth; unknown if any is unknown
            d = a.depth
            if d >= depth:
                depth = d + 1
            elif d < 0:
                depth = UNKNOWN_DEPTH
                break
        self.depth = depth or 1

    def take_output(self) -> np.ndarray | None:
        """The values the op gave, as the engine holds them (its dtype: float32 mostly), where
        its memory has not been written since; else None. Torch's backward reads these very
        values (a tanh's saved result, a product's inputs): the check evaluates its
        derivatives there rather than at a float64 replay of the whole forward. Taken once,
        then let go: an output no node saved would else outlive the forward of a training
        loop's next step, and the heap's holes between steps grow its memory each step."""
        if self.made is None:
            return None
        (array, storage, version, hidden), self.made = self.made, None
        if storage.version != version or storage.hidden_writes != hidden:
            return None
        return array


class KinkedRecord(OpRecord):
    """An op whose gradient a comparison of its inputs cuts (relu, clamp, maximum: its row's
    `zeroed`), with the inputs' values as the engine compared them (`at`): the check takes
    each element's branch there, not at the float64 replay — a pre-activation that is 0 in
    float32 may replay as +1e-9, and torch's mask is the float32 one."""

    __slots__ = ("at",)


class FunctionOutput(OpRecord):
    """An output of a custom autograd.Function: its forward's own record (`args[0]`), passed on
    unchanged (op: clone), so that the check differentiates the forward and can name it."""

    __slots__ = ("function", "call")
    ever_made = False  # whether the process made one: until then no graph can hold one

    def __init__(self, op, forward_record, function: str):
        super().__init__(op, (forward_record,), {})
        self.depth = UNKNOWN_DEPTH  # (the check treats it apart: it walks it)
        self.function = function
        self.call = None  # its FunctionCall, once apply has made every output
        FunctionOutput.ever_made = True


class FunctionCall:
    """One apply of a custom Function, for the check of its backward: the records of its
    tensor inputs and their values then, its outputs' records (None for one not in the
    graph), and what its backward last received and returned (`seen`), which the check of
    the pass takes (and clears)."""

    __slots__ = ("function", "inputs", "values", "outputs", "seen")

    def __init__(self, function: str, recorder: ForwardRecorder, outputs: list):
        self.function = function
        self.inputs = [r for _, _, r in recorder.inputs]
        self.values = [np.array(t.data, copy=True) for t, _, _ in recorder.inputs]
        self.outputs = [r if isinstance(r, FunctionOutput) else None for r in outputs]
        self.seen = None
        for r in self.outputs:
            if r is not None:
                r.call = self

    def saw(self, received: list, returned: list) -> None:
        """What the script's backward got (per output) and gave (per tensor input)."""
        self.seen = ([None if g is None else np.asarray(getattr(g, "data", g))
                      for g in received],
                     [None if g is None else np.asarray(getattr(g, "data", g))
                      for g in returned])


@dataclass
class Opaque:
    """A value the check cannot replay, and why: a create_graph gradient whose first derivative
    had no full symbolic form, or a custom Function's forward that the records do not follow."""

    reason: str
    depth = UNKNOWN_DEPTH  # (not a field: a class attribute, as for any record)


class ForwardRecorder:
    """The records of a custom Function's forward, which runs with grad mode off (so no op
    records itself): kept here, by tensor, until apply gives the outputs their records."""

    def __init__(self, inputs):
        self.inputs = [(t, t._storage.version, record_of(t)) for t in inputs]
        self.made: dict = {}  # id(tensor) -> (tensor, its version, its record)

    def record(self, op, inputs, params, result) -> None:
        self.made[id(result)] = (result, result._storage.version,
                                 OpRecord(op, tuple(self._of(t) for t in inputs), params))

    def written(self, t, result) -> None:
        """t was written in place with result's values: its record is now result's."""
        entry = self.made.get(id(result))
        if entry is not None:
            self.made[id(t)] = (t, t._storage.version, entry[2])

    def _of(self, t):
        entry = self.made.get(id(t))
        if entry is None:
            return record_of(t)
        tensor, version, record = entry
        return record if tensor._storage.version == version else IN_PLACE

    def output_record(self, out, op, function: str):
        """The record of an output: the forward's, or Opaque where it cannot be followed."""
        forward = f"{function}.forward"
        if any(x._storage.version != v for x, v, _ in self.inputs):
            return Opaque(f"{forward} writes its input in place, which the symbolic replay of "
                          "the forward does not follow")
        inputs = {id(r) for x, _, r in self.inputs if x.requires_grad}
        for x, _, r in self.inputs:
            if out.data is x.data:  # an input returned as it is
                return FunctionOutput(op, r, function)
        record = self._of(out)
        seen, stack, reached = set(), [record], False
        while stack:
            r = stack.pop()
            if id(r) in seen:
                continue
            seen.add(id(r))
            if r is IN_PLACE:
                return Opaque(f"{forward} writes a tensor in place, which the symbolic replay "
                              "of the forward does not follow")
            reached = reached or id(r) in inputs
            stack.extend(getattr(r, "args", ()))
        if not reached:
            return Opaque(f"{forward} computes its output from its inputs' values by means "
                          "the symbolic replay cannot follow (.detach(), .item(), .tolist(), "
                          "a new tensor): its derivative is unknown to sympy")
        return FunctionOutput(op, record, function)


IN_PLACE = Opaque("written in place")  # a forward's tensor changed after its op made it


def _snapshot(t) -> Snapshot:
    s = Snapshot(t.data)
    storage = t._storage
    if storage.watchers is None:
        storage.watchers = []
    storage.watchers.append(s)
    return s


def record_of(t):
    """The record standing for tensor t now (cached per version for leaves and constants)."""
    r = t._record
    version = t._storage.version
    if type(r) is Const and r.version == version and r.storage.hidden_writes == r.hidden and \
            not t._requires_grad and t._base is None:  # (the usual constant, settled early)
        return r
    if r is not None and not isinstance(r, (Leaf, Const)):
        return r  # an OpRecord, or a record the check put there (a derived gradient)
    if r is not None and r.version == version and not r.written_behind() and \
            isinstance(r, Leaf) == t.requires_grad:
        return r
    r = (Leaf(t, version, _snapshot(t)) if t.requires_grad and t.grad_fn is None
         else Const(t, version, _snapshot(t)))
    t._record = r
    return r


def op_record(op, inputs, params, result, args: tuple | None = None) -> OpRecord:
    """The record of op applied to `inputs`; `args`, their records where the caller keeps its
    own (forward AD's, over the make_dual primals)."""
    # (an input made by an op has its OpRecord already: most inputs, read without a call)
    if args is None:
        args = tuple([r if type(r := t._record) is OpRecord else record_of(t) for t in inputs])
    if op.zeroed is None:
        return OpRecord(op, args, params, result)
    record = KinkedRecord(op, args, params, result)
    record.at = tuple(np.array(t.data) for t in inputs)  # (a copy: later writes keep out)
    return record


def unseen_change(t, new: np.ndarray, grad_enabled: bool) -> np.ndarray | None:
    """What a write under no_grad changes in a tensor of the graph (not a leaf: an optimizer's
    step writes those), as float64 new - old; None for any other write, or one that changes
    nothing (torch.no_grad(): norm.clamp_min_(eps) where no norm is below eps)."""
    if grad_enabled or t._record is None or t.grad_fn is None:
        return None
    new = np.asarray(new).astype(t.data.dtype)
    if np.array_equal(t.data, new, equal_nan=True):
        return None
    with np.errstate(invalid="ignore"):
        return new.astype(np.float64) - t.data.astype(np.float64)


def unseen_write_record(t, change) -> OpRecord:
    """The record to read t by after such a write: its old record plus the change (a tensor
    holding it, a constant), so that gradients pass it unchanged (torch's node is still the
    old one)."""
    from .optable import OPS  # (the row is in ops_pointwise.py)

    return OpRecord(OPS["written_unseen"], (t._record, record_of(change)), {}, t)
