"""optim_math against real torch.optim: params and state after every one of 20 steps, at the
tolerance torch.testing.assert_close allows (torch's own kernels differ across CPU kinds:
tests/oracle/tolerance.py), under whichever ATEN_CPU_CAPABILITY the suite runs with."""
from __future__ import annotations

import inspect
import itertools
import warnings
from collections import Counter

import numpy as np
import pytest
from oracle.tolerance import assert_close, assert_within_ulps

from gradcli.engine import optim_math
from gradcli.engine.rng import fma64 as fraction_fma64

# Odd sizes and sizes past torch's 16-float (8-double) vector chunk: both the vector loop and the
# scalar tail loop of each kernel run.
SHAPES = [(), (1,), (7,), (33,), (5, 13), (3, 4, 5)]
STEPS = 20
DTYPES = ["float32", "float64"]


@pytest.fixture(scope="module")
def torch():
    return pytest.importorskip("torch", reason="real torch is the oracle for optimizer arithmetic")


def grid(**axes) -> list[dict]:
    return [dict(zip(axes, values)) for values in itertools.product(*axes.values())]


def spread(rs: np.random.Generator, shape: tuple, dtype: str) -> np.ndarray:
    """Normals scaled over a few decades, so products and sums round in every direction."""
    size = int(np.prod(shape))
    values = rs.standard_normal(size) * np.exp(rs.uniform(-4, 4, size))
    return values.reshape(shape).astype(dtype)


def as_numpy(value) -> np.ndarray:
    return value.detach().numpy()


# Each row: torch class, our step, our state constructor (None: the step creates what it needs).
OPTIMIZERS = {
    "SGD": ("SGD", optim_math.sgd_step, None),
    "Adam": ("Adam", optim_math.adam_step, optim_math.adam_state),
    "AdamW": ("AdamW", optim_math.adam_step, optim_math.adam_state),
    "RMSprop": ("RMSprop", optim_math.rmsprop_step, optim_math.rmsprop_state),
    "Adagrad": ("Adagrad", optim_math.adagrad_step, optim_math.adagrad_state),
    "Adamax": ("Adamax", optim_math.adamax_step, optim_math.adamax_state),
    "NAdam": ("NAdam", optim_math.nadam_step, optim_math.nadam_state),
    "RAdam": ("RAdam", optim_math.radam_step, optim_math.radam_state),
    "Rprop": ("Rprop", optim_math.rprop_step, optim_math.rprop_state),
    "ASGD": ("ASGD", optim_math.asgd_step, optim_math.asgd_state),
}

ADAM_GRID = grid(lr=[1e-2], betas=[(0.9, 0.999), (0.3, 0.5)], weight_decay=[0, 0.03],
                 amsgrad=[False, True], maximize=[False, True])
CASES = (
    [("SGD", options) for options in grid(
        lr=[0.0137], momentum=[0, 0.9], dampening=[0, 0.3], nesterov=[False, True],
        weight_decay=[0, 0.01], maximize=[False, True])
     if not options["nesterov"] or (options["momentum"] and not options["dampening"])]
    + [("Adam", options) for options in ADAM_GRID]
    + [("AdamW", options) for options in ADAM_GRID]
    + [("RMSprop", options) for options in grid(
        lr=[1e-2], alpha=[0.99, 0.3], momentum=[0, 0.9], centered=[False, True],
        weight_decay=[0, 0.1], maximize=[False, True])]
    + [("Adagrad", options) for options in grid(
        lr=[0.1], lr_decay=[0, 0.05], initial_accumulator_value=[0, 0.5],
        weight_decay=[0, 0.1], maximize=[False, True])]
    + [("Adamax", options) for options in grid(
        lr=[2e-2], betas=[(0.9, 0.999), (0.3, 0.5)], weight_decay=[0, 0.03],
        maximize=[False, True])]
    + [("NAdam", options) for options in grid(
        lr=[2e-2], betas=[(0.9, 0.999), (0.3, 0.5)], weight_decay=[0, 0.03],
        momentum_decay=[4e-3, 0.3], decoupled_weight_decay=[False, True],
        maximize=[False, True])]
    + [("RAdam", options) for options in grid(
        lr=[1e-2], betas=[(0.9, 0.999), (0.3, 0.5)], weight_decay=[0, 0.03],
        decoupled_weight_decay=[False, True], maximize=[False, True])]
    + [("Rprop", options) for options in grid(
        lr=[1e-2, 0.3], etas=[(0.5, 1.2), (0.3, 1.7)], step_sizes=[(1e-6, 50), (1e-3, 0.5)],
        maximize=[False, True])]
    + [("ASGD", options) for options in grid(
        lr=[1e-2, 0.3], lambd=[1e-4, 0.2], alpha=[0.75, 0.3], t0=[1e6, 3],
        weight_decay=[0, 0.1], maximize=[False, True])]
)


