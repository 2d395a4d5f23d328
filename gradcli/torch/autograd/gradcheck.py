"""torch.autograd.gradcheck and gradgradcheck: PyTorch's slow mode, ported from its
torch/autograd/gradcheck.py onto gradcli's autograd.grad.

Each Jacobian is (input elements x output elements). The numerical one comes from central
differences, perturbing each input element in place by `eps` in the input's own dtype, as
torch does; the analytical one from autograd.grad, row by row, twice (the reentrancy check).
The function is called exactly as often as torch calls it, and each backward pass runs as
often, so a script's own prints in forward or backward come out as in PyTorch.

fast_mode=True is torch's fast mode: each Jacobian J is reduced to v^T J u with random unit
vectors u (per input) and v (per output) drawn from a fresh torch.Generator() (its default
seed), J u by one central difference along u, v^T J by one autograd.grad; on a mismatch the
message adds the slow mode's Jacobians.

check_forward_ad=True compares the numerical Jacobians with forward AD's, column by column
(slow mode), then, with check_undefined_grad, the tangents of an input without a tangent
against those of one with a zero tangent.

Not ported: complex inputs (gradcli has none), forward AD in fast mode, the batched checks.
The warning torch gives for inputs that are not float64 is one it attributes to its own
code (gradcheck.py), so a script's trace shows none (see the output contract).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from gradcli.engine import dtypes, runtime
from gradcli.engine.errors import TorchError
from gradcli.engine.rng import Generator
from gradcli.engine.tensor import Tensor
from gradcli.engine.type_names import type_name
from gradcli.torch._tensor.reductions import norm
from gradcli.torch.autograd import forward_ad
from gradcli.torch.autograd.grad import autograd_grad

GRADCHECK_ERROR = "GradcheckError"  # torch.autograd.gradcheck.GradcheckError(RuntimeError)

FAILED_NONDET_MSG = """\n
NOTE: If your op relies on non-deterministic operations i.e., it is listed here:
https://pytorch.org/docs/stable/generated/torch.use_deterministic_algorithms.html
this failure might be expected.

If you are adding a new operator, please file an issue and then use one of the
workarounds. The workaround depends on how your test invokes gradcheck/gradgradcheck.
If the test
- manually invokes gradcheck/gradgradcheck, then call gradcheck/gradgradcheck
  with `nondet_tol=<tol>` as a keyword argument.
- is OpInfo-based (e.g., in test_ops_gradients.py), then modify the OpInfo for the test
  to have `gradcheck_nondet_tol=<tol>`.
- is a Module test (e.g., in common_nn.py), then modify the corresponding
  module_test entry to have `gradcheck_nondet_tol=<tol>`
