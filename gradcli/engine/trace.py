"""The forward record the cross-check replays: which op made each tensor, from what.

While the runtime is `tracing`, every op whose result requires grad leaves an OpRecord; leaves
and constants enter as Leaf/Const records holding snapshots of their values. A snapshot
watches its tensor's memory and copies itself just before an in-place write, so a record
always sees the values the op saw (copy-on-write). The engine only records; gradcli.check
interprets the records.
"""
from __future__ import annotations


class Snapshot:
    __slots__ = ("array",)

    def __init__(self, array):
        self.array = array

    def freeze(self) -> None:
        self.array = self.array.copy()


class _Input:
    """A tensor entering the record: its values as the ops saw them."""

    __slots__ = ("version", "value", "storage", "hidden")

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


class Const(_Input):
    """A tensor that does not require grad, as the op saw it."""

    __slots__ = ()


class OpRecord:
    __slots__ = ("op", "args", "params")

    def __init__(self, op, args, params):
        self.op, self.args, self.params = op, args, params


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
    if r is not None and not isinstance(r, (Leaf, Const)):
        return r  # an OpRecord, or a record the check put there (a derived gradient)
    if r is not None and r.version == version and not r.written_behind() and \
            isinstance(r, Leaf) == t.requires_grad:
        return r
    r = (Leaf(t, version, _snapshot(t)) if t.requires_grad and t.grad_fn is None
         else Const(t, version, _snapshot(t)))
    t._record = r
    return r


def op_record(op, inputs, params) -> OpRecord:
    return OpRecord(op, tuple(record_of(t) for t in inputs), params)
