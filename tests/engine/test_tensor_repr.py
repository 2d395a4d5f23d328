"""Tensor printing: torch-semantics.md section 12's examples, and a torch differential test."""
from __future__ import annotations

import math

import numpy as np
import pytest

from gradcli.engine.tensor_repr import format_scalar, format_tensor

NAN, INF = math.nan, math.inf
NP_DTYPES = {
    "float16": np.float16, "float32": np.float32, "float64": np.float64, "int64": np.int64,
    "int32": np.int32, "int16": np.int16, "int8": np.int8, "uint8": np.uint8, "bool": np.bool_,
}


def fmt(values, dtype="float32", shape=None, **flags) -> str:
    data = np.array(values, dtype=NP_DTYPES[dtype])
    if shape is not None:
        data = data.reshape(shape)
    return format_tensor(data, dtype, **flags)


# (values, dtype, flags, expected): section 12's examples, verbatim.
SECTION_12 = [
    ([5.0], "float32", {}, "tensor([5.])"),
    ([1.5, 2.0, 3.0], "float32", {}, "tensor([1.5000, 2.0000, 3.0000])"),
    ([-1.0, 2.0, 3.0], "float32", {}, "tensor([-1.,  2.,  3.])"),
    ([0.1, 0.2], "float32", {}, "tensor([0.1000, 0.2000])"),
    ([100.0, 0.5], "float32", {}, "tensor([100.0000,   0.5000])"),
    ([1000.0, 0.5], "float32", {}, "tensor([1.0000e+03, 5.0000e-01])"),
    ([1e8], "float32", {}, "tensor([100000000.])"),
    ([1e9], "float32", {}, "tensor([1.0000e+09])"),
    ([-1e-5, 3.0], "float32", {}, "tensor([-1.0000e-05,  3.0000e+00])"),
    ([NAN, 1.0], "float32", {}, "tensor([nan, 1.])"),
    ([NAN, 1.5], "float32", {}, "tensor([   nan, 1.5000])"),
    ([INF, -INF, 2.0], "float32", {}, "tensor([inf, -inf, 2.])"),
    ([INF, 1e-5], "float32", {}, "tensor([       inf, 1.0000e-05])"),
    ([0.0, 1e-5], "float32", {}, "tensor([0.0000e+00, 1.0000e-05])"),
    ([-0.0, 0.0], "float32", {}, "tensor([-0., 0.])"),
    ([-1, 20, 300], "int64", {}, "tensor([ -1,  20, 300])"),
    ([True, False], "bool", {}, "tensor([ True, False])"),
    ([1, 2], "int32", {}, "tensor([1, 2], dtype=torch.int32)"),
    ([1.0, 2.0], "float64", {}, "tensor([1., 2.], dtype=torch.float64)"),
    ([1.5, 2.0], "float16", {}, "tensor([1.5000, 2.0000], dtype=torch.float16)"),
    ([1.0, 2.0], "float32", {"requires_grad": True}, "tensor([1., 2.], requires_grad=True)"),
    ([1.0, 4.0], "float32", {"grad_fn_name": "PowBackward0"},
     "tensor([1., 4.], grad_fn=<PowBackward0>)"),
    ([1.0, 4.0], "float64", {"grad_fn_name": "PowBackward0"},
     "tensor([1., 4.], dtype=torch.float64, grad_fn=<PowBackward0>)"),
    (1.0, "float32", {"grad_fn_name": "SelectBackward0"}, "tensor(1., grad_fn=<SelectBackward0>)"),
    (2.5, "float64", {"requires_grad": True},
     "tensor(2.5000, dtype=torch.float64, requires_grad=True)"),
    (6.0, "float32", {"grad_fn_name": "SumBackward0"}, "tensor(6., grad_fn=<SumBackward0>)"),
    # Rule 3: 0-dim tensors.
    (5.0, "float32", {}, "tensor(5.)"),
    (0.5, "float32", {}, "tensor(0.5000)"),
    (-0.0, "float32", {}, "tensor(-0.)"),
    (NAN, "float32", {}, "tensor(nan)"),
    (-INF, "float32", {}, "tensor(-inf)"),
    (5, "int64", {}, "tensor(5)"),
    (True, "bool", {}, "tensor(True)"),
    (123456789.0, "float32", {}, "tensor(1.2346e+08)"),
    (1e-4, "float32", {}, "tensor(1.0000e-04)"),
    # Rule 8: empty tensors.
    ([], "float32", {}, "tensor([])"),
    ([], "int64", {}, "tensor([], dtype=torch.int64)"),
    ([], "float32", {"requires_grad": True}, "tensor([], requires_grad=True)"),
]