"""
UNDEFINED_NOTES = ('Please look at "Notes about undefined output gradients" in '
                   '"tools/autograd/derivatives.yaml"')


def _error(message: str) -> TorchError:
    return TorchError(GRADCHECK_ERROR, message)


# ---- PyTorch's helpers ----------------------------------------------------------------


def _as_tuple(x) -> tuple:
    if isinstance(x, tuple):
        return x
    return tuple(x) if isinstance(x, list) else (x,)


def _requires_grad(x) -> bool:
    if not isinstance(x, Tensor):
        raise TorchError("AttributeError",
                         f"'{type_name(x)}' object has no attribute 'requires_grad'")
    return x.requires_grad


def _differentiable_outputs(x) -> tuple:
    return tuple(o for o in _as_tuple(x) if _requires_grad(o))


def _diff_inputs(inputs: tuple) -> list[Tensor]:
    return [t for t in inputs if isinstance(t, Tensor) and t.requires_grad]


def _check_inputs(inputs: tuple) -> None:
    """At least one input requires grad; none has overlapping memory (an expand)."""
    if not _diff_inputs(inputs):
        raise TorchError("ValueError", "gradcheck expects at least one input tensor to require "
                         "gradient, but none of them have requires_grad=True.")
    for idx, inp in enumerate(inputs):
        if isinstance(inp, Tensor) and inp.requires_grad and any(
                stride == 0 and size > 1 for stride, size in zip(inp.data.strides,
                                                                  inp.data.shape)):
            raise TorchError("RuntimeError", f"The {idx}th input has a dimension with stride "
                             "0. gradcheck only supports inputs that are non-overlapping to be "
                             "able to compute the numerical gradients correctly. You should "
                             "call .contiguous on the input before passing it to gradcheck.")


def _zeros_like(t: Tensor) -> Tensor:
    return Tensor(np.zeros(t.data.shape, t.data.dtype))


def _cloned_outputs(func: Callable, inputs: tuple) -> tuple[np.ndarray, ...]:
    outputs = _as_tuple(func(*inputs))
    for o in outputs:
        if not isinstance(o, Tensor):
            raise TorchError("AttributeError",
                             f"'{type_name(o)}' object has no attribute 'clone'")
    return tuple(np.array(o.data, copy=True) for o in outputs)


# ---- the numerical Jacobian -----------------------------------------------------------


def _numerical_column(func: Callable, inputs: tuple, array: np.ndarray, idx: tuple,
                      eps: float) -> list[np.ndarray]:
    """d outputs / d array[idx], by central differences. The element is written in place,
    as torch writes through `.data`: no version bump, and the value is restored exactly."""
    orig = array[idx].copy()
    step = array.dtype.type(eps)  # torch's `orig - v`: the Python float in the input's dtype
    array[idx] = orig - step
    outa = _cloned_outputs(func, inputs)
    array[idx] = orig + step
    outb = _cloned_outputs(func, inputs)
    array[idx] = orig
    column = []
    for a, b in zip(outa, outb):
        _check_same_dtype_and_shape(a, b, eps, idx)
        column.append(((b - a) / b.dtype.type(2 * eps)).reshape(-1))
    return column


def _check_same_dtype_and_shape(a: np.ndarray, b: np.ndarray, eps: float,
                                idx: tuple | None) -> None:
    on_index = "" if idx is None else f"on index {idx} "
    if a.shape != b.shape:
        raise TorchError("AssertionError", "Expected `func` to return outputs with the same "
                         f"shape when inputs are perturbed {on_index}by {eps}, but got: shapes "
                         f"torch.Size({list(a.shape)}) and torch.Size({list(b.shape)}).")
    if a.dtype != b.dtype:
        raise TorchError("AssertionError", "Expected `func` to return outputs with the same "
                         f"dtype when inputs are perturbed {on_index}by {eps}, but got: dtypes "
                         f"{dtypes.of_array(a)} and {dtypes.of_array(b)}.")


def _numerical_jacobians(func: Callable, inputs: tuple, func_out: tuple,
                         eps: float) -> list[list[np.ndarray]]:
    """[input that requires grad][output] -> its Jacobian, for every float output."""
    floats = [o for o in func_out if o.dtype.is_floating_point]
    jacobians = []
    for inp in _diff_inputs(inputs):
        per_output = [np.zeros((inp.numel(), o.numel()), o.data.dtype) for o in floats]
        for row, idx in enumerate(np.ndindex(inp.data.shape)):
            for jacobian, column in zip(per_output, _numerical_column(func, inputs, inp.data,
                                                                      idx, eps)):
                jacobian[row] = column
        jacobians.append(per_output)
    return jacobians


# ---- the analytical Jacobian ----------------------------------------------------------


def _analytical_rows(diff_inputs: list[Tensor], output: Tensor) -> list[np.ndarray]:
    """Per input, the Jacobian of `output`, one autograd.grad per output element (row)."""
    jacobians = [np.zeros((t.numel(), output.numel()), t.data.dtype) for t in diff_inputs]
    for j in range(output.numel()):
        seed = np.zeros(output.data.shape, output.data.dtype)
        seed.flat[j] = 1.0  # the projection on the jth row of the Jacobian
        grads = autograd_grad(output, diff_inputs, Tensor(seed), retain_graph=True,
                              allow_unused=True)
        for jacobian, g in zip(jacobians, grads):
            if g is not None:
                jacobian[:, j] = g.data.reshape(-1)
    return jacobians


def _analytical_jacobians(inputs: tuple, output: Tensor, nondet_tol: float) -> list[np.ndarray]:
    """Computed twice: backward must give the same twice (within nondet_tol)."""
    diff_inputs = _diff_inputs(inputs)
    first = _analytical_rows(diff_inputs, output)
    return _reentrant(first, _analytical_rows(diff_inputs, output), nondet_tol)


def _reentrant(first: list, second: list, nondet_tol: float) -> list:
    """`first`, when a second backward gave the same (within nondet_tol); else torch's error."""
    for j1, j2 in zip(first, second):
        if j1.size and np.abs(j1 - j2).max() > nondet_tol:
            raise _error("Backward is not reentrant, i.e., running backward with same input "
                         "and grad_output multiple times gives different values, although "
                         "analytical gradient matches numerical gradient.The tolerance for "
                         f"nondeterminism was {nondet_tol}." + FAILED_NONDET_MSG)
    return first