def keyword_names(function) -> list[str]:
    parameters = inspect.signature(function).parameters.values()
    return [p.name for p in parameters if p.kind is p.KEYWORD_ONLY]


def our_state(state_constructor, param: np.ndarray, group: dict, step_dtype) -> dict:
    if state_constructor is None:
        return {}
    options = {name: group[name] for name in keyword_names(state_constructor)
               if name != "step_dtype"}
    return state_constructor(param, step_dtype=step_dtype, **options)


def assert_same_state(ours: dict, theirs: dict, what: str) -> None:
    assert list(ours) == list(theirs), what
    for key, value in theirs.items():
        assert_close(ours[key], as_numpy(value), f"{what} state[{key!r}]")


def run_against_torch(torch, name: str, options: dict, dtype: str, seed: int = 0) -> None:
    torch_class, step, state_constructor = OPTIMIZERS[name]
    rs = np.random.default_rng(seed)
    params = [spread(rs, shape, dtype) for shape in SHAPES]
    theirs = [torch.tensor(param, requires_grad=True) for param in params]
    optimizer = getattr(torch.optim, torch_class)(theirs, **options)
    group = optimizer.param_groups[0]  # every default filled in, as the optimizer classes will see
    step_options = {key: group[key] for key in keyword_names(step)}
    step_dtype = np.dtype(str(torch.get_default_dtype()).removeprefix("torch."))
    states = [our_state(state_constructor, param, group, step_dtype) for param in params]
    for step_number in range(1, STEPS + 1):
        grads = [spread(rs, param.shape, dtype) for param in params]
        for tensor, grad in zip(theirs, grads):
            tensor.grad = torch.tensor(grad)
        optimizer.step()
        for index, (param, grad, state, tensor) in enumerate(zip(params, grads, states, theirs)):
            step(param, grad, state, **step_options)
            what = f"{name} {options} {dtype} shape {SHAPES[index]} step {step_number}"
            assert_close(param, as_numpy(tensor), what)
            assert_same_state(state, optimizer.state[tensor], what)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name, options", CASES,
                         ids=[f"{name}-{i}" for i, (name, _) in enumerate(CASES)])
def test_step_matches_torch(torch, name, options, dtype):
    run_against_torch(torch, name, options, dtype)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_sqrt_within_an_ulp_of_torchs(torch, dtype):
    """float32: MKL's generic kernel (vml_sqrt32) is up to 0.75 ulp off, and torch runs it or a
    correctly rounded one by CPU; float64: np.sqrt, where MKL's vdSqrt is 1 ulp off at times."""
    rs = np.random.default_rng(2)
    bits = np.uint32 if dtype == "float32" else np.uint64
    x = rs.integers(0, np.iinfo(bits).max, 1_000_000, dtype=bits, endpoint=True).view(dtype)
    x[:4] = [0.0, -0.0, np.inf, 1e-45]
    with np.errstate(invalid="ignore"):  # the negatives' nan
        ours = optim_math._sqrt(x)
    assert_within_ulps(ours, torch.sqrt(torch.from_numpy(x)).numpy(), 1, f"{dtype} sqrt")
    assert np.array_equal(ours[:4], np.sqrt(x[:4]))  # zeros keep their sign, inf, subnormals


def test_float32_sqrt_emulates_mkls_generic_kernel():
    """Where torch runs MKL's generic kernel, vml_sqrt32 is it; its known misses stay."""
    assert optim_math.vml_sqrt32(np.float32(0.26970717)) == np.float32(0.51933336)
    assert np.sqrt(np.float32(0.26970717)) == np.float32(0.51933342)


@pytest.mark.parametrize("name", ["Adam", "RMSprop", "Adagrad"])
def test_step_counter_follows_default_dtype(torch, name):
    previous = torch.get_default_dtype()
    torch.set_default_dtype(torch.float64)
    try:
        run_against_torch(torch, name, {}, "float32", seed=1)
    finally:
        torch.set_default_dtype(previous)


def test_cpu_runs_the_single_tensor_implementation(torch):
    from torch.optim.optimizer import _default_to_fused_or_foreach
    params = [torch.zeros(3)]
    assert _default_to_fused_or_foreach(params, differentiable=False) == (False, False)


