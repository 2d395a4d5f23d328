"""gradcheck, gradgradcheck and anomaly mode on gradcli's engine, against real PyTorch: the
messages word for word, what the checks leave behind, and what the corpus does not show."""
import numpy as np
import pytest
import torch as real

from gradcli.engine import runtime
from gradcli.engine.errors import TorchError
from gradcli.torch._tensor import creation
from gradcli.torch.autograd import anomaly
from gradcli.torch.autograd import gradcheck as GC
from gradcli.torch.autograd.grad import autograd_grad

VALUES = [1.0, 2.0, 3.0]


def ours(values=VALUES, dtype="float64"):
    return creation.tensor(values, dtype=getattr(creation.dtypes, dtype), requires_grad=True)


def theirs(values=VALUES, dtype="float64"):
    return real.tensor(values, dtype=getattr(real, dtype), requires_grad=True)


def message_of(check, *args, **kwargs) -> str:
    with pytest.raises(TorchError) as caught:
        check(*args, **kwargs)
    return caught.value.message


def real_message_of(check, *args, **kwargs) -> str:
    with pytest.raises(Exception) as caught:
        check(*args, **kwargs)
    return str(caught.value)


def detached_square(t):
    return t * t.detach()  # backward misses half the gradient


@pytest.mark.parametrize("dtype, fn", [("float64", detached_square),
                                       ("float32", lambda t: t * t)])
def test_mismatch_message_is_pytorchs(dtype, fn):
    """The whole message, both Jacobians printed: float32's finite differences included
    (products round the same in both)."""
    ours_message = message_of(GC.gradcheck, fn, (ours(dtype=dtype),))
    real_message = real_message_of(real.autograd.gradcheck, fn, (theirs(dtype=dtype),))
    assert ours_message == real_message
    assert ours_message.endswith("\n") and ours_message.startswith(
        "Jacobian mismatch for output 0 with respect to input 0,\nnumerical:tensor([[")


def test_inputs_are_left_as_they_were():
    """The perturbations write through the memory, as torch's through .data: values come
    back exactly and the version counter never moves."""
    x = ours([0.1, 0.7, 1e-3])
    before = x.data.copy()
    assert GC.gradcheck(lambda t: t.sin(), (x,))
    assert np.array_equal(x.data, before) and x._version == 0
    assert x.grad is None  # (every pass is an autograd.grad)


def test_raise_exception_false_returns_false_only_for_a_gradcheck_error():
    assert GC.gradcheck(lambda t: t.detach() * 2, (ours(),), raise_exception=False) is False
    no_grad = creation.tensor(VALUES, dtype=creation.dtypes.float64)
    with pytest.raises(TorchError) as caught:
        GC.gradcheck(lambda t: t, (no_grad,), raise_exception=False)
    assert caught.value.type_name == "ValueError"


def test_a_gradcheck_error_is_a_runtime_error_for_except():
    from gradcli.sandbox.script_errors import is_caught_by

    assert is_caught_by("GradcheckError", "RuntimeError")
    assert is_caught_by("GradcheckError", "GradcheckError")
    assert not is_caught_by("RuntimeError", "GradcheckError")


@pytest.mark.parametrize("dtype, fn", [
    ("float64", detached_square), ("float32", lambda t: t * t),
    ("float64", lambda t: (t * t.detach()).sum() + t[0]),
    ("float64", lambda t: (t.exp(), t.detach() * t)),  # the second output's mismatch
])
def test_fast_mode_mismatch_message_is_pytorchs(dtype, fn):
    """v^T J u from torch's own unit vectors, then slow mode's Jacobians: word for word, but
    for the last digits of the two reduced scalars (torch's dot is BLAS's, its float32 norm
    its own vectorized loop: sums in orders gradcli does not copy)."""
    ours_message = message_of(GC.gradcheck, fn, (ours(dtype=dtype),), fast_mode=True)
    real_message = real_message_of(real.autograd.gradcheck, fn, (theirs(dtype=dtype),),
                                   fast_mode=True)
    assert_same_but_the_scalars(ours_message, real_message)
    assert "we recompute numerical and analytical jacobians in slow mode" in ours_message