# ---- the checks -----------------------------------------------------------------------


def _allclose(analytical: np.ndarray, numerical: np.ndarray, rtol: float, atol: float) -> bool:
    """torch.allclose after promoting both to one dtype."""
    for name, tolerance in (("rtol", rtol), ("atol", atol)):
        if tolerance < 0:
            raise TorchError("RuntimeError", f"{name} must be greater than or equal to zero, "
                             f"but got {tolerance:g}")  # (C++'s printing of a double)
    promoted = np.result_type(analytical, numerical)
    return bool(np.isclose(analytical.astype(promoted), numerical.astype(promoted),
                           rtol=rtol, atol=atol).all())


def _slow_gradcheck(func: Callable, func_out: tuple, inputs: tuple, outputs: tuple,
                    eps: float, rtol: float, atol: float, nondet_tol: float) -> bool:
    if not outputs:  # nothing differentiable: the numerical gradient must be zero
        for per_output in _numerical_jacobians(func, inputs, func_out, eps):
            if any(np.count_nonzero(jacobian) for jacobian in per_output):
                raise _error("Numerical gradient for function expected to be zero")
        return True
    by_input = _numerical_jacobians(func, inputs, func_out, eps)
    numerical = [nj for o, nj in zip(func_out, zip(*by_input)) if o.requires_grad]
    for i, o in enumerate(outputs):
        analytical = _analytical_jacobians(inputs, o, nondet_tol)
        if i >= len(numerical):  # torch pairs the float outputs' numerical Jacobians with all
            # the outputs: one that is not float shifts them, and torch's indexing fails
            raise TorchError("IndexError", "list index out of range")
        for j, (a, n) in enumerate(zip(analytical, numerical[i])):
            if not _allclose(a, n, rtol, atol):
                raise _error(f"Jacobian mismatch for output {i:d} with respect to input "
                             f"{j:d},\nnumerical:{Tensor(n)}\nanalytical:{Tensor(a)}\n")
    return True


# ---- forward AD -----------------------------------------------------------------------


def _forward_ad_jacobians(func: Callable, inputs: tuple, func_out: tuple) -> list[list]:
    """[input that requires grad][float output] -> its Jacobian, one column per input element:
    the outputs' tangents with that element's tangent 1 and every other 0."""
    floats = [o for o in func_out if o.dtype.is_floating_point]
    with forward_ad.dual_level():
        duals, tangents = [], []
        for inp in inputs:
            if isinstance(inp, Tensor) and inp.requires_grad:
                tangent = _zeros_like(inp)
                inp = forward_ad.make_dual(inp.detach(), tangent)
                tangents.append(tangent)
            duals.append(inp)
        jacobians = []
        for tangent in tangents:
            per_output = [np.zeros((tangent.numel(), o.numel()), o.data.dtype) for o in floats]
            for column, idx in enumerate(np.ndindex(tangent.data.shape)):
                tangent.data[idx] = 1.0
                outs = [o for o in _as_tuple(func(*duals)) if isinstance(o, Tensor) and
                        o.dtype.is_floating_point]
                for jacobian, out in zip(per_output, outs):
                    res = forward_ad.unpack_dual(out).tangent
                    jacobian[column] = 0 if res is None else res.data.reshape(-1)
                tangent.data[idx] = 0.0
            jacobians.append(per_output)
    return jacobians