SECTION_12_SHAPED = [
    ([0.7450, 0.9105], (2, 1), {"requires_grad": True},
     "tensor([[0.7450],\n        [0.9105]], requires_grad=True)"),
    ([1.5, -2.0, 30.0, 4.0], (2, 2), {},
     "tensor([[ 1.5000, -2.0000],\n        [30.0000,  4.0000]])"),
    (list(range(8)), (2, 2, 2), {},
     "tensor([[[0., 1.],\n         [2., 3.]],\n\n        [[4., 5.],\n         [6., 7.]]])"),
    (list(range(13)), None, {"grad_fn_name": "MulBackward0"},
     "tensor([ 0.,  1.,  2.,  3.,  4.,  5.,  6.,  7.,  8.,  9., 10., 11., 12.],\n"
     "       grad_fn=<MulBackward0>)"),
    (list(range(1001)), None, {}, "tensor([   0.,    1.,    2.,  ...,  998.,  999., 1000.])"),
    ([], (0, 3), {}, "tensor([], size=(0, 3))"),
    ([], (2, 0), {}, "tensor([], size=(2, 0))"),
]


@pytest.mark.parametrize("values, dtype, flags, expected", SECTION_12)
def test_section_12_examples(values, dtype, flags, expected):
    assert fmt(values, dtype, **flags) == expected


@pytest.mark.parametrize("values, shape, flags, expected", SECTION_12_SHAPED)
def test_section_12_shaped_examples(values, shape, flags, expected):
    assert fmt(values, "float32", shape, **flags) == expected


def test_section_12_float64_suffix_wraps():
    expected = ("tensor([ 0.,  1.,  2.,  3.,  4.,  5.,  6.,  7.,  8.,  9., 10.],\n"
                "       dtype=torch.float64, grad_fn=<MulBackward0>)")
    assert fmt(range(11), "float64", grad_fn_name="MulBackward0") == expected


def test_section_12_division_wraps_nine_per_line():
    data = np.arange(12, dtype=np.float32) / np.float32(7)
    expected = ("tensor([0.0000, 0.1429, 0.2857, 0.4286, 0.5714, 0.7143, 0.8571, 1.0000, 1.1429,\n"
                "        1.2857, 1.4286, 1.5714], grad_fn=<DivBackward0>)")
    assert format_tensor(data, "float32", grad_fn_name="DivBackward0") == expected


def test_arange_1000_is_printed_in_full_12_per_line():
    text = fmt(range(1000), "float32")
    lines = text.split("\n")
    assert "..." not in text and len(lines) == 84
    assert lines[0] == "tensor([" + ", ".join(f"{i:3d}." for i in range(12)) + ","
    assert lines[-1] == "        996., 997., 998., 999.])"


def test_summarizing_a_million_elements_is_quick():
    data = np.arange(1_000_000, dtype=np.float32).reshape(1000, 1000)
    expected = ("tensor([[0.0000e+00, 1.0000e+00, 2.0000e+00,  ..., 9.9700e+02, 9.9800e+02,\n"
                "         9.9900e+02],")
    assert format_tensor(data, "float32").startswith(expected)


@pytest.mark.parametrize("value, dtype, expected", [
    (1.5, "float32", "1.5"),
    (np.float32(0.1), "float32", "0.10000000149011612"),
    (np.float16(0.1), "float16", "0.0999755859375"),
    (3.0, "float32", "3.0"),
    (-0.0, "float32", "-0.0"),
    (NAN, "float64", "nan"),
    (5, "int64", "5"),
    (True, "bool", "True"),
])
def test_format_scalar_is_the_python_scalar(value, dtype, expected):
    assert format_scalar(value, dtype) == expected


def test_format_scalar_with_spec():
    assert format_scalar(np.float32(0.1), "float32", ".3f") == "0.100"
    assert format_scalar(2, "int64", ">8") == "       2"


# ---- differential test against real torch ------------------------------------------------


def needs_torch():
    reason = "real torch is the oracle for the differential test"
    return pytest.importorskip("torch", reason=reason)


LARGE_SHAPES = [(1001,), (1500,), (2000,), (33, 31), (7, 200), (1100, 1), (1, 1100), (4, 16, 17),
                (11, 11, 11), (2, 3, 200), (6, 6, 30), (2, 2, 2, 130)]
