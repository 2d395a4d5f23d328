"""Attacks on the promise that every run ends, beyond those issue 17 named: each ends with
LimitExceeded (exit 3), a message naming the limit and its flag, foreseen where its size is
known (a loop's items, a sum's terms, a convolution's FLOPs), else by the time limit, which
also interrupts work that reads no clock (the watchdog). Small limits keep the tests fast."""
from __future__ import annotations

import pytest
from hostile_harness import run_text

from gradcli.engine.limits import Limits

X = "x = torch.ones(2, requires_grad=True)\n"
SECONDS = Limits(max_seconds=3)
STEPS = Limits(max_steps=100_000)

# name -> (script, limits, what the message must say)
ATTACKS = {
    "nested comprehensions": (
        X + "l = [[x * 2 for i in range(3000)] for j in range(3000)]", SECONDS,
        "by a comprehension of 3,000 items"),
    "recursion building a graph": (
        X + "def f(y, k):\n    return y if k == 0 else f(y * 1.5, k - 1) + f(y * 0.5, k - 1)\n"
        "z = f(x, 30)", SECONDS, "time limit of 3 seconds exceeded"),
    "string multiplication": ("s = 'ab' * 4999999\nt = [s] * 10\nu = str(t)", SECONDS,
                              "--max-sequence"),
    "huge torch.zeros": ("z = torch.zeros(10**6, 10**6)", SECONDS, "--max-elements"),
    "a loop over range(10**18)": ("n = 0\nfor i in range(10**18):\n    n += 1", SECONDS,
                                  "step budget of 10,000,000 statements exceeded by a for loop "
                                  "of 1,000,000,000,000,000,000 items, each at least 2 steps"),
    "expand to a huge size, then sum": (X + "y = x[0:1].expand(10**12).sum()", SECONDS,
                                        "--max-elements"),
    "torch.cat of many tensors": (X + "y = torch.cat([x] * 3000000)\ny.sum().backward()",
                                  SECONDS, "time limit of 3 seconds exceeded"),
    "a deep retain_grad chain": (X + "y = x\nfor i in range(2000000):\n    y = y * 1.0\n"
                                 "    y.retain_grad()\ny.sum().backward()", SECONDS,
                                 "by a for loop of 2,000,000 items"),
    "a hook that re-enters backward": (
        X + "def h(g):\n    with torch.enable_grad():\n"
        "        (x * 2).sum().backward(retain_graph=True)\n    return g\n"
        "y = x * 3\ny.register_hook(h)\nfor i in range(10**6):\n"
        "    y.sum().backward(retain_graph=True)", SECONDS, "by a for loop of 1,000,000 items"),
    "while True building a graph": (X + "l = []\nwhile True:\n    l.append(x * 2 + 1)", SECONDS,
                                    "by a `while True` loop, which only the step budget can end"),
    "while True: pass": ("while True:\n    pass", STEPS,
                         "step budget of 100,000 statements exceeded (raise it with --max-steps)"),
    "a dict blowup": ("d = {i: [i] * 100 for i in range(9999999)}", SECONDS,
                      "by a comprehension of 9,999,999 items"),
    "all() over ten million tensors": (X + "s = all([x.sum() + 1] * 9999999)", SECONDS,
                                       "by all() of 9,999,999 items"),
    "map() over ten million tensors": (X + "m = list(map(abs, [x] * 9999999))", SECONDS,
                                       "time limit of 3 seconds exceeded"),
    "sorted() of many tensors": (X + "s = sorted([x.sum() * 1.0 for i in range(200000)])",
                                 SECONDS, "time limit of 3 seconds exceeded"),
    "printing a huge tensor's values": ("print(torch.ones(4000, 4000).tolist())", Limits(),
                                        "--max-sequence"),
    "a convolution's FLOPs": (
        "import torch.nn.functional as F\nx = torch.ones(8, 64, 128, 128)\n"
        "w = torch.ones(256, 64, 3, 3)\ny = F.conv2d(x, w, padding=1)", SECONDS,
        "by a convolution"),
    "a convolution's patches": (
        "import torch.nn.functional as F\nx = torch.ones(16, 64, 128, 128)\n"
        "w = torch.ones(64, 64, 7, 7)\ny = F.conv2d(x, w, padding=3)", SECONDS,
        "the convolution's patches"),
    "a loop of big matrix products": ("a = torch.ones(2048, 2048)\nfor i in range(1000):\n"
                                      "    b = a @ a", SECONDS, "--max-seconds"),
}