def _slow_forward_gradcheck(func: Callable, func_out: tuple, inputs: tuple, outputs: tuple,
                            eps: float, rtol: float, atol: float) -> bool:
    if not outputs:
        return _slow_gradcheck(func, func_out, inputs, outputs, eps, rtol, atol, 0.0)
    by_input = _numerical_jacobians(func, inputs, func_out, eps)
    numerical = [nj for o, nj in zip(func_out, zip(*by_input)) if o.requires_grad]
    analytical = _forward_ad_jacobians(func, inputs, func_out)
    for i, per_input in enumerate(numerical):
        for j, n in enumerate(per_input):
            a = analytical[j][i]
            if not _allclose(a, n, rtol, atol):
                raise _error(f"Jacobian computed with forward mode mismatch for output {i:d} "
                             f"with respect to input {j:d},\nnumerical:{Tensor(n)}\n"
                             f"analytical:{Tensor(a)}\n")
    return True


def _test_undefined_forward_mode(func: Callable, inputs: tuple) -> None:
    """Each differentiable input in turn given a zero tangent, then none: the outputs'
    tangents must agree (the others' tangents are torch's random unit vectors)."""
    generator = Generator(TORCH_GENERATOR_SEED)
    with forward_ad.dual_level():
        duals = [forward_ad.make_dual(inp.detach(), _unit_vector(inp, generator).reshape(
            inp.data.shape)) if isinstance(inp, Tensor) and inp.requires_grad else inp
            for inp in inputs]
        for idx, inp in enumerate(inputs):
            if not (isinstance(inp, Tensor) and inp.requires_grad):
                continue
            kept = duals[idx]
            duals[idx] = forward_ad.make_dual(inp.detach(), _zeros_like(inp))
            with_zero = _as_tuple(func(*duals))
            duals[idx] = inp.detach()
            without = _as_tuple(func(*duals))
            duals[idx] = kept
            floats = [(a, b) for a, b in zip(with_zero, without)
                      if isinstance(a, Tensor) and a.dtype.is_floating_point]
            for index_o, (a, b) in enumerate(floats):
                res1, res2 = (forward_ad.unpack_dual(a).tangent,
                              forward_ad.unpack_dual(b).tangent)
                if res1 is not None and res2 is not None and \
                        not _allclose(res1.data, res2.data, 1e-05, 1e-08):
                    raise _error(str(("Mismatch in tangent values for output with index: ",
                                      index_o, " when input: ", inp,
                                      " has an undefined tangent value. ", " Got: ", res1,
                                      " but expected: ", res2)))


# ---- fast mode ------------------------------------------------------------------------

FAST_FAIL_SLOW_OK_MSG = """Fast gradcheck failed but element-wise differences are small. \
This means that the
test might've passed in slow_mode!

If you are adding a new operator, please file an issue and then use one of the
workarounds. The workaround depends on how your test invokes gradcheck/gradgradcheck:

If the test
- manually invokes gradcheck/gradgradcheck, then call gradcheck/gradgradcheck
  with `fast_mode=False` as a keyword argument.
- is OpInfo-based (e.g., in test_ops_gradients.py), then modify the OpInfo for the test
  to have `gradcheck_fast_mode=False`
- is a Module test (e.g., in common_nn.py), then modify the corresponding
  module_test entry to have `gradcheck_fast_mode=False`"""
TORCH_GENERATOR_SEED = 67280421310721  # a fresh torch.Generator()'s seed


def _unit_vector(x: Tensor, generator: Generator) -> Tensor:
    """torch.rand(x.numel(), generator) in x's dtype, divided by its norm."""
    vec = Tensor(generator.rand(x.numel()).astype(x.data.dtype))
    return Tensor(vec.data / norm(vec).data)