EMPTY_SHAPES = [(0,), (0, 3), (2, 0), (2, 0, 3), (0, 0)]
FLOAT_KINDS = ["normal", "integers", "mixed", "tiny", "huge", "probabilities", "quarters",
               "rounding_edges", "zeros", "format_boundaries"]


def random_shape(rng: np.random.Generator) -> tuple[int, ...]:
    roll = rng.random()
    if roll < 0.07:
        return LARGE_SHAPES[rng.integers(len(LARGE_SHAPES))]
    if roll < 0.10:
        return EMPTY_SHAPES[rng.integers(len(EMPTY_SHAPES))]
    ndim = int(rng.choice([0, 1, 1, 1, 2, 2, 3]))
    top = {0: 1, 1: 40, 2: 9, 3: 5}[ndim]
    return tuple(int(s) for s in rng.integers(1, top + 1, size=ndim))


def float_values(rng: np.random.Generator, kind: str, n: int, np_dtype) -> np.ndarray:
    top = {np.float16: 4, np.float32: 37, np.float64: 300}[np_dtype]
    if kind == "normal":
        values = rng.standard_normal(n) * 10.0 ** rng.integers(-6, 10)
    elif kind == "integers":
        low, high = -(10 ** int(rng.integers(1, 9))), 10 ** int(rng.integers(1, 9))
        values = rng.integers(low, high, n).astype(float)
    elif kind == "mixed":
        values = rng.choice([-1, 1], n) * 10.0 ** rng.uniform(-12, 12, n)
    elif kind == "tiny":
        values = rng.standard_normal(n) * 10.0 ** rng.uniform(-30, -4, n)
    elif kind == "huge":
        values = rng.standard_normal(n) * 10.0 ** rng.uniform(min(7, top - 1), top, n)
    elif kind == "probabilities":
        values = rng.random(n)
    elif kind == "quarters":
        values = rng.integers(-40, 40, n) * 0.25
    elif kind == "rounding_edges":  # x.xxxx5 and 9.99995-like values that round up a digit
        values = rng.integers(-99999, 99999, n) * 1e-4 + 5e-5 * rng.choice([-1, 1, 0], n)
        values[rng.random(n) < 0.2] = 9.99995
    elif kind == "zeros":
        values = np.zeros(n)
    else:  # values around the sci-mode thresholds (1e-4, 1e8, ratio 1000)
        values = rng.choice([1e-4, 1.0001e-4, 9.999e-5, 1e8, 1.00001e8, 99999999.0, 1.0, 1000.0,
                             1000.1, 999.9, 0.001, 0.5, 2.0], n)
    with np.errstate(over="ignore"):  # float16 overflow to inf is wanted
        values = values.astype(np_dtype)
    if rng.random() < 0.3:  # sprinkle special values
        specials = np.array([NAN, INF, -INF, -0.0, 0.0], dtype=np_dtype)
        mask = rng.random(n) < 0.2
        values[mask] = rng.choice(specials, int(mask.sum()))
    return values


def int_values(rng: np.random.Generator, dtype: str, n: int) -> np.ndarray:
    if dtype == "bool":
        return rng.random(n) < rng.random()
    info = np.iinfo(NP_DTYPES[dtype])
    digits = int(rng.integers(1, len(str(info.max)) + 1))
    low, high = max(info.min, -(10 ** digits)), min(info.max, 10 ** digits)
    values = rng.integers(low, high, n, endpoint=True, dtype=NP_DTYPES[dtype])
    if n and rng.random() < 0.1:
        values[rng.integers(n)] = info.min
    return values


def make_grad_fn_class(torch, name: str):
    """A custom autograd Function whose grad_fn is printed as `<name>Backward`."""
    return type(name, (torch.autograd.Function,), {
        "forward": staticmethod(lambda ctx, x: x.clone()),
        "backward": staticmethod(lambda ctx, grad: grad),
    })


def with_autograd(torch, t, rng: np.random.Generator):
    """The tensor itself, a leaf requiring grad, or a non-leaf with some grad_fn (same values)."""
    roll = rng.random()
    if roll < 0.4:
        return t
    leaf = t.clone().requires_grad_(True)
    if roll < 0.6:
        return leaf
    kind = rng.choice(["mul", "clone", "view", "custom"])
    if kind == "mul":
        return leaf * 1  # MulBackward0; x * 1 keeps every value (-0.0, nan, inf)
    if kind == "clone":
        return leaf.clone()
    if kind == "view":
        return leaf.view(leaf.shape)
    name = "".join(rng.choice(list("ABCDEFGHabcdefgh"), int(rng.integers(1, 60))))
    return make_grad_fn_class(torch, name).apply(leaf)