def assert_same_but_the_scalars(ours_message: str, real_message: str) -> None:
    ours_lines, real_lines = ours_message.split("\n"), real_message.split("\n")
    assert ours_lines[0] == real_lines[0] and ours_lines[3:] == real_lines[3:]
    for mine, torchs in zip(ours_lines[1:3], real_lines[1:3]):
        label, value = mine.split(":")
        assert torchs.startswith(label + ":")
        assert float(value) == pytest.approx(float(torchs.split(":")[1]), rel=1e-6)


def test_fast_mode_message_of_a_float64_square_is_pytorchs_to_the_digit():
    assert message_of(GC.gradcheck, detached_square, (ours(),), fast_mode=True) == \
        real_message_of(real.autograd.gradcheck, detached_square, (theirs(),), fast_mode=True)


def test_fast_mode_names_a_small_difference_slow_mode_would_pass():
    """Each element of the analytical Jacobian is off by 5e-4 of itself (under rtol), but
    the signs of the Jacobian cancel in v^T J u and the errors do not: fast mode fails,
    and says that slow mode would pass."""
    def make(lib, float64):
        k = lib.tensor([1.0, -1.0, 1.0], dtype=float64)
        e = k.abs() * 5e-4
        return lambda t: t * k + (t - t.detach()) * e
    ours_fn = make(creation, creation.dtypes.float64)
    real_fn = make(real, real.float64)
    ours_message = message_of(GC.gradcheck, ours_fn, (ours(),), fast_mode=True, atol=0.0)
    real_message = real_message_of(real.autograd.gradcheck, real_fn, (theirs(),),
                                   fast_mode=True, atol=0.0)
    assert_same_but_the_scalars(ours_message, real_message)
    assert ours_message.endswith("`gradcheck_fast_mode=False`")  # torch's advice


def test_fast_mode_passes_what_slow_mode_passes_and_leaves_the_inputs():
    x = ours([0.1, 0.7, 1e-3])
    y = ours([[0.5, -1.0], [2.0, 0.25], [1.5, 3.0]])
    before = x.data.copy()
    assert GC.gradcheck(lambda a, b: (a @ b).tanh(), (x, y), fast_mode=True)
    assert np.array_equal(x.data, before) and x._version == 0 and x.grad is None


def test_fast_mode_unit_vectors_are_torchs():
    t = ours([[1.0, 2.0], [3.0, 4.0]])
    u = GC._unit_vector(t, GC.Generator(GC.TORCH_GENERATOR_SEED))
    g = real.Generator()
    expected = real.rand(4, generator=g).to(real.float64)
    expected /= expected.norm()
    assert np.array_equal(u.data, expected.numpy())


def test_forward_ad_mismatch_message_is_pytorchs():
    """A tangent lost on the way (detach cuts forward AD as it cuts backward AD)."""
    kwargs = {"check_forward_ad": True, "check_backward_ad": False,
              "check_undefined_grad": False}
    assert message_of(GC.gradcheck, detached_square, (ours(),), **kwargs) == \
        real_message_of(real.autograd.gradcheck, detached_square, (theirs(),), **kwargs)


def test_forward_ad_check_leaves_no_dual_level_behind():
    assert GC.gradcheck(lambda t: t.exp() * t, (ours(),), check_forward_ad=True,
                        check_undefined_grad=False)
    assert runtime.current.dual is None


@pytest.mark.parametrize("flags, named", [
    ({"check_batched_grad": True}, "check_batched_grad=True"),
    ({"check_forward_ad": True, "fast_mode": True}, "check_forward_ad=True with fast_mode=True"),
])
def test_unported_modes_say_so(flags, named):
    with pytest.raises(TorchError) as caught:
        GC.gradcheck(lambda t: t * 2, (ours(),), **flags)
    assert caught.value.type_name == "NotImplementedError"
    assert named in caught.value.message