@pytest.mark.parametrize("source, limits, says", ATTACKS.values(), ids=ATTACKS.keys())
def test_each_attack_ends_by_a_named_limit(source, limits, says):
    outcome = run_text("import torch\n" + source, limits, max_elements=2**27, seconds=60.0,
                       check=False)
    assert (outcome.status, outcome.exit_code, outcome.error_type) == \
        ("error", 3, "LimitExceeded"), outcome
    assert says in outcome.message
    assert outcome.message.endswith(")") and "(raise it with --max-" in outcome.message


def test_a_loop_that_can_break_is_not_refused_before_it_runs():
    source = "n = 0\nfor i in range(10**18):\n    n += 1\n    if n == 1000:\n        break"
    assert run_text(source, SECONDS, seconds=60.0).status == "ok"


def test_a_loop_inside_try_may_end_by_its_error():
    source = ("l = [1, 2, 3]\ntry:\n    for i in range(10**18):\n        l.pop()\n"
              "except IndexError:\n    pass")
    assert run_text(source, SECONDS, seconds=60.0).status == "ok"


def test_a_short_loop_of_slow_items_runs():
    source = ("a = torch.ones(300, 300)\nfor i in range(3):\n    b = a @ a\n"
              "l = [a.sum() for i in range(3)]\nassert len(l) == 3")
    assert run_text("import torch\n" + source, Limits(), seconds=60.0).status == "ok"


def test_the_watchdog_names_the_line_it_interrupted():
    # (room for 18M elements: only the clock can end it, however fast the machine)
    outcome = run_text("import torch\n" + X + "y = torch.cat([x] * 9000000)", SECONDS,
                       seconds=60.0, check=False, max_elements=2**27)
    assert outcome.message == "time limit of 3 seconds exceeded (raise it with --max-seconds)"


def _forecast_on_a_clock(monkeypatch, clock: list, check_share: float = 0.0):
    """A forecast on a clock of the test's; the check takes `check_share` of each second."""
    from types import SimpleNamespace

    from gradcli.sandbox import forecast

    monkeypatch.setattr(forecast, "time", SimpleNamespace(monotonic=lambda: clock[0]))
    class Runtime:
        limits = Limits()

        @staticmethod
        def seconds_left() -> float:
            return 60.0 - clock[0]

        @property
        def check_seconds(self) -> float:
            return clock[0] * check_share

    return forecast.Forecast(Runtime(), 200, "a for loop of 200 items")


def test_a_slow_first_item_does_not_foretell_the_rest(monkeypatch):
    """A training loop's first step imports sympy and derives its formulas: seconds, where
    the other 199 take milliseconds each. It runs."""
    clock = [0.0]
    loop = _forecast_on_a_clock(monkeypatch, clock)
    clock[0] = 3.0
    loop.look(1)
    for done in range(2, 200):
        clock[0] += 0.02
        loop.look(done)


def test_items_that_stay_slow_end_the_loop_early(monkeypatch):
    from gradcli.sandbox.limits import LimitHit

    clock = [0.0]
    loop = _forecast_on_a_clock(monkeypatch, clock)
    with pytest.raises(LimitHit, match="items after the first"):
        for done in range(1, 200):
            clock[0] += 1.0
            loop.look(done)
    assert clock[0] < 10


@pytest.mark.parametrize("share, says", [
    (0.1, "are left (raise it"),  # the check's small part goes unsaid
    (0.5, "the gradient check took 50% of its items' time: with --no-check the rest would "
          "need ~98 s (raise it"),
    (0.9, "the gradient check took 90% of its items' time: with --no-check the rest would "
          "need ~20 s and fit (raise it"),
])
def test_a_loop_ended_early_says_the_check_s_share_and_when_no_check_would_fit(
        monkeypatch, share, says):
    from gradcli.sandbox.limits import LimitHit

    clock = [0.0]
    loop = _forecast_on_a_clock(monkeypatch, clock, share)
    with pytest.raises(LimitHit) as ended:
        for done in range(1, 200):
            clock[0] += 1.0
            loop.look(done)
    assert says in str(ended.value)
