"""No run without an end (issue 17): work done inside one call, one backward pass, one kernel or
the check ends by a named limit, with a small --max-seconds so the tests stay fast."""
from __future__ import annotations

import time

import pytest
from hostile_harness import run_text

from gradcli.engine.limits import Limits

SHORT = Limits(max_seconds=2)

# Each of these ran until killed with the default limits before the time limit existed.
SLOW = {
    "a sum of ten million tensors": "x = torch.ones(2, requires_grad=True)\n"
                                    "s = sum([x] * 9999999)",
    "retained backward passes": "x = torch.ones(3, requires_grad=True)\ny = x\n"
                                "for i in range(20000):\n    y = y * 1.0\n"
                                "for i in range(10000):\n    y.sum().backward(retain_graph=True)",
    "a loop of appends": "l = []\nfor i in range(4000000):\n    l.append(i * 2 + 1)",
    "printing lists of tensors under the size limit": "x = torch.ones(3, requires_grad=True)\n"
                                                      "for i in range(20):\n"
                                                      "    s = str([x] * 10**5)",
    "a create_graph tower": "x = torch.tensor(0.7, requires_grad=True)\ng = torch.sin(x * x)\n"
                            "for i in range(18):\n"
                            "    g, = torch.autograd.grad(g, x, create_graph=True)",
}


def timed_out(source: str, limits: Limits = SHORT, **options):
    outcome = run_text(source, limits, max_elements=2**27, seconds=30.0, **options)
    assert (outcome.status, outcome.exit_code, outcome.error_type) == \
        ("error", 3, "LimitExceeded"), outcome
    return outcome


@pytest.mark.parametrize("source", SLOW.values(), ids=SLOW.keys())
def test_slow_work_ends_by_the_time_limit(source):
    start = time.perf_counter()
    outcome = timed_out(source, check=False)
    assert "time limit of 2 seconds exceeded" in outcome.message
    assert outcome.message.endswith("(raise it with --max-seconds)")
    assert time.perf_counter() - start < 10


def test_a_matrix_product_that_cannot_finish_is_refused_before_it_runs():
    start = time.process_time()
    outcome = timed_out("a = torch.ones(4096, 4096)\nb = a @ a @ a @ a", check=False)
    assert "floating-point operations cannot finish" in outcome.message
    assert time.process_time() - start < 5


def test_printing_a_list_of_many_tensors_is_measured_before_formatting():
    outcome = timed_out("x = torch.ones(1, requires_grad=True)\ns = str([x] * 10**6)", Limits())
    assert "--max-sequence" in outcome.message


def test_an_exponential_formula_falls_back_to_the_numeric_check_quickly():
    source = ("x = torch.tensor(-0.5, requires_grad=True)\ny = x\n"
              "for i in range(30):\n    y = y * y + y\ny.backward()")
    start = time.process_time()
    outcome = run_text(source, Limits(), max_elements=2**27, seconds=30.0)
    assert time.process_time() - start < 15  # ~1 s on an idle machine, sympy's import included
    assert outcome.exit_code == 0, outcome


def test_the_flag_reaches_the_limits():
    assert Limits().max_seconds == 60


RETAINED_WHILE = ("x = torch.ones(3, requires_grad=True)\ny = x\nfor i in range(20000):\n"
                  "    y = y * 1.0\ni = 0\nwhile i < 10000:\n"
                  "    y.sum().backward(retain_graph=True)\n    i += 1")


@pytest.mark.parametrize("source, where", [
    (RETAINED_WHILE, "in backward(), where each graph node visited counts"),
    (SLOW["a sum of ten million tensors"], "in sum(), where each item added counts"),
])
def test_work_inside_one_call_counts_against_the_step_budget(source, where):
    outcome = timed_out(source, Limits(max_steps=100_000), check=False)
    assert f"step budget of 100,000 statements exceeded {where}" in outcome.message
