"""torch.optim's update arithmetic on numpy arrays, rounded as PyTorch 2.13's CPU kernels round it.

On CPU torch.optim runs its `_single_tensor_*` functions (foreach and fused kernels are for
accelerators). Each step below replays one of them for one parameter, op by op, with the rounding
of torch's CPU kernels: hyperparameters stay Python floats (double) until a kernel takes one, which
casts it once to the parameter's dtype; `add(alpha=)`, `addcmul` and `lerp` round once (fused
multiply-add, in the vector loop and in the compiler-contracted scalar tail alike, where ATen runs
its AVX2/AVX-512 kernels; twice under `ATEN_CPU_CAPABILITY=default`: engine/cpu.py); `addcdiv` is
`self + (value * t1) / t2`, rounded op by op; float32 sqrt is MKL's generic kernel (vml_sqrt32).
Bit for bit on the machine this was measured on (AVX2, AMD EPYC); elsewhere MKL picks other sqrt
kernels (correctly rounded on AVX-512 Xeons) and float64 sqrt is MKL's vdSqrt (1 ulp from np.sqrt
in ~1.3% of elements): within 1 ulp per op, as torch itself varies across CPU kinds.
Parameters and state buffers are updated in place, as torch's in-place ops do.
"""
from __future__ import annotations

import base64
import bisect
import math
import zlib
from collections import Counter

import numpy as np

from gradcli.engine import dtypes, runtime
from gradcli.engine.cpu import fuses_multiply_add
from gradcli.engine.rng import compiled_fma

_SPLIT = 134217729.0  # 2**27 + 1: Veltkamp's split of a double into two 26-bit halves


