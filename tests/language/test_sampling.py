"""torch.multinomial, Tensor.random_, torch.randint_like and Tensor.exponential_ (issue #33):
the same numbers as torch for the same seed, on many seeds, shapes and dtypes, with the stream
left where torch leaves it, and torch's errors word for word."""
from __future__ import annotations

import numpy as np
import pytest

from gradcli.app.api import run_json
from gradcli.engine.rng import Generator


def assert_torchs_error(torch, source: str) -> None:
    """torch raises for `source`, and gradcli reports the same type and message (its first
    line: an argument parser's message lists the signatures after it)."""
    with pytest.raises(Exception) as theirs:
        exec(source, {"torch": torch})
    error = run_json(source, "s.py")["events"][-1]
    assert (error["type"], error["message"]) == \
        (type(theirs.value).__name__, str(theirs.value).split("\n")[0])


def gradcli_values(source: str) -> list:
    """Each `print(...)` of the script as gradcli runs it."""
    trace = run_json(source, "s.py")
    assert trace["status"] == "ok", trace["events"][-1]
    return [e["text"] for e in trace["events"] if e["kind"] == "print"]


def torch_values(torch, source: str) -> list:
    printed = []
    exec(source, {"torch": torch, "print": lambda *a: printed.append(" ".join(map(str, a)))})
    return printed


def probabilities(rows: np.random.RandomState, shape: tuple, zeros: bool) -> list:
    p = rows.rand(*shape) ** 3
    if zeros:
        p[..., ::3] = 0
        p[..., 1] += 0.1  # never a row of zeros
    return p.tolist()


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16"])
def test_multinomial_draws_torchs_indices(torch, dtype):
    """With and without replacement, one sample and many, rows with zero weights (ties, which
    topk orders as libstdc++ leaves them), large rows (topk's partial-sort path)."""
    rows = np.random.RandomState(0)
    lines = []
    for seed, shape in enumerate([(5,), (3, 7), (1, 100), (4, 2), (200,), (2, 700), (6,)]):
        p = probabilities(rows, shape, zeros=seed % 2 == 1)
        lines.append(f"torch.manual_seed({seed * 1000 + 7})")
        lines.append(f"p = torch.tensor({p}, dtype=torch.{dtype})")
        for n in (1, 2, 5, shape[-1]):
            lines.append(f"print(torch.multinomial(p, {n}, True).tolist())")
            if n <= shape[-1]:
                lines.append(f"print(p.multinomial({n}).tolist())")
        lines.append("print(torch.rand(2).tolist())")
    source = "\n".join(lines)
    assert gradcli_values(source) == torch_values(torch, source)


def test_other_draws_stay_torchs(torch):
    source = """
torch.manual_seed(11)
g = torch.Generator().manual_seed(3)
for dtype in (torch.float32, torch.float64, torch.float16):
    print(torch.empty(9, dtype=dtype).exponential_().tolist())
    print(torch.empty(4, dtype=dtype).exponential_(2.5).tolist())
    print(torch.empty(5, dtype=dtype).random_(50).tolist())
    print(torch.empty(3, dtype=dtype).random_(-7, 7, generator=g).tolist())
    print(torch.empty(3, dtype=dtype).random_().tolist())
for dtype in (torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8, torch.bool):
    print(torch.empty(6, dtype=dtype).random_().tolist())
    print(torch.empty(6, dtype=dtype).random_(0, None).tolist())
    print(torch.empty(4, dtype=dtype).random_(2).tolist())
print(torch.empty(4, dtype=torch.int64).random_(-2**40, 2**40).tolist())
print(torch.randint_like(torch.ones(2, 3), 10).tolist())
print(torch.randint_like(torch.ones(4, dtype=torch.int16), -3, 3).tolist())
print(torch.randint_like(torch.ones(2), 5, 9, dtype=torch.float64).tolist())
x = torch.ones(3, requires_grad=True) * 2
print(x.random_(4).grad_fn.name(), x.random_(1, 4).grad_fn.name(), x.random_().grad_fn.name(),
      x.exponential_().grad_fn.name())
print(torch.rand(3).tolist())
"""
    assert gradcli_values(source) == torch_values(torch, source)