def test_step_prints_as_a_float_tensor(torch):
    state = optim_math.adam_state(np.zeros(3, np.float32), amsgrad=False)
    optim_math.adam_step(np.zeros(3, np.float32), np.ones(3, np.float32), state, lr=1e-3,
                         betas=(0.9, 0.999), eps=1e-8, weight_decay=0, amsgrad=False,
                         maximize=False)
    assert repr(torch.tensor(state["step"])) == "tensor(1.)"


def test_fma64_rounds_once():
    rs = np.random.default_rng(3)
    a, b = rs.standard_normal(2000), rs.standard_normal(2000)
    c = -a * b * (1 + rs.uniform(-1e-15, 1e-15, 2000))  # cancellation: the residue is all there is
    expected = [fraction_fma64(x, y, z) for x, y, z in zip(a, b, c)]
    assert optim_math.array_fma64(a, b, c).tolist() == expected


# ---- lr schedulers: group["lr"] after every scheduler.step() -----------------------------------

def scheduled_lrs(torch, make_scheduler, steps: int = 25, epochs=None) -> list[float]:
    optimizer = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1)
    scheduler = make_scheduler(optimizer)
    lrs = []
    for epoch in range(1, steps + 1):
        optimizer.step()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # step(epoch) is deprecated
            scheduler.step(epoch if epochs else None)
        lrs.append(optimizer.param_groups[0]["lr"])
    return lrs


def test_step_lr_chained(torch):
    def make(optimizer):
        return torch.optim.lr_scheduler.StepLR(optimizer, step_size=3, gamma=0.7)
    lr, ours = 0.1, []
    for epoch in range(1, 26):
        lr = optim_math.step_lr(lr, epoch, step_size=3, gamma=0.7)
        ours.append(lr)
    assert ours == scheduled_lrs(torch, make)


def test_exponential_lr_chained(torch):
    def make(optimizer):
        return torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.9)
    lr, ours = optim_math.exponential_lr(0.1, gamma=0.9, initial=True), []
    for _ in range(25):
        lr = optim_math.exponential_lr(lr, gamma=0.9, initial=False)
        ours.append(lr)
    assert ours == scheduled_lrs(torch, make)


def test_closed_forms_for_step_with_epoch(torch):
    def step(optimizer):
        return torch.optim.lr_scheduler.StepLR(optimizer, step_size=3, gamma=0.7)
    def exponential(optimizer):
        return torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.9)
    assert scheduled_lrs(torch, step, epochs=True) == [
        optim_math.step_lr_closed_form(0.1, epoch, step_size=3, gamma=0.7)
        for epoch in range(1, 26)]
    assert scheduled_lrs(torch, exponential, epochs=True) == [
        optim_math.exponential_lr_closed_form(0.1, epoch, gamma=0.9) for epoch in range(1, 26)]


def test_multi_step_lr_chained_and_closed_form(torch):
    milestones = Counter([3, 7, 7, 12])

    def make(optimizer):
        return torch.optim.lr_scheduler.MultiStepLR(optimizer, [3, 7, 7, 12], gamma=0.3)
    lr, ours = 0.1, []
    for epoch in range(1, 26):
        lr = optim_math.multi_step_lr(lr, epoch, milestones=milestones, gamma=0.3)
        ours.append(lr)
    assert ours == scheduled_lrs(torch, make)
    assert scheduled_lrs(torch, make, epochs=True) == [
        optim_math.multi_step_lr_closed_form(0.1, epoch, milestones=milestones, gamma=0.3)
        for epoch in range(1, 26)]


@pytest.mark.parametrize("capability, fused", [("default", False), ("avx2", True), ("", True)])
def test_the_kernels_follow_atens_cpu_capability(monkeypatch, capability, fused):
    """ATEN_CPU_CAPABILITY=default makes torch run its scalar kernels, which round a * b + c
    twice; the vectorised ones round it once (on x86-64 with AVX2 and FMA, as every CI runner)."""
    from gradcli.engine import cpu
    monkeypatch.setenv("ATEN_CPU_CAPABILITY", capability)
    monkeypatch.setattr(cpu, "_x86_has_avx2_and_fma", lambda: True)
    cpu.fuses_multiply_add.cache_clear()
    try:
        a, c = np.float32(1 + 2**-12), np.float32(-(1 + 2**-11))
        assert optim_math._fma(a, a, c) == (2**-24 if fused else 0)  # the product's last bit
    finally:
        cpu.fuses_multiply_add.cache_clear()