def _two_sum(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    total = a + b
    back = total - a
    return total, (a - (total - back)) + (b - back)


def _two_product(a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    product = a * b
    a_high = _SPLIT * a - (_SPLIT * a - a)
    b_high = _SPLIT * b - (_SPLIT * b - b)
    a_low, b_low = a - a_high, b - b_high
    error = ((a_high * b_high - product) + a_high * b_low + a_low * b_high) + a_low * b_low
    return product, error


def array_fma64(a, b, c) -> np.ndarray:
    """a * b + c for float64 arrays, rounded once (Boldo & Melquiond's emulation).

    a*b = p + e and c + p = s + t exactly; e + t rounded to odd cannot double-round when added
    to s. Non-finite results (or a split overflowing past 1e300) fall back to the plain formula.
    """
    a, b, c = (np.asarray(x, dtype=np.float64) for x in (a, b, c))
    product, product_error = _two_product(a, b)
    high, low = _two_sum(c, product)
    tail, tail_error = _two_sum(low, product_error)
    even = (tail.view(np.uint64) & np.uint64(1)) == 0
    toward = np.where(tail_error > 0, np.inf, -np.inf)
    tail = np.where((tail_error != 0) & even, np.nextafter(tail, toward), tail)
    fused = high + tail
    return np.where(np.isfinite(fused), fused, a * b + c)


def _fma(a, b, c) -> np.ndarray:
    """a * b + c as torch's kernel on this CPU computes it (rng.compiled_fma), with the float64
    emulation of this module (quicker on arrays) where it is fused."""
    if np.result_type(a, b, c) == np.float32 or not fuses_multiply_add():
        return compiled_fma(a, b, c)
    return array_fma64(a, b, c)


# rsqrtps on the oracle machine (AMD EPYC, measured): for a normal float32 x = 2**e * 1.f, the
# seed depends only on e's parity and f's top 12 bits, and is 2**(-(e - parity)/2) * (1 + m/4096)/2
# with m a 12-bit integer. Over the 8192 (parity, top bits) slots m falls from 4095 to 0 by 0, 1 or
# 2 at a time; these are those drops, zlib-compressed. Intel's rsqrtps seeds differ.
_RSQRT_SEED_DROPS = (
    "eNrdltsOwjAMQ938/0fzwGDrNXhJ0w7GlHo+TkU1iSC9PziqKDoZ+WTkrRoN//pMBuwv/uoK3se5RqVF8WdrOPNtPzuZ"
    "TIviz9Zw5ktfTnX9djXLr9bQ+JNs1tk+JufVeqzz87mv4cx7+w0eVRloIfloDZZP+ZUUjc18M4//unA3V5xHafR8lo/2"
    "VZ4JN3Qy5lfrryyPo6NB8t79vHlkTz7vx6mj/RU8GTHp6P10nXvWuls/NU9O1qL4cJ7k4cy3fjKqZV8LybMak/M9/1OE"
    "nD1l41mY09lf4tUcajj70Tz+bJ4F6yuThNW38t75Si+eQxGcH/CNeXC+H83Xecdh5QEVqF/8fDAca5A8m0dwP2zWz8rT"
    "/Rx7P1GXHibvjeC8Nx/dz9uv+WPduTU/mt8tv/t+2v0C+YUQAA=="
)
_RSQRT_SEEDS = ((8191 - np.cumsum(np.frombuffer(
    zlib.decompress(base64.b64decode(_RSQRT_SEED_DROPS)), np.uint8))) / 8192).astype(np.float32)


def _rsqrt_seed(x: np.ndarray) -> np.ndarray:
    """rsqrtps(x) for normal positive float32 x, from the measured seed table."""
    bits = x.view(np.uint32)
    exponent = (bits >> 23).astype(np.int32) - 127
    parity = exponent & 1
    return np.ldexp(_RSQRT_SEEDS[(parity << 12) | (bits >> 11 & 0xFFF)], (parity - exponent) // 2)


def vml_sqrt32(x) -> np.ndarray:
    """torch.sqrt of float32 on CPU: MKL VML's vsSqrt (HA), whose generic x86 kernel
    (mkl_vml_kernel_sSqrt_EXHAynn, what MKL runs on AMD) refines the rsqrtps seed y by Newton
    steps in float32 without fma; it is not correctly rounded (errors up to 0.75 ulp).
    Zero, subnormals, the top 4095 floats, negatives, inf and nan take MKL's exact scalar path."""
    x = np.asarray(x, dtype=np.float32)
    bits = x.view(np.uint32)
    regular = (bits >= 0x00800000) & (bits <= 0x7F7FF000)
    safe = np.where(regular, x, np.float32(1))
    half = np.float32(0.5)
    y = _rsqrt_seed(safe)
    root, half_y = safe * y, y * half
    correction = half - root * half_y
    root, half_y = root * correction + root, half_y * correction + half_y
    root = (safe - root * root) * half_y + root
    with np.errstate(invalid="ignore"):
        return np.where(regular, root, np.sqrt(x))


def _sqrt(x: np.ndarray) -> np.ndarray:
    return vml_sqrt32(x) if x.dtype == np.float32 else np.sqrt(x)


def _cast(value: float, like: np.ndarray) -> np.generic:
    """A Python-float hyperparameter as a kernel sees it: cast once to the tensor's dtype."""
    return like.dtype.type(value)


def _add(tensor: np.ndarray, other: np.ndarray, alpha: float) -> np.ndarray:
    """torch.add(tensor, other, alpha=alpha): fmadd(other, alpha, tensor)."""
    return _fma(other, _cast(alpha, tensor), tensor)


def add_scaled(tensor: np.ndarray, other: np.ndarray, alpha) -> np.ndarray:
    """`tensor.add(other, alpha=alpha)` for LBFGS, whose alphas are 0-d tensors or floats."""
    return _add(tensor, other, alpha)


def _addcmul(tensor: np.ndarray, t1: np.ndarray, t2: np.ndarray, value: float) -> np.ndarray:
    """torch.addcmul: `self + value * t1 * t2`, contracted to fma(value * t1, t2, self)."""
    return _fma(_cast(value, tensor) * t1, t2, tensor)


def _addcdiv(tensor: np.ndarray, t1: np.ndarray, t2: np.ndarray, value: float) -> np.ndarray:
    """torch.addcdiv: `self + value * t1 / t2`, left to right, nothing fused."""
    return tensor + _cast(value, tensor) * t1 / t2


def _lerp(start: np.ndarray, end: np.ndarray, weight: float) -> np.ndarray:
    """torch.lerp with a scalar weight (ATen's lerp_vec): the fma from whichever end is nearer."""
    weight = _cast(weight, start)
    if abs(weight) < 0.5:
        return _fma(weight, end - start, start)
    return _fma(start - end, weight.dtype.type(1) - weight, end)


def _effective_grad(param: np.ndarray, grad: np.ndarray, weight_decay: float,
                    maximize: bool) -> np.ndarray:
    """The opening lines every `_single_tensor_*` shares: negate to maximize, then L2 decay."""
    if maximize:
        grad = -grad
    if weight_decay != 0:
        grad = _add(grad, param, weight_decay)
    return grad


def _count_step(state: dict) -> float:
    """`step_t += 1` on the float32 (or float64) step tensor, then `_get_value` (.item())."""
    state["step"] += 1  # in place on the 0-d array, as torch's step tensor
    return float(state["step"])


def _new_step(dtype=None) -> np.ndarray:
    """A fresh `state["step"]`: torch.tensor(0.0, dtype=_get_scalar_dtype()); prints tensor(0.)."""
    return np.zeros((), dtype=dtype or scalar_dtype())


def scalar_dtype() -> np.dtype:
    """torch.optim's _get_scalar_dtype(), for its step counts: float64 only where the session's
    default dtype is float64 when the state is made."""
    return np.dtype(np.float64 if runtime.current.default_dtype is dtypes.float64 else np.float32)


def sgd_step(param: np.ndarray, grad: np.ndarray, state: dict, *, lr: float, momentum: float,
             dampening: float, weight_decay: float, nesterov: bool, maximize: bool) -> None:
    """torch/optim/sgd.py `_single_tensor_sgd`; SGD.step stores the buffer only if momentum != 0."""
    grad = _effective_grad(param, grad, weight_decay, maximize)
    if momentum != 0:
        buffer = state.get("momentum_buffer")
        if buffer is None:
            buffer = state["momentum_buffer"] = np.array(grad)  # a 0-d copy stays an array
        else:
            buffer[...] = _add(buffer * _cast(momentum, buffer), grad, 1 - dampening)
        grad = _add(grad, buffer, momentum) if nesterov else buffer
    param[...] = _add(param, grad, -lr)


def adam_state(param: np.ndarray, *, amsgrad: bool, step_dtype=None) -> dict:
    """Adam._init_group's lazy state, in torch's key order (AdamW's too)."""
    state = {"step": _new_step(step_dtype), "exp_avg": np.zeros_like(param),
             "exp_avg_sq": np.zeros_like(param)}
    if amsgrad:
        state["max_exp_avg_sq"] = np.zeros_like(param)
    return state


def adam_step(param: np.ndarray, grad: np.ndarray, state: dict, *, lr: float,
              betas: tuple[float, float], eps: float, weight_decay: float, amsgrad: bool,
              maximize: bool, decoupled_weight_decay: bool = False) -> None:
    """torch/optim/adam.py `_single_tensor_adam` (capturable=False); AdamW is this with
    decoupled_weight_decay=True (torch's AdamW subclasses Adam the same way)."""
    beta1, beta2 = betas
    step = _count_step(state)
    if decoupled_weight_decay and weight_decay != 0:
        param[...] = param * _cast(1 - lr * weight_decay, param)
    grad = _effective_grad(param, grad, 0 if decoupled_weight_decay else weight_decay, maximize)
    exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
    exp_avg[...] = _lerp(exp_avg, grad, 1 - beta1)
    exp_avg_sq[...] = _addcmul(exp_avg_sq * _cast(beta2, exp_avg_sq), grad, grad, 1 - beta2)
    bias_correction1 = 1 - beta1 ** step
    bias_correction2 = 1 - beta2 ** step
    step_size = lr / bias_correction1
    bias_correction2_sqrt = bias_correction2 ** 0.5
    if amsgrad:
        np.maximum(state["max_exp_avg_sq"], exp_avg_sq, out=state["max_exp_avg_sq"])
        exp_avg_sq = state["max_exp_avg_sq"]
    denom = _sqrt(exp_avg_sq) / _cast(bias_correction2_sqrt, param) + _cast(eps, param)
    param[...] = _addcdiv(param, exp_avg, denom, -step_size)


def rmsprop_state(param: np.ndarray, *, momentum: float, centered: bool,
                  step_dtype=None) -> dict:
    """RMSprop._init_group's lazy state, in torch's key order."""
    state = {"step": _new_step(step_dtype), "square_avg": np.zeros_like(param)}
    if momentum > 0:
        state["momentum_buffer"] = np.zeros_like(param)
    if centered:
        state["grad_avg"] = np.zeros_like(param)
    return state


def rmsprop_step(param: np.ndarray, grad: np.ndarray, state: dict, *, lr: float, alpha: float,
                 eps: float, weight_decay: float, momentum: float, centered: bool,
                 maximize: bool) -> None:
    """torch/optim/rmsprop.py `_single_tensor_rmsprop`."""
    _count_step(state)
    grad = _effective_grad(param, grad, weight_decay, maximize)
    square_avg = state["square_avg"]
    square_avg[...] = _addcmul(square_avg * _cast(alpha, square_avg), grad, grad, 1 - alpha)
    if centered:
        grad_avg = state["grad_avg"]
        grad_avg[...] = _lerp(grad_avg, grad, 1 - alpha)
        avg = _sqrt(_addcmul(square_avg, grad_avg, grad_avg, -1))
    else:
        avg = _sqrt(square_avg)
    avg = avg + _cast(eps, avg)
    if momentum > 0:
        buffer = state["momentum_buffer"]
        buffer[...] = _addcdiv(buffer * _cast(momentum, buffer), grad, avg, 1)
        param[...] = _add(param, buffer, -lr)
    else:
        param[...] = _addcdiv(param, grad, avg, -lr)


def adagrad_state(param: np.ndarray, *, initial_accumulator_value: float,
                  step_dtype=None) -> dict:
    """Adagrad.__init__'s eager state (torch.full_like(p, initial_accumulator_value))."""
    return {"step": _new_step(step_dtype),
            "sum": np.full_like(param, initial_accumulator_value)}


def adagrad_step(param: np.ndarray, grad: np.ndarray, state: dict, *, lr: float,
                 lr_decay: float, weight_decay: float, eps: float, maximize: bool) -> None:
    """torch/optim/adagrad.py `_single_tensor_adagrad`, dense gradients."""
    step = _count_step(state)
    grad = _effective_grad(param, grad, weight_decay, maximize)
    clr = lr / (1 + (step - 1) * lr_decay)
    state_sum = state["sum"]
    state_sum[...] = _addcmul(state_sum, grad, grad, 1)
    std = _sqrt(state_sum) + _cast(eps, state_sum)
    param[...] = _addcdiv(param, grad, std, -clr)



def adadelta_state(param: np.ndarray, step_dtype=None) -> dict:
    """Adadelta._init_group's lazy state, in torch's key order."""
    return {"step": _new_step(step_dtype), "square_avg": np.zeros_like(param),
            "acc_delta": np.zeros_like(param)}


def adadelta_step(param: np.ndarray, grad: np.ndarray, state: dict, *, lr: float, rho: float,
                  eps: float, weight_decay: float, maximize: bool) -> None:
    """torch/optim/adadelta.py `_single_tensor_adadelta`."""
    _count_step(state)
    grad = _effective_grad(param, grad, weight_decay, maximize)
    square_avg, acc_delta = state["square_avg"], state["acc_delta"]
    square_avg[...] = _addcmul(square_avg * _cast(rho, square_avg), grad, grad, 1 - rho)
    std = _sqrt(square_avg + _cast(eps, square_avg))
    delta = _sqrt(acc_delta + _cast(eps, acc_delta)) / std * grad
    acc_delta[...] = _addcmul(acc_delta * _cast(rho, acc_delta), delta, delta, 1 - rho)
    param[...] = _add(param, delta, -lr)

def adamax_state(param: np.ndarray, step_dtype=None) -> dict:
    """Adamax._init_group's lazy state, in torch's key order."""
    return {"step": _new_step(step_dtype), "exp_avg": np.zeros_like(param),
            "exp_inf": np.zeros_like(param)}


def adamax_step(param: np.ndarray, grad: np.ndarray, state: dict, *, lr: float,
                betas: tuple[float, float], eps: float, weight_decay: float,
                maximize: bool) -> None:
    """torch/optim/adamax.py `_single_tensor_adamax` (not differentiable nor capturable)."""
    beta1, beta2 = betas
    step = _count_step(state)
    grad = _effective_grad(param, grad, weight_decay, maximize)
    exp_avg, exp_inf = state["exp_avg"], state["exp_inf"]
    exp_avg[...] = _lerp(exp_avg, grad, 1 - beta1)
    exp_inf[...] = np.maximum(exp_inf * _cast(beta2, exp_inf), np.abs(grad) + _cast(eps, grad))
    clr = lr / (1 - beta1 ** step)
    param[...] = _addcdiv(param, exp_avg, exp_inf, -clr)


def _decay(param: np.ndarray, grad: np.ndarray, *, lr: float, weight_decay: float,
           decoupled: bool, maximize: bool) -> np.ndarray:
    """NAdam's and RAdam's weight decay: `param.mul_(1 - lr * weight_decay)` when decoupled,
    else the L2 term added to the gradient."""
    if decoupled and weight_decay != 0:
        param[...] = param * _cast(1 - lr * weight_decay, param)
        weight_decay = 0
    return _effective_grad(param, grad, weight_decay, maximize)


def nadam_state(param: np.ndarray, step_dtype=None) -> dict:
    """NAdam._init_group's lazy state, in torch's key order (mu_product a 0-d tensor of 1)."""
    step_dtype = step_dtype or scalar_dtype()
    return {"step": _new_step(step_dtype), "mu_product": np.ones((), dtype=step_dtype),
            "exp_avg": np.zeros_like(param), "exp_avg_sq": np.zeros_like(param)}


def nadam_step(param: np.ndarray, grad: np.ndarray, state: dict, *, lr: float,
               betas: tuple[float, float], eps: float, weight_decay: float,
               momentum_decay: float, decoupled_weight_decay: bool, maximize: bool) -> None:
    """torch/optim/nadam.py `_single_tensor_nadam` (not differentiable nor capturable)."""
    beta1, beta2 = betas
    step = _count_step(state)
    bias_correction2 = 1 - beta2 ** step
    grad = _decay(param, grad, lr=lr, weight_decay=weight_decay,
                  decoupled=decoupled_weight_decay, maximize=maximize)
    mu = beta1 * (1.0 - 0.5 * (0.96 ** (step * momentum_decay)))
    mu_next = beta1 * (1.0 - 0.5 * (0.96 ** ((step + 1) * momentum_decay)))
    mu_product = state["mu_product"]
    mu_product[...] = mu_product * _cast(mu, mu_product)
    exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
    exp_avg[...] = _lerp(exp_avg, grad, 1 - beta1)
    exp_avg_sq[...] = _addcmul(exp_avg_sq * _cast(beta2, exp_avg_sq), grad, grad, 1 - beta2)
    denom = _sqrt(exp_avg_sq / _cast(bias_correction2, exp_avg_sq))
    denom = denom + _cast(eps, denom)
    mu_product_next = float(mu_product) * mu_next
    param[...] = _addcdiv(param, grad, denom, -lr * (1.0 - mu) / (1.0 - float(mu_product)))
    param[...] = _addcdiv(param, exp_avg, denom, (-lr * mu_next) / (1.0 - mu_product_next))


def radam_state(param: np.ndarray, step_dtype=None) -> dict:
    """RAdam._init_group's lazy state: Adam's keys, without amsgrad's."""
    return adam_state(param, amsgrad=False, step_dtype=step_dtype)


def radam_step(param: np.ndarray, grad: np.ndarray, state: dict, *, lr: float,
               betas: tuple[float, float], eps: float, weight_decay: float,
               decoupled_weight_decay: bool, maximize: bool) -> None:
    """torch/optim/radam.py `_single_tensor_radam` (not capturable); its state is Adam's."""
    beta1, beta2 = betas
    step = _count_step(state)
    grad = _decay(param, grad, lr=lr, weight_decay=weight_decay,
                  decoupled=decoupled_weight_decay, maximize=maximize)
    exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
    exp_avg[...] = _lerp(exp_avg, grad, 1 - beta1)
    exp_avg_sq[...] = _addcmul(exp_avg_sq * _cast(beta2, exp_avg_sq), grad, grad, 1 - beta2)
    bias_correction1 = 1 - beta1 ** step
    bias_correction2 = 1 - beta2 ** step
    update = exp_avg / _cast(bias_correction1, exp_avg) * _cast(lr, exp_avg)
    rho_inf = 2 / (1 - beta2) - 1
    rho_t = rho_inf - 2 * step * (beta2 ** step) / bias_correction2
    if rho_t > 5.0:
        rect = ((rho_t - 4) * (rho_t - 2) * rho_inf
                / ((rho_inf - 4) * (rho_inf - 2) * rho_t)) ** 0.5
        root = _sqrt(exp_avg_sq) + _cast(eps, exp_avg_sq)
        # `scalar / tensor` is torch's tensor.reciprocal() * scalar
        adaptive = np.reciprocal(root) * _cast(bias_correction2 ** 0.5, root)
        update = update * adaptive * _cast(rect, update)
    param[...] = _add(param, update, -1.0)

def rprop_state(param: np.ndarray, *, lr: float, step_dtype=None) -> dict:
    """Rprop._init_group's lazy state: each element's step size starts at lr."""
    return {"step": _new_step(step_dtype), "prev": np.zeros_like(param),
            "step_size": np.full_like(param, lr)}


def rprop_step(param: np.ndarray, grad: np.ndarray, state: dict, *, etas: tuple[float, float],
               step_sizes: tuple[float, float], maximize: bool) -> None:
    """torch/optim/rprop.py `_single_tensor_rprop`: each step size grows by etaplus where the
    gradient kept its sign, shrinks by etaminus where it flipped (and that gradient is
    skipped), and the parameter moves by it against the gradient's sign."""
    etaminus, etaplus = (_cast(eta, param) for eta in etas)
    _count_step(state)
    if maximize:
        grad = -grad
    prev, step_size = state["prev"], state["step_size"]
    sign = np.sign(grad * prev)
    sign = np.where(sign > 0, etaplus, np.where(sign < 0, etaminus,
                                                np.where(sign == 0, sign.dtype.type(1), sign)))
    low, high = (_cast(bound, param) for bound in step_sizes)
    step_size[...] = np.minimum(np.maximum(step_size * sign, low), high)
    grad = np.where(sign == etaminus, grad.dtype.type(0), grad)
    param[...] = _addcmul(param, np.sign(grad), step_size, -1)
    prev[...] = grad


def asgd_state(param: np.ndarray, *, lr: float, step_dtype=None) -> dict:
    """ASGD._init_group's lazy state, in torch's key order (eta and mu 0-d tensors)."""
    step_dtype = step_dtype or scalar_dtype()
    return {"step": _new_step(step_dtype), "eta": np.array(lr, dtype=step_dtype),
            "mu": np.ones((), dtype=step_dtype), "ax": np.zeros_like(param)}


def asgd_step(param: np.ndarray, grad: np.ndarray, state: dict, *, lr: float, lambd: float,
              alpha: float, t0: float, weight_decay: float, maximize: bool) -> None:
    """torch/optim/asgd.py `_single_tensor_asgd` (not capturable)."""
    step = _count_step(state)
    grad = _effective_grad(param, grad, weight_decay, maximize)
    eta_value = float(state["eta"])
    param[...] = param * _cast(1 - lambd * eta_value, param)
    param[...] = _add(param, grad, -eta_value)
    ax, mu = state["ax"], state["mu"]
    if float(mu) != 1:
        ax[...] = ax + (param - ax) * mu.astype(ax.dtype)
    else:
        ax[...] = param
    # torch.as_tensor(float) is of the default dtype, then copied into the state tensor
    state["eta"][...] = np.float32(lr / ((1 + lambd * lr * step) ** alpha))
    mu[...] = np.float32(1 / max(1, step - t0))

# ---- lr schedulers: group["lr"] is a Python float, so these are plain double arithmetic ------

def step_lr(lr: float, last_epoch: int, *, step_size: int, gamma: float) -> float:
    """StepLR.get_lr (chained, what step() uses): the group's lr after moving to last_epoch."""
    if last_epoch == 0 or last_epoch % step_size != 0:
        return lr
    return lr * gamma


def step_lr_closed_form(base_lr: float, last_epoch: int, *, step_size: int,
                        gamma: float) -> float:
    """StepLR._get_closed_form_lr, used by the deprecated step(epoch)."""
    return base_lr * gamma ** (last_epoch // step_size)


def multi_step_lr(lr: float, last_epoch: int, *, milestones: Counter, gamma: float) -> float:
    """MultiStepLR.get_lr (chained): times gamma once per time last_epoch is a milestone."""
    if last_epoch not in milestones:
        return lr
    return lr * gamma ** milestones[last_epoch]


def multi_step_lr_closed_form(base_lr: float, last_epoch: int, *, milestones: Counter,
                              gamma: float) -> float:
    """MultiStepLR._get_closed_form_lr, used by the deprecated step(epoch)."""
    return base_lr * gamma ** bisect.bisect_right(sorted(milestones.elements()), last_epoch)


def exponential_lr(lr: float, *, gamma: float, initial: bool) -> float:
    """ExponentialLR.get_lr (chained): unchanged on the constructor's initial step."""
    return lr if initial else lr * gamma


def exponential_lr_closed_form(base_lr: float, last_epoch: int, *, gamma: float) -> float:
    """ExponentialLR._get_closed_form_lr, used by the deprecated step(epoch)."""
    return base_lr * gamma ** last_epoch


def cosine_annealing_lr(lr: float, base_lr: float, last_epoch: int, *, t_max: int,
                        eta_min: float, initial: bool, first_step: bool) -> float:
    """CosineAnnealingLR.get_lr (chained): each step scales the distance to eta_min by the
    ratio of consecutive cosines; at each restart of the period it adds the step back."""
    if initial:
        return lr
    if first_step and last_epoch > 0:
        return cosine_annealing_lr_closed_form(base_lr, last_epoch, t_max=t_max, eta_min=eta_min)
    if (last_epoch - 1 - t_max) % (2 * t_max) == 0:
        return lr + (base_lr - eta_min) * (1 - math.cos(math.pi / t_max)) / 2
    return ((1 + math.cos(math.pi * last_epoch / t_max))
            / (1 + math.cos(math.pi * (last_epoch - 1) / t_max)) * (lr - eta_min) + eta_min)


def cosine_annealing_lr_closed_form(base_lr: float, last_epoch: int, *, t_max: int,
                                    eta_min: float) -> float:
    """CosineAnnealingLR._get_closed_form_lr."""
    return eta_min + (base_lr - eta_min) * (1 + math.cos(math.pi * last_epoch / t_max)) / 2