def test_one_sample_with_replacement_races_as_without():
    """torch's fast path: one sample is drawn by the exponential race even with replacement,
    so it consumes two words per category, not two words in all."""
    source = ("torch.manual_seed(0)\np = torch.ones(4)\nprint(torch.multinomial(p, 1, True))\n"
              "print(torch.rand(1))")
    g = Generator(0)
    g.exponential(4, 1.0)
    assert gradcli_values(source)[1] == f"tensor([{g.rand(1)[0]:.4f}])"


@pytest.mark.parametrize("call", [
    "torch.multinomial(torch.tensor(1.), 1)",
    "torch.multinomial(torch.ones(2, 2, 2), 1)",
    "torch.multinomial(torch.ones(3, dtype=torch.long), 1)",
    "torch.multinomial(torch.ones(3), 0)",
    "torch.multinomial(torch.ones(3), 4)",
    "torch.multinomial(torch.tensor([1., -1]), 1)",
    "torch.multinomial(torch.tensor([1., float('nan')]), 2)",
    "torch.multinomial(torch.tensor([1., float('nan')]), 2, True)",
    "torch.multinomial(torch.tensor([1., float('inf')]), 2, True)",
    "torch.multinomial(torch.tensor([1., -float('inf')]), 2, True)",
    "torch.multinomial(torch.tensor([0., 0]), 2, True)",
    "torch.multinomial(torch.tensor([[1., 0], [0., 0]]), 1)",
    "torch.multinomial(torch.ones(3, 0), 2, True)",
    "torch.multinomial(torch.ones(3), 2.5)",
    "torch.ones(3).exponential_(0)",
    "torch.ones(3).exponential_(-1.5)",
    "torch.ones(3, dtype=torch.long).exponential_()",
    "torch.ones(3).random_(5, 2)",
    "torch.ones(3).random_(0)",
    "torch.ones(3, dtype=torch.uint8).random_(300)",
    "torch.ones(3, dtype=torch.uint8).random_(-1, 3)",
    "torch.ones(3, dtype=torch.int8).random_(-129, 3)",
    "torch.ones(3, dtype=torch.bool).random_(3)",
    "torch.randint_like(torch.ones(3), 5, 2)",
])
def test_torchs_errors(torch, call):
    assert_torchs_error(torch, call)


def test_empty_results_draw_nothing(torch):
    source = ("torch.manual_seed(5)\nprint(torch.multinomial(torch.ones(0, 3), 2).shape)\n"
              "print(torch.rand(2).tolist())")
    assert gradcli_values(source) == torch_values(torch, source)


def test_a_float_bound_past_its_precision_warns_as_torch(torch):
    source = "torch.manual_seed(1)\nx = torch.empty(2).random_(2**25)\nprint(x.tolist())"
    with pytest.warns(UserWarning) as theirs:
        expected = torch_values(torch, source)
    trace = run_json(source, "s.py")
    warning = next(e for e in trace["events"] if e["kind"] == "warning")
    assert warning["message"] == str(theirs[0].message).split(" (Triggered")[0]
    assert [e["text"] for e in trace["events"] if e["kind"] == "print"] == expected


def test_float_bounds_move_and_check_as_torchs(torch, recwarn):
    """random_(from, to) on floats: torch's update_from/update_to move a bound the dtype cannot
    hold, then its range checks (an infinite half bound included) and precision warnings."""
    source = """
torch.manual_seed(2)
for dt in (torch.float16, torch.float32, torch.float64):
    for lo, hi in ((0, 2**25), (-2**30-1, 3), (5, 65504), (-70001, 70000), (2**24+1, 2**26-3),
                   (3, 2**60+7), (-2**55-3, 2**54+1)):
        try:
            print(torch.empty(3, dtype=dt).random_(lo, hi).tolist())
        except RuntimeError as e:
            print(e)
    for lo in (2**24 + 3, -5, 2**11 + 1):
        try:
            print(torch.empty(3, dtype=dt).random_(lo, None).tolist())
        except RuntimeError as e:
            print(e)
"""
    assert gradcli_values(source) == torch_values(torch, source)
