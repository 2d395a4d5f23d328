"""The fallback where sympy cannot reach: replay the recorded forward in float64 and take
central differences on a sample of elements. Still independent of the engine's VJPs."""
from __future__ import annotations

import random

import numpy as np

from gradcli.engine import trace
from gradcli.engine.trace import Opaque

from . import vectorized
from .compare import OVERFLOW, Expectation, in_dtype
from .derive import SAMPLE
from .records import Derived, NotReplayable, TooLarge, leaf_records, post_order

STEP = 1e-6  # relative step h = STEP * max(1, |x|): truncation ~h**2, rounding ~eps/h
# How many elements are differenced is counted, never timed (the same script samples the same
# elements on a busy machine): per pass, at most REPLAY_WORK units of replay, a unit one
# element computed and RECORD_WORK one record's numpy call (its overhead costs as much as
# ~1,000 elements' arithmetic). ~5 ms on a quiet machine: a training loop's check must not
# dwarf its own work.
REPLAY_WORK = 1_500_000
RECORD_WORK = 1_000


def replay(root, overrides: dict, base: dict | None = None) -> dict:
    """The values in float64 of all records under `root` (by id), with some records' values
    replaced (perturbed). Records that do not depend on those take their value from `base`,
    an earlier replay: a perturbed replay recomputes only what the perturbation reaches."""
    values: dict = {}
    if not overrides and base is None:  # the plain replay: every record once, as it is
        with np.errstate(all="ignore"):
            post_order(root, _as_made, values=values)
        return values
    changed = set(overrides)

    def evaluate(record, values):
        key = id(record)
        if key in overrides:
            return overrides[key]
        if base is not None and key in base and \
                not any(id(a) in changed for a in getattr(record, "args", ())):
            return base[key]
        changed.add(key)
        return _value(record, values) if overrides else _as_made(record, values)

    with np.errstate(all="ignore"):
        post_order(root, evaluate, lambda record: id(record) in overrides, values)
    return values


def _as_made(record, values):
    """A record's value as the engine's forward made it, in float64 (see OpRecord.take_output),
    else from its arguments'. A replay that perturbs or replaces values recomputes them all
    (_value). A cast to a narrower float is replayed: the check's function is exact, and the
    rounding it makes is the comparison's to allow for."""
    made = record.take_output() if isinstance(record, trace.OpRecord) and \
        record.op.name != "to_copy" else None
    if made is None:
        return _value(record, values)
    return made.astype(np.float64) if made.dtype.kind == "f" else made.copy()


def _value(record, values):
    """A record's value from its arguments' (under np.errstate: inf and nan are values)."""
    if isinstance(record, (trace.Leaf, trace.Const)):
        a = record.value.array
        return a.astype(np.float64) if a.dtype.kind == "f" else a
    if isinstance(record, Opaque):
        raise NotReplayable(record.reason)
    if isinstance(record, Derived):
        raise TooLarge("a create_graph gradient has no numeric replay")
    args = [values[id(a)] for a in record.args]
    params = record.params
    if record.op.name == "to_copy" and np.dtype(params["to"]).kind == "f":
        params = {**params, "to": np.float64}  # keep the replay in float64
    value = np.asarray((record.op.differentiated or record.op.forward)(*args, **params))
    narrow = getattr(record, "dtype", None)
    # (past a float32 result's range torch's value is inf: exp(100), then log(inf)' = 0)
    return in_dtype(value, narrow.name) if narrow is not None and narrow.name in OVERFLOW and \
        value.dtype.kind == "f" else value


def _objective(outputs, overrides: dict, bases, reach=None) -> float:
    """sum(weights * values) over the outputs the perturbed record reaches; `reach(shape)`, if
    given, picks the elements of an output that depend on the perturbed element."""
    total = 0.0
    for (out, weights), base in zip(outputs, bases, strict=True):
        values = replay(out, overrides, base)
        if not any(key in values for key in overrides):
            continue  # not below this output: a nan there is no part of this difference
        terms = values[id(out)] * weights
        total += float(np.sum(terms if reach is None else terms[reach(terms.shape)]))
    return total


