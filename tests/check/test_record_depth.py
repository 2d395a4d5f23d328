"""The records' depth: the check's "too large" decided without walking the graph, and only
where a walk could have said nothing else."""
import pytest

from gradcli.app.api import run_session
from gradcli.check import records
from gradcli.check.records import MAX_REPLAY_RECORDS, TooLarge
from gradcli.engine import trace
from gradcli.engine.ops import OPS


def leaf():
    return trace.Const.__new__(trace.Const)  # (depth is a class attribute: no tensor needed)


def test_depth_is_the_longest_path_of_ops_down_to_an_input():
    a = trace.OpRecord(OPS["neg"], (leaf(),), {})
    b = trace.OpRecord(OPS["neg"], (a,), {})
    c = trace.OpRecord(OPS["add"], (leaf(), b), {})
    d = trace.OpRecord(OPS["add"], (c, a), {})
    assert (a.depth, b.depth, c.depth, d.depth) == (1, 2, 3, 4)


@pytest.mark.parametrize("first", [True, False])
def test_a_record_no_depth_sees_through_makes_every_record_above_unknown(first):
    opaque = trace.Opaque("a custom Function's forward")
    deep = trace.OpRecord(OPS["neg"], (leaf(),), {})
    args = (opaque, deep) if first else (deep, opaque)
    above = trace.OpRecord(OPS["neg"], (trace.OpRecord(OPS["add"], args, {}),), {})
    assert above.depth == trace.UNKNOWN_DEPTH
    derived = records.Derived(exprs=None, value=None)
    assert trace.OpRecord(OPS["neg"], (derived,), {}).depth == trace.UNKNOWN_DEPTH


def chain(length: int, bottom):
    r = bottom
    for _ in range(length):
        r = trace.OpRecord(OPS["neg"], (r,), {})
    return r


def test_too_deep_is_too_large_at_once_and_just_short_of_it_is_walked():
    with pytest.raises(TooLarge, match="more than 20,000 recorded ops"):
        records.require_replayable_size([chain(MAX_REPLAY_RECORDS, leaf())])
    records.require_replayable_size([chain(MAX_REPLAY_RECORDS - 1, leaf())])  # 20,000 records


def test_an_unknown_depth_is_walked_and_its_own_reason_kept():
    records.require_replayable_size([chain(MAX_REPLAY_RECORDS + 5, trace.Opaque("deep"))])
    with pytest.raises(records.NotReplayable, match="its own reason"):
        records.leaf_records(chain(5, trace.Opaque("its own reason")))


def test_a_deep_elementwise_chain_of_many_elements_is_said_too_large():
    # (walked first, its sympy formula ran out of Python's stack: an internal error)
    result = run_session("import torch\nx = torch.ones(100, requires_grad=True)\ny = x\n"
                         "for i in range(20001):\n    y = y * 1.0001 + 0.001\n"
                         "y.sum().backward()\n", "deep.py")
    (row,) = [g for e in result.events if e.kind == "backward" for g in e.grads]
    assert row.note == "unchecked: graph too large to check (more than 20,000 recorded ops)"
    assert result.status == "ok"
