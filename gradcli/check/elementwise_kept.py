"""The vectorized check's derivatives kept between runs (derivcache's file), so that a script
checked again imports no sympy: sympy's derivative of an elementwise graph, compiled into an
ieee.Program recipe, and the text its formula is shown as, keyed by the graph's structure.

The key is what the formula is made of and nothing else: each op's row and parameters, the
graph's topology, each input's kind and name (a leaf, a retained intermediate cut out, a
constant tensor) and the value of each one-element constant (replayed as a number). Only
graphs whose formula is fixed by that are kept: rows of the op table with plain parameters,
where each intermediate is read whole by some op that passes a gradient to all of its
elements. (An intermediate read only by relu, clamp, where or floor has elements that get an
exact 0 gradient, and the values say which: dropped.Dropped adds a term for them.) Anything
else is derived as before.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

import numpy as np

from gradcli.engine import trace
from gradcli.engine.optable import OPS

from . import derivcache
from .compare import Expectation
from .dropped import reduce_to
from .ieee import Program
from .records import Remembered, TooLarge, post_order

KIND = "elementwise-2"  # the entries' layout: a new one makes old entries unread
PLAIN = (bool, int, float, str, type(None), np.generic)
# the records whose row is their op's (a custom Function's output passes on its forward's
# record, whose ops are rows of their own: its formula is theirs)
RECORDS = (trace.OpRecord, trace.KinkedRecord, trace.FunctionOutput)


class Layout:
    """An elementwise graph as plain data (`rows`) and its inputs, in the order the symbolic
    replay (vectorized.Generic) meets them: what a kept derivative's key is made of, and what
    its program runs on."""

    def __init__(self, roots: list, cuts: dict, name_of):
        self.cuts, self.name_of = cuts, name_of
        self.rows: list = []
        self.inputs: list = []  # (record, version, float64 values) per input
        self.labels: list = []  # a leaf's name as shown now (x@3), else None, per input
        self.positions: dict = {}  # (id(record), version) -> index in inputs
        self.plain = True  # False: some part's formula is not fixed by the rows
        self.read: dict = {}  # id(intermediate) -> whether some op reads all of it
        for root in roots:
            self.rows.append(("root", post_order(root, self._describe,
                                                 lambda r: id(r) in self.cuts)))
            self.read[id(root)] = True  # by the sum, the mean or the seed
        self.plain = self.plain and all(self.read.values())
        self.digest = hashlib.sha256(repr((KIND, self.rows)).encode()).hexdigest()

    def _describe(self, record, values) -> int:
        if id(record) in self.cuts:
            tensor = self.cuts[id(record)]
            row = self._input("cut", self.name_of(tensor), record, tensor._version, tensor.data)
        elif isinstance(record, trace.Leaf):
            # keyed by its name alone: a training loop's x@1, x@2... share one derivative
            label = self.name_of(record.tensor)
            shown = label if record.version == 0 else f"{label}@{record.version}"
            row = self._input("leaf", label, record, record.version, record.value.array, shown)
        elif isinstance(record, trace.Const):
            a = record.value.array
            row = ("number", repr(a.reshape(-1)[0].item())) if a.size == 1 else \
                self._input("const", "", record, record.version, a)
        elif type(record) in RECORDS and OPS.get(record.op.name) is record.op:
            row = ("op", record.op.name, self._params(record.params),
                   [values[id(a)] for a in record.args])
            self._reads(record)
        else:
            self.plain, row = False, ("other",)
        self.rows.append(row)
        return len(self.rows) - 1

    def _input(self, kind: str, label: str, record, version, array,
               shown: str | None = None) -> tuple:
        key = (id(record), version)
        if key not in self.positions:
            self.positions[key] = len(self.inputs)
            self.inputs.append((record, version, np.asarray(array, dtype=np.float64)))
            self.labels.append(shown)
        return ("input", kind, label, self.positions[key])

    def _reads(self, record) -> None:
        """Notes which intermediates `record` reads, and whether whole (as Dropped.read)."""
        whole = record.op.zeroed is None and record.op.elements_read == "all"
        for a in record.args:
            if isinstance(a, trace.OpRecord) and id(a) not in self.cuts:
                self.read[id(a)] = self.read.get(id(a), False) or whole

    def _params(self, params: dict) -> tuple:
        items = tuple(sorted(params.items()))
        if not all(_plain(v) for _, v in items):
            self.plain = False
        return items

    def positions_of(self, tensor) -> list[int]:
        """The inputs a target's gradient is taken with respect to, as vectorized's
        `_symbols_of` picks its symbols: its cut, else each of its leaf records."""
        record = getattr(tensor, "_record", None)
        if record is not None and id(record) in self.cuts:
            return [self.positions[(id(record), tensor._version)]]
        return [k for k, (r, _, _) in enumerate(self.inputs)
                if isinstance(r, trace.Leaf) and r.tensor is tensor]

    def key(self, positions: list[int]) -> str:
        return f"{KIND}:{self.digest}:{positions}"


def _plain(value) -> bool:
    """A parameter that prints the same in every run and says all of itself when printed."""
    if isinstance(value, tuple):
        return all(_plain(v) for v in value)
    return isinstance(value, PLAIN) and " at 0x" not in repr(value)


@dataclass
class Kept:
    """A target's derivatives, one per (input, part) in vectorized's order, and its text."""

    program: Program
    zero: list[bool]  # the derivatives that are exactly 0 (their values are not added)
    text: str  # the formula as display.text shows it
    names: list[str]  # each input's symbol name, as the program reads it

    def encode(self) -> list:
        return [self.program.recipe, self.program.outputs, self.zero, self.text, self.names]

    @classmethod
    def decode(cls, entry) -> Kept:
        recipe, outputs, zero, text, names = entry
        program = Program.from_recipe(recipe, outputs)
        if len(zero) != len(program.outputs) or not isinstance(text, str) or \
                not all(isinstance(n, str) for n in names):
            raise ValueError("not a kept elementwise derivative")
        return cls(program, [bool(z) for z in zero], text, list(names))


_MADE: dict = {}  # key -> Kept: made or read in this process (a loop asks every step)
MAX_MADE = 64


def found(layout: Layout, tensor) -> Kept | None:
    """The kept derivatives of `tensor`'s gradient over this graph, if any."""
    key = layout.key(layout.positions_of(tensor))
    kept = _MADE.get(key) or derivcache.cached(key, Kept.decode)
    if kept is None or len(kept.names) != len(layout.inputs):
        return None
    _remember(key, kept)
    return kept