def expect(record, roots, targets, reason: str) -> dict:
    leaves = [r for root in roots for r in leaf_records(root)]
    elementwise = vectorized.elementwise_size(roots) >= 0
    # An elementwise graph is differenced element by element, before its sum: a perturbed
    # element moves only its own terms, and a nan elsewhere (sqrt(x - 1) at x = 0.5) does not
    # make every difference nan.
    outputs = vectorized.parts(roots, record.grad_outputs) if elementwise else \
        [(r, np.asarray(v, dtype=np.float64)) for r, v in zip(roots, record.grad_outputs)]
    bases = [replay(out, {}) for out, _ in outputs]
    samples = affordable_samples(replay_work(bases), len(targets))
    out = {}
    for t in targets:
        points = ([r for r in leaves if r.tensor is t.tensor] if t.tensor.grad_fn is None
                  else [t.tensor._record])
        out[id(t.tensor)] = _differences(outputs, bases, points, t, reason, samples,
                                         elementwise)
    return out


def replay_work(bases: list) -> int:
    """The work of the replays in `bases` (each record's values by id), in REPLAY_WORK's units."""
    return sum(RECORD_WORK + int(np.size(v)) for values in bases for v in values.values())


def affordable_samples(work: int, targets: int) -> int:
    """How many elements per tensor the budget allows: two replays each, at least one."""
    return int(min(SAMPLE, max(1, REPLAY_WORK // (2 * max(work, 1) * max(targets, 1)))))


def _differences(outputs, bases, points, target, reason, samples: int,
                 elementwise: bool) -> Expectation:
    shape = np.shape(target.added)
    n = int(np.prod(shape))
    sample = list(range(n)) if n <= samples else \
        sorted(random.Random(n).sample(range(n), samples))
    added = np.full(n, np.nan)
    judged = []
    for i in sample:
        difference = _difference(outputs, bases, points, i, elementwise)
        if difference is not None:
            added[i] = difference
            judged.append(i)
    if not judged and n:  # (a tensor of no elements is judged on all of them)
        return Expectation(np.zeros(0), None, "none", f"{reason}, and the function is not "
                           "finite near the point, where finite differences cannot judge",
                           why="not-finite")
    mask = np.zeros(n, dtype=bool)
    mask[judged] = True
    note = (f"{reason}: central differences in float64 on {len(judged)} of {n} elements, "
            f"h = {STEP:g}*max(1,|x|)")
    if len(judged) < len(sample):
        note += f"; {len(sample) - len(judged)} where the function is not finite: unjudged"
    return Expectation(added.reshape(shape), None, "numeric", note, mask.reshape(shape))


def _difference(outputs, bases, points, i: int, elementwise: bool) -> float | None:
    """The central difference at element i, summed over the records that hold the tensor:
    nan where the function is nan on both sides (torch's gradient is nan there too), None
    where it is infinite or nan on one side only (an overflow, an edge of the domain)."""
    total = 0.0
    for p in points:
        base = np.asarray(_base_value(p), dtype=np.float64)
        h = STEP * max(1.0, abs(base.reshape(-1)[i]))
        up, down = base.copy().reshape(-1), base.copy().reshape(-1)
        up[i] += h
        down[i] -= h
        reach = _reach(base.shape, i) if elementwise else None
        f_up = _objective(outputs, {id(p): up.reshape(base.shape)}, bases, reach)
        f_down = _objective(outputs, {id(p): down.reshape(base.shape)}, bases, reach)
        if np.isnan(f_up) and np.isnan(f_down):
            return np.nan
        if not (np.isfinite(f_up) and np.isfinite(f_down)):
            return None
        total += (f_up - f_down) / (2 * h)
    return total


def _reach(shape, i: int):
    """In an elementwise graph, the output elements that element i of an input of `shape`
    reaches: those its broadcast lands on."""
    positions = np.arange(int(np.prod(shape))).reshape(shape)
    return lambda out_shape: np.broadcast_to(positions, out_shape) == i


def _base_value(record):
    if isinstance(record, trace.Leaf):
        return record.value.array
    return record_value(record)


def record_value(record) -> np.ndarray:
    return replay(record, {})[id(record)]