def _numerical_jvp(func: Callable, inputs: tuple, inp: Tensor, u: Tensor,
                   eps: float) -> list[np.ndarray]:
    """J u for each output, by one central difference along eps * u, written into inp's
    memory as torch's entry.copy_(orig -/+ v)."""
    entry = inp.data
    step = u.data.reshape(entry.shape) * entry.dtype.type(eps)
    orig = entry.copy()
    entry[...] = orig - step
    outa = _cloned_outputs(func, inputs)
    entry[...] = orig + step
    outb = _cloned_outputs(func, inputs)
    entry[...] = orig
    jvps = []
    for a, b in zip(outa, outb):
        _check_same_dtype_and_shape(a, b, eps, None)
        jvps.append(((b - a) / b.dtype.type(2 * eps)).reshape(-1))
    return jvps


def _dot(u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """(u * v).sum() after type promotion: a 0-dim array."""
    promoted = np.result_type(u, v)
    return np.asarray((u.astype(promoted) * v.astype(promoted)).sum(), promoted)


def _analytical_vj(diff_inputs: list[Tensor], output: Tensor, v: Tensor,
                   nondet_tol: float) -> list[np.ndarray]:
    """v^T J per input (flat, in the input's dtype), twice for the reentrancy check."""
    def vjps() -> list[np.ndarray]:
        grads = autograd_grad(output, diff_inputs, Tensor(v.data.reshape(output.data.shape)),
                              retain_graph=True, allow_unused=True)
        return [np.zeros(t.numel(), t.data.dtype) if g is None else
                g.data.reshape(-1).astype(t.data.dtype) for g, t in zip(grads, diff_inputs)]
    first = vjps()
    return _reentrant(first, vjps(), nondet_tol)


def _fast_gradcheck(func: Callable, func_out: tuple, inputs: tuple, outputs: tuple,
                    eps: float, rtol: float, atol: float, nondet_tol: float) -> bool:
    diff_inputs = _diff_inputs(inputs)
    generator = Generator(TORCH_GENERATOR_SEED)
    all_u = [_unit_vector(t, generator) for t in diff_inputs]
    all_v = [_unit_vector(o, generator) for o in outputs]
    floats = [o.dtype.is_floating_point for o in func_out]
    all_ju = [[ju for ju, is_float in zip(_numerical_jvp(func, inputs, t, u, eps), floats)
               if is_float] for t, u in zip(diff_inputs, all_u)]
    if not outputs:
        for jus in all_ju:
            if any(ju.size and np.abs(ju).max() > nondet_tol for ju in jus):
                raise _error("Numerical gradient for function expected to be zero")
    numerical = [[_dot(v.data, ju) for v, ju in zip(all_v, jus)] for jus in all_ju]
    analytical = [[_dot(vj, u.data) for vj, u in
                   zip(_analytical_vj(diff_inputs, o, v, nondet_tol), all_u)]
                  for o, v in zip(outputs, all_v)]
    for i, per_output in enumerate(numerical):
        for j, n in enumerate(per_output):
            a = analytical[j][i]
            scaled_atol = atol * float(all_u[i].data.sum()) * float(all_v[j].data.sum())
            if not _allclose(a, n, rtol, scaled_atol):
                raise _error(f"Jacobian mismatch for output {j:d} with respect to input "
                             f"{i:d},\nnumerical:{Tensor(n)}\nanalytical:{Tensor(a)}\n"
                             + _slow_mode_report(func, inputs, outputs, i, j, rtol, atol, eps))
    return True


def _slow_mode_report(func: Callable, inputs: tuple, outputs: tuple, i: int, j: int,
                      rtol: float, atol: float, eps: float) -> str:
    """torch's rerun in slow mode of one failing (input, output) pair, for the message."""
    numerical = _numerical_jacobians(func, inputs, outputs, eps)[i][j]
    analytical = _analytical_jacobians(inputs, outputs[j], float("inf"))[i]
    max_diff = Tensor(np.asarray(np.abs(numerical - analytical).max()))
    message = (
        "\nThe above quantities relating the numerical and analytical jacobians are computed "
        "\nin fast mode. See: https://github.com/pytorch/pytorch/issues/53876 for more "
        "background \nabout fast mode. Below, we recompute numerical and analytical jacobians "
        f"in slow mode:\n\nNumerical:\n {Tensor(numerical)}\nAnalytical:\n"
        f"{Tensor(analytical)}\n\nThe max per-element difference (slow mode) is: "
        f"{max_diff}.\n")
    if _allclose(analytical, numerical, rtol, atol):
        message += FAST_FAIL_SLOW_OK_MSG
    return message


def _test_backward_mul_by_grad_output(outputs: tuple, inputs: tuple) -> None:
    """A zero grad_output must give zero gradients, of the inputs' dtype and size."""
    diff_inputs = _diff_inputs(inputs)
    grads = autograd_grad(list(outputs), diff_inputs, [_zeros_like(o) for o in outputs],
                          allow_unused=True)
    for gi, di in zip(grads, diff_inputs):
        if gi is None:
            continue
        if np.count_nonzero(gi.data):
            raise _error("backward not multiplied by grad_output")
        if gi.dtype is not di.dtype:
            raise _error("grad is incorrect type")
        if gi.data.shape != di.data.shape:
            raise _error("grad is incorrect size")


def _test_undefined_backward_mode(func: Callable, outputs: tuple, inputs: tuple) -> None:
    """Backward with undefined output gradients (each one in turn, when there are several)
    must give undefined or zero gradients. torch's undefined gradients reach a custom
    Function's backward as zeros, and gradcli's built-in VJPs are linear in the gradient:
    zeros stand for them."""
    diff_inputs = _diff_inputs(inputs)
    to_check = [_differentiable_outputs(func(*inputs))]
    if len(to_check[0]) > 1:
        to_check += [_differentiable_outputs(func(*inputs)) for _ in outputs]
    for outs in to_check:
        grads = autograd_grad(list(outs), diff_inputs, [_zeros_like(o) for o in outs],
                              allow_unused=True)
        if any(g is not None and np.count_nonzero(g.data) for g in grads):
            raise _error("Expected all input grads to be undefined or zero when all output "
                         f"grads are undefined or zero. {UNDEFINED_NOTES}")


def _refuse_unported(**flags: bool) -> None:
    for name, value in flags.items():
        if value:
            raise TorchError("NotImplementedError", f"gradcli's gradcheck does not support "
                             f"{name.replace('_with_', '=True with ')}=True yet")


# ---- the public functions -------------------------------------------------------------


def gradcheck(func: Callable, inputs: Any, *, eps: float = 1e-6, atol: float = 1e-5,
              rtol: float = 1e-3, raise_exception: bool = True, nondet_tol: float = 0.0,
              check_undefined_grad: bool = True, check_grad_dtypes: bool = False,
              check_batched_grad: bool = False, check_batched_forward_grad: bool = False,
              check_forward_ad: bool = False, check_backward_ad: bool = True,
              fast_mode: bool = False, masked: bool | None = None) -> bool:
    """True when the analytical Jacobians of `func` at `inputs` match the numerical ones;
    else GradcheckError (a RuntimeError), or False with raise_exception=False.
    (check_grad_dtypes always holds: the engine casts each gradient to its input's dtype.)"""
    if not (check_forward_ad or check_backward_ad):
        raise TorchError("AssertionError", "Expected at least one of check_forward_ad or "
                         "check_backward_ad to be True")
    _refuse_unported(check_batched_grad=check_batched_grad,
                     check_forward_ad_with_fast_mode=check_forward_ad and fast_mode,
                     check_batched_forward_grad=check_batched_forward_grad,
                     masked=bool(masked))
    try:
        tupled_inputs = _as_tuple(inputs)
        _check_inputs(tupled_inputs)
        func_out = _as_tuple(func(*tupled_inputs))
        outputs = _differentiable_outputs(func_out)
        if check_backward_ad:
            check = _fast_gradcheck if fast_mode else _slow_gradcheck
            check(func, func_out, tupled_inputs, outputs, eps, rtol, atol, nondet_tol)
        if check_forward_ad:
            _slow_forward_gradcheck(func, func_out, tupled_inputs, outputs, eps, rtol, atol)
            if check_undefined_grad:
                _test_undefined_forward_mode(func, tupled_inputs)
        if not check_backward_ad:  # (the remaining tests need backward AD)
            return True
        _test_backward_mul_by_grad_output(outputs, tupled_inputs)
        if check_undefined_grad:
            _test_undefined_backward_mode(func, outputs, tupled_inputs)
    except TorchError as e:
        if e.type_name == GRADCHECK_ERROR and not raise_exception:
            return False
        raise
    return True


def _random_grad_output(x: Tensor, noncontiguous: bool) -> Tensor:
    """torch.testing.make_tensor(x.shape, low=-1, high=1, requires_grad=True): uniform draws
    from the global generator (in the float dtype of x, else float64)."""
    dtype = x.dtype if x.dtype.is_floating_point else dtypes.float64
    shape = x.data.shape
    noncontiguous = noncontiguous and x.numel() > 1
    if noncontiguous:  # twice as wide, then every other element
        shape = (*shape[:-1], 2 * shape[-1])
    values = runtime.current.generator.uniform(int(np.prod(shape)), -1.0, 1.0, dtype.name)
    values = values.reshape(shape)
    return Tensor(values[..., 1::2] if noncontiguous else values, requires_grad=True)


def gradgradcheck(func: Callable, inputs: Any, grad_outputs: Any = None, *, eps: float = 1e-6,
                  atol: float = 1e-5, rtol: float = 1e-3,
                  gen_non_contig_grad_outputs: bool = False, raise_exception: bool = True,
                  nondet_tol: float = 0.0, check_undefined_grad: bool = True,
                  check_grad_dtypes: bool = False, check_batched_grad: bool = False,
                  check_fwd_over_rev: bool = False, check_rev_over_rev: bool = True,
                  fast_mode: bool = False, masked: bool = False) -> bool:
    """gradcheck of the function that returns func's gradients (with create_graph=True), in
    the inputs and in the gradients of func's outputs (random when not given)."""
    if not (check_fwd_over_rev or check_rev_over_rev):
        raise TorchError("AssertionError", "Expected at least one of check_fwd_over_rev or "
                         "check_rev_over_rev to be True")
    if check_undefined_grad and not check_rev_over_rev:
        raise TorchError("AssertionError", "Setting check_undefined_grad=True requires "
                         "check_rev_over_rev to be True")
    tupled_inputs = _as_tuple(inputs)
    if grad_outputs is None:
        outputs = _differentiable_outputs(func(*tupled_inputs))
        tupled_grad_outputs = tuple(_random_grad_output(x, gen_non_contig_grad_outputs)
                                    for x in outputs)
    else:
        tupled_grad_outputs = _as_tuple(grad_outputs)
    num_outputs = len(tupled_grad_outputs)
    # (gradcheck may detach inputs in torch: their requires_grad is noted first)
    diff_input_args_indices = {i for i, x in enumerate(tupled_inputs)
                               if isinstance(x, Tensor) and x.requires_grad}
    diff_grad_output_indices = {i for i, x in enumerate(tupled_grad_outputs)
                                if x.requires_grad}

    def new_func(*args):
        input_args = tuple(x.requires_grad_() if i in diff_input_args_indices else x
                           for i, x in enumerate(args[:-num_outputs]))
        outputs = _differentiable_outputs(func(*input_args))
        grad_outputs = tuple(x.requires_grad_() if i in diff_grad_output_indices else x
                             for i, x in enumerate(args[-num_outputs:]))
        diff_input_args = tuple(x for i, x in enumerate(input_args)
                                if i in diff_input_args_indices)
        grad_inputs = autograd_grad(list(outputs), list(diff_input_args), list(grad_outputs),
                                    create_graph=True, allow_unused=True)
        return tuple(g for g in grad_inputs if g is not None)

    return gradcheck(new_func, tupled_inputs + tupled_grad_outputs, eps=eps, atol=atol,
                     rtol=rtol, raise_exception=raise_exception, nondet_tol=nondet_tol,
                     check_undefined_grad=check_undefined_grad,
                     check_grad_dtypes=check_grad_dtypes, check_batched_grad=check_batched_grad,
                     fast_mode=fast_mode, check_forward_ad=check_fwd_over_rev,
                     check_backward_ad=check_rev_over_rev, masked=masked)


FUNCTIONS = {"gradcheck": gradcheck, "gradgradcheck": gradgradcheck}