def test_undefined_forward_tangents_must_agree_with_zero_ones():
    """A function whose tangent depends on whether an input is dual at all."""
    from gradcli.torch.autograd import forward_ad

    def odd(t):
        dual = forward_ad.unpack_dual(t).tangent is not None
        return t * 2 if dual else t * 2 + (t - t.detach()) * 0  # same values, same tangents
    assert GC.gradcheck(odd, (ours(),), check_forward_ad=True)
    calls = []

    def counted(t):
        calls.append(1)
        return t.exp()
    GC.gradcheck(counted, (ours(),), check_forward_ad=True)
    real_calls = []

    def real_counted(t):
        real_calls.append(1)
        return t.exp()
    real.autograd.gradcheck(real_counted, (theirs(),), check_forward_ad=True)
    assert len(calls) == len(real_calls)


@pytest.mark.parametrize("tolerances", [{"atol": -1.0}, {"rtol": -0.5, "atol": -1.0}])
def test_negative_tolerances_are_refused_as_by_allclose(tolerances):
    assert message_of(GC.gradcheck, lambda t: t * 2, (ours(),), **tolerances) == \
        real_message_of(real.autograd.gradcheck, lambda t: t * 2, (theirs(),), **tolerances)


def test_gradcheck_argument_errors_are_pythons():
    assert message_of(GC.gradcheck, lambda t: t, (ours(),), check_backward_ad=False) == \
        real_message_of(real.autograd.gradcheck, lambda t: t, (theirs(),),
                        check_backward_ad=False)
    assert message_of(GC.gradcheck, lambda t: 2.0, (ours(),)) == \
        "'float' object has no attribute 'requires_grad'"


def test_gradgradcheck_random_grad_outputs_draw_as_torch():
    """make_tensor(low=-1, high=1) from the global generator: the next draw agrees."""
    runtime.current.generator.manual_seed(3)
    real.manual_seed(3)
    assert GC.gradgradcheck(lambda t: t.exp(), (ours(),))
    assert real.autograd.gradgradcheck(lambda t: t.exp(), (theirs(),))
    np.testing.assert_array_equal(creation.rand(4).data, real.rand(4).numpy())


def test_gradgradcheck_mismatch_names_the_grad_output_input():
    """A backward that is not differentiable fails at second order, with respect to the
    input (input 0); the grad_output's Jacobian (input 1) is right."""
    go = [0.5, -1.0, 2.0]
    ours_message = message_of(GC.gradgradcheck, detached_square, (ours(),), (ours(go),))
    real_message = real_message_of(real.autograd.gradgradcheck, detached_square,
                                   (theirs(),), (theirs(go),))
    assert ours_message == real_message


# ---- anomaly mode ---------------------------------------------------------------------


@pytest.fixture
def anomaly_on():
    anomaly.set_anomaly_enabled(True)
    yield
    anomaly.set_anomaly_enabled(False)
    runtime.current.nan_node = None


def test_nan_check_under_create_graph_and_its_node(anomaly_on):
    x = ours([0.0, 1.0])
    y = x.sqrt() * creation.tensor([0.0, 1.0], dtype=creation.dtypes.float64)
    with pytest.raises(TorchError) as caught:
        autograd_grad(y.sum(), x, create_graph=True)
    assert caught.value.message == "Function 'SqrtBackward0' returned nan values in its 0th " \
        "output."
    assert runtime.current.nan_node.name() == "SqrtBackward0"


def test_nan_check_off_with_check_nan_false():
    anomaly.set_anomaly_enabled(True, False)
    try:
        x = ours([0.0])
        (x / x).sum().backward()
        assert np.isnan(x.grad.data).all()
    finally:
        anomaly.set_anomaly_enabled(False)


def test_set_anomaly_enabled_takes_bools_only():
    assert message_of(anomaly.set_anomaly_enabled, "a") == real_message_of(
        real.set_anomaly_enabled, "a")
    assert message_of(anomaly.set_anomaly_enabled, True, 1) == real_message_of(
        real.set_anomaly_enabled, True, 1)