def keep(layout: Layout, tensor, derivatives: list, text: str, symbols: list) -> None:
    """Keeps what sympy derived for `tensor` over this graph; `symbols` are the replay's, one
    per input. Not where two inputs share a name (a Dummy): the program reads them by name."""
    names = [s.name for s in symbols]
    if any(getattr(s, "is_Dummy", True) for s in symbols) or len(set(names)) != len(names):
        return
    try:
        program = Program(derivatives)
    except TooLarge:  # a function with no numeric form: the values are not a program's
        return
    kept = Kept(program, [bool(d == 0) for d in derivatives], text, names)
    key = layout.key(layout.positions_of(tensor))
    _remember(key, kept)
    derivcache.keep(key, kept.encode())


def _remember(key: str, kept: Kept) -> None:
    _MADE[key] = kept
    while len(_MADE) > MAX_MADE:
        _MADE.pop(next(iter(_MADE)))


def expectation(kept: Kept, layout: Layout, weights: list, shape: tuple,
                note: str) -> Expectation:
    """What vectorized's _for_target makes from sympy's derivatives, from the kept program:
    the same values, summed in the same order, and the same text."""
    total = np.zeros(shape)
    for k, value in enumerate(_values(kept, layout)):
        if kept.zero[k]:
            continue
        value = value * weights[k % len(weights)]
        total = total + reduce_to(np.add, np.broadcast_to(value, np.broadcast_shapes(
            value.shape, shape)), shape)
    return Expectation(total, None, "symbolic", note, texts=[_relabelled(kept, layout)])


def _relabelled(kept: Kept, layout: Layout) -> str:
    """The kept text with each leaf named as it is now (w@7 where it was derived as w@6)."""
    swaps = {old: new for old, new in zip(kept.names, layout.labels, strict=True)
             if new is not None and new != old}
    if not swaps:
        return kept.text
    names = "|".join(re.escape(n) for n in sorted(swaps, key=len, reverse=True))
    return re.sub(rf"(?<![\w.@\[\]])({names})(?![\w.@\[])", lambda m: swaps[m.group(1)],
                  kept.text)


_VALUES = Remembered()  # (id(program), its inputs' identities and versions) -> values


def _values(kept: Kept, layout: Layout) -> list:
    """The program's outputs at the inputs' values, remembered while the inputs are unchanged,
    as vectorized's value_of does."""
    sources = tuple((id(r), v) for r, v, _ in layout.inputs)
    env = {name: values for name, (_, _, values) in zip(kept.names, layout.inputs, strict=True)}
    return _VALUES.get((id(kept.program), sources),
                       ([r for r, _, _ in layout.inputs], kept.program),
                       lambda: [np.asarray(v, dtype=np.float64) for v in kept.program.run(env)])
