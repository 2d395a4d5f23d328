"""Every limit names itself, its value and its flag; every bomb is answered in seconds.

In process, through gradcli.app.api (the CLI's own path is tests/hostile/test_cli_inputs.py).
The memory limit is tested with a small --max-memory, so the tests stay light.
"""
from __future__ import annotations

import time

import pytest
from hostile_harness import run_text

from gradcli.engine.limits import LIMIT_FLAGS, Limits

DEFAULTS = Limits()
# (a day of time: on a loaded machine a bomb's slow first items could foresee the clock first)
SMALL_MEMORY = Limits(max_memory=256 * 2**20, max_seconds=86_400.0)


def hit(source: str, limits: Limits = DEFAULTS, seconds: float = 20.0, **options):
    """The run's outcome, which must be a hit limit reached within `seconds`."""
    outcome = run_text(source, limits, max_elements=2**27, seconds=seconds, **options)
    assert (outcome.status, outcome.exit_code, outcome.error_type) == \
        ("error", 3, "LimitExceeded"), outcome
    assert outcome.host_events == []
    return outcome


# ---- each limit: its name, value and flag in the message -------------------------------------

NAMED = [
    ("for i in range(10**9):\n    pass", DEFAULTS,
     "step budget of 10,000,000 statements exceeded by a for loop of 1,000,000,000 items, "
     "each at least 2 steps (foreseen before its first item) (raise it with --max-steps)"),
    ("x = torch.ones(10**12)", DEFAULTS,
     "exceeds the limit of 134,217,728 elements per tensor (raise it with --max-elements)"),
    ("xs = []\nwhile len(xs) < 10**6:\n    xs.append(torch.ones(10**7))", SMALL_MEMORY,
     "memory limit of 268,435,456 bytes exceeded"),
    ("x = 10**10**10", DEFAULTS,
     "integer size limit of 10,000 bits exceeded by ** (raise it with --max-int-bits)"),
    ("x = [0] * 10**12", DEFAULTS,
     "sequence length limit of 10,000,000 items exceeded by * (raise it with --max-sequence)"),
]


@pytest.mark.parametrize("source, limits, message", NAMED,
                         ids=["steps", "elements", "memory", "int bits", "sequence"])
def test_a_hit_limit_names_itself_its_value_and_its_flag(source, limits, message):
    assert message in hit(source, limits).message


def test_the_memory_message_names_its_flag():
    outcome = hit("xs = []\nwhile len(xs) < 10**6:\n    xs.append(torch.ones(10**7))",
                  SMALL_MEMORY)
    assert outcome.message.endswith("(raise it with --max-memory)")


def test_limits_checked_before_running_name_themselves_too():
    deep = run_text("x = " + "+".join(["1"] * 200_000))  # the 200,000-term expression
    assert deep.status == "invalid"
    assert "expression nesting limit of 100 levels" in deep.message
    assert "--max-nesting" in deep.message
    big = run_text("x = 1\n" * 10, Limits(max_script_chars=20))
    assert big.message.startswith("script size limit of 20 characters exceeded")


def test_every_limit_has_a_flag():
    assert set(LIMIT_FLAGS) == set(Limits.__dataclass_fields__)
    flags = [words.flag for words in LIMIT_FLAGS.values()]
    assert all(flag.startswith("--max-") for flag in flags) and len(set(flags)) == len(flags)


# ---- the memory limit counts tensors, graphs and lists -------------------------------------

MEMORY_BOMBS = {
    # (a while loop with a test: a for loop of 1,000 items, or `while True`, is foreseen to run
    # out of time before the memory is full)
    "tensors kept in a list": "xs = []\nwhile len(xs) < 10**6:\n    xs.append(torch.ones(10**7))",
    "a graph of big tensors": "y = torch.ones(10**6, requires_grad=True)\n"
                              "for i in range(1000):\n    y = y.exp()",
    "lists kept in a list": "xs = [[0] * 10**6 for i in range(1000)]",
    "strings kept in a list": "s = 'x' * 10**6\nxs = [s + 'y' for i in range(1000)]",
    "tolist() kept in a list": "x = torch.ones(10**6)\nxs = [x.tolist() for i in range(1000)]",
}


@pytest.mark.parametrize("source", MEMORY_BOMBS.values(), ids=MEMORY_BOMBS.keys())
def test_memory_bombs_hit_the_memory_limit(source):
    assert "--max-memory" in hit(source, SMALL_MEMORY).message


def test_memory_freed_along_the_way_does_not_count():
    source = "for i in range(200):\n    x = torch.ones(10**7)\n    y = (x * 2).sum()\ny"
    outcome = run_text(source, SMALL_MEMORY, max_elements=2**27, seconds=60)
    assert outcome.status == "ok", outcome


# ---- loops in C that the step budget cannot see ---------------------------------------------