def generated_cases(torch, dtype: str, count: int, seed: int):
    rng = np.random.default_rng(seed)
    for _ in range(count):
        shape = random_shape(rng)
        n = math.prod(shape)
        if dtype.startswith("float"):
            kind = FLOAT_KINDS[rng.integers(len(FLOAT_KINDS))]
            data = float_values(rng, kind, n, NP_DTYPES[dtype]).reshape(shape)
        else:
            data = int_values(rng, dtype, n).reshape(shape)
        t = torch.from_numpy(np.array(data))  # (np.ascontiguousarray would make 0-d arrays 1-D)
        if dtype.startswith("float"):
            t = with_autograd(torch, t, rng)
        yield t


DIFFERENTIAL_COUNTS = {"float32": 700, "float64": 450, "float16": 150, "int64": 300, "int32": 150,
                       "int16": 50, "int8": 50, "uint8": 50, "bool": 150}


@pytest.mark.oracle
@pytest.mark.parametrize("dtype", sorted(DIFFERENTIAL_COUNTS))
def test_matches_torch_repr(dtype):
    torch = needs_torch()
    failures = []
    seed = sorted(NP_DTYPES).index(dtype)
    for t in generated_cases(torch, dtype, DIFFERENTIAL_COUNTS[dtype], seed):
        grad_fn_name = type(t.grad_fn).__name__ if t.grad_fn is not None else None
        ours = format_tensor(t.detach().numpy(), dtype, requires_grad=t.requires_grad,
                             grad_fn_name=grad_fn_name)
        if ours != repr(t):
            failures.append(f"torch:\n{t!r}\nours:\n{ours}")
    assert not failures, f"{len(failures)} mismatches; first:\n" + "\n\n".join(failures[:3])


EDGE_CASES = [  # (values, shape, dtype): exact thresholds that random data rarely hits
    ([1.0, 1000.0], None, "float32"), ([0.5, 500.0], None, "float32"),
    ([0.5, 500.5], None, "float32"), ([1e-4], None, "float64"), ([1e-4, 0.1], None, "float64"),
    ([1e8], None, "float64"), ([1e8 + 2, 1e6], None, "float64"),
    ([99999999.0, 1e6], None, "float64"), ([1e100, -1e-100], None, "float64"),
    ([9.99995, 1.0], None, "float64"),
    ([-9.99995], None, "float32"), ([65504.0, -65504.0], None, "float16"),
    (np.arange(1000.0), None, "float32"), (np.arange(1001.0), None, "float32"),
    (np.arange(1000.0), (10, 100), "float32"), (np.arange(1010.0), (10, 101), "float32"),
    (np.arange(1029.0), (7, 7, 21), "float64"), (np.arange(1008.0), (6, 6, 28), "float32"),
    (np.arange(1008), (6, 6, 28), "int64"), (np.arange(2000) % 3 == 0, (2, 1000), "bool"),
    (np.arange(1001) - 500, None, "int32"), ([np.iinfo(np.int64).min, 0], None, "int64"),
]


@pytest.mark.oracle
@pytest.mark.parametrize("values, shape, dtype", EDGE_CASES)
def test_matches_torch_repr_at_thresholds(values, shape, dtype):
    torch = needs_torch()
    data = np.array(values, dtype=NP_DTYPES[dtype])
    data = data.reshape(shape) if shape else data
    assert format_tensor(data, dtype) == repr(torch.from_numpy(data))


@pytest.mark.parametrize("dtype", ["float32", "float64", "int64", "bool"])
def test_format_scalar_matches_torch(dtype):
    torch = needs_torch()
    rng = np.random.default_rng(7)
    for t in generated_cases(torch, dtype, 200, seed=11):
        if t.dim() == 0:
            assert format_scalar(t.detach().numpy().item(), dtype) == f"{t}"
            assert format_scalar(t.detach().numpy()[()], dtype) == f"{t}"
    for value in rng.standard_normal(50):
        t = torch.tensor(value, dtype=getattr(torch, dtype))
        assert format_scalar(t.numpy()[()], dtype) == f"{t}"