C_LOOPS = {
    "sum(range(10**12))": ("sum(range(10**12))", "--max-sequence"),
    "list(range(10**9))": ("list(range(10**9))", "--max-sequence"),
    "tuple(range(10**9))": ("tuple(range(10**9))", "--max-sequence"),
    "min(range(10**12))": ("min(range(10**12))", "--max-sequence"),
    "max(range(10**12))": ("max(range(10**12))", "--max-sequence"),
    "list(enumerate(...))": ("list(enumerate(range(10**9)))", "--max-sequence"),
    "list(zip(...))": ("list(zip(range(10**9), range(10**10)))", "--max-sequence"),
    "math.prod": ("import math\nmath.prod(range(1, 10**6))", "--max-int-bits"),
    "x.extend(x)": ("x = [1]\nfor i in range(100):\n    x.extend(x)", "--max-sequence"),
    "x[0:0] = x": ("x = [1]\nfor i in range(100):\n    x[0:0] = x", "--max-sequence"),
    "x += x": ("x = [1]\nfor i in range(100):\n    x += x", "--max-sequence"),
    "x += enumerate(range)": ("x = [1]\nx += enumerate(range(10**15))", "--max-sequence"),
    "s.replace('a', s)": ("s = 'a' * 1000\nfor i in range(10):\n    s = s.replace('a', s)",
                          "--max-sequence"),
    "sep.join": ("s = 'a' * 10**6\n(s * 9).join([s] * 9)", "--max-sequence"),
    "extend(range)": ("x = []\nx.extend(range(10**12))", "--max-sequence"),
    "slice = range": ("x = [1]\nx[:] = range(10**12)", "--max-sequence"),
    "torch.Size(range)": ("torch.Size(range(10**12))", "--max-sequence"),
    "in over a range": ("1.5 in range(10**12)", "--max-sequence"),
    "print a shared tower": ("a = [0]\nfor i in range(60):\n    a = [a, a]\nprint(a)",
                             "--max-sequence"),
    "echo a shared tower": ("a = [0]\nfor i in range(60):\n    a = [a, a]\na",
                            "--max-sequence"),
    "str() of a list of lists": ("a = [0] * 10**6\nb = [a] * 10**6\nstr(b)", "--max-sequence"),
    "f-string of it": ("a = [0] * 10**6\nb = [a] * 10**6\nf'{b}'", "--max-sequence"),
    "% of it": ("a = [0] * 10**6\nb = [a] * 10**6\n'%s' % (b,)", "--max-sequence"),
    "== of two towers": ("a = [0]\nb = [0]\nfor i in range(60):\n    a = [a, a]\n"
                         "    b = [b, b]\na == b", "--max-sequence"),
    "max of towers": ("a = [0]\nfor i in range(60):\n    a = [a, a]\nmax([a, a])",
                      "--max-sequence"),
    "index of a tower": ("a = [0]\nfor i in range(60):\n    a = [a, a]\n[a].index([a])",
                         "--max-sequence"),
    "assert message": ("a = [0]\nfor i in range(60):\n    a = [a, a]\nassert False, a",
                       "--max-sequence"),
    "torch.tensor of a shared list": ("a = [0.0] * 10**4\ntorch.tensor([a] * 10**5)",
                                      "--max-elements"),
}


@pytest.mark.parametrize("source, flag", C_LOOPS.values(), ids=C_LOOPS.keys())
def test_loops_in_c_are_measured_before_they_start(source, flag):
    start = time.process_time()
    assert flag in hit(source).message
    assert time.process_time() - start < 30  # unmeasured, these run for minutes; ~1 s idle


def test_a_list_that_contains_itself_is_no_tensor():
    outcome = run_text("a = [0.0]\na[0] = a\ntorch.tensor(a)", seconds=10)
    assert (outcome.status, outcome.error_type) == ("error", "ValueError"), outcome


def test_a_for_loop_over_a_huge_range_is_bounded_by_steps_alone():
    outcome = hit("for i in range(10**18):\n    pass", Limits(max_steps=1000))
    assert "step budget" in outcome.message
    assert hit("[i for i in range(10**18)]", Limits(max_steps=1000)).message.startswith(
        "step budget")


def test_round_far_beyond_the_digits_is_zero_at_once():
    outcome = run_text("assert round(5, -10**9) == 0 and round(10**100, -10**12) == 0\n"
                       "assert round(15, -1) == 20 and round(1.5, 10**9) == 1.5")
    assert outcome.status == "ok", outcome


# ---- real sessions never meet the limits -----------------------------------------------------

ORDINARY = """
import math
xs = list(range(1000))
assert sum(xs) == 499500 and min(xs) == 0 and max(xs) == 999 and len(tuple(xs)) == 1000
assert sum(range(10**6)) == 499999500000 and math.prod(range(1, 30)) > 0
assert sum([[1], [2, 3]], []) == [1, 2, 3] and sum([(1,), (2,)], ()) == (1, 2)
assert list(enumerate('ab')) == [(0, 'a'), (1, 'b')] and list(zip([1, 2], 'ab'))[1] == (2, 'b')
assert len(range(10**12)) == 10**12 and isinstance(range(10**12), range) and 5 in range(10**12)
big = range(10**12)
print(big, str(big), bool(big), (lambda r: r[-1])(big), enumerate(big) is not None)
names = ', '.join(['w', 'b'] * 100)
assert 'w' in names and 'aXa'.replace('X', 'b' * 10) == 'a' + 'b' * 10 + 'a'
rows = [[i * j for j in range(10)] for i in range(10)]
assert rows == [list(r) for r in rows] and len(str(rows)) > 100
assert [1, [2, 3]] < [1, [2, 4]] and [2, 3] in [[1], [2, 3]] and rows.index(rows[3]) == 3
x = [0] * 1000
x[0:0] = x
x.extend(x)
assert len(x) == 4000 and round(1234, -2) == 1200
w = torch.randn(100, 100, requires_grad=True)
b = torch.zeros(100, requires_grad=True)
losses = []
for step in range(50):
    loss = ((torch.randn(32, 100) @ w + b) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        w -= 0.01 * w.grad
        b -= 0.01 * b.grad
    w.grad = None
    b.grad = None
    losses.append(loss.item())
assert len(losses) == 50
print(f'{losses[-1]:.3f}' != '', losses[:2] == losses[:2], str(losses)[:1])
"""


def test_ordinary_sessions_never_meet_the_limits():
    outcome = run_text(ORDINARY, DEFAULTS, max_elements=2**27, seconds=120)
    assert outcome.status == "ok", outcome
