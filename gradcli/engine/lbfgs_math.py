"""torch/optim/lbfgs.py's algorithm (PyTorch 2.13) on flat numpy vectors, line for line.

torch keeps the scalars it derives from tensors (y·s, 1/y·s, the step t after the first
iteration's `min(1.0, 1.0 / |g|.sum()) * lr`...) as 0-d tensors of the parameters' dtype; here
they are numpy scalars of that dtype, which round the same way when mixed with Python floats
(NEP 50: a Python float takes the array's dtype, as a wrapped scalar takes the tensor's).
`x.add_(y, alpha=a)` rounds as ATen's kernel (optim_math.add_scaled); dot products are numpy's,
as the engine's torch.dot, and |g|.sum() is torch's cascade (bitexact.torch_sum).

The parameters and the script's closure are reached through a `Problem`: the optimizer class
(torch/optim/lbfgs.py in gradcli) gives the flat gradient, moves the parameters and runs the
closure; this module only decides where to go.
"""
from __future__ import annotations

from typing import Any, Protocol

import numpy as np

from gradcli.engine.bitexact import torch_sum
from gradcli.engine.errors import TorchError
from gradcli.engine.optim_math import add_scaled


class Problem(Protocol):
    def evaluate(self) -> float:
        """The closure's loss as float(closure()), under enable_grad."""

    def flat_grad(self) -> np.ndarray:
        """Every parameter's .grad (zeros where None), flattened and concatenated."""

    def add_grad(self, step_size: Any, update: np.ndarray) -> None:
        """p.add_(update's slice for p, alpha=step_size) for every parameter."""

    def clone_params(self) -> list[np.ndarray]: ...

    def set_params(self, values: list[np.ndarray]) -> None: ...


def _dot(a: np.ndarray, b: np.ndarray) -> np.generic:
    return np.dot(a, b) + a.dtype.type(0)


def _abs_max(a: np.ndarray) -> np.generic:
    return np.abs(a).max()


def cubic_interpolate(x1, f1, g1, x2, f2, g2, bounds=None):
    """torch's _cubic_interpolate: the minimiser of the cubic through two points."""
    if bounds is not None:
        xmin_bound, xmax_bound = bounds
    else:
        xmin_bound, xmax_bound = (x1, x2) if x1 <= x2 else (x2, x1)
    d1 = g1 + g2 - 3 * (f1 - f2) / (x1 - x2)
    d2_square = d1**2 - g1 * g2
    if d2_square >= 0:
        d2 = np.sqrt(d2_square)
        if x1 <= x2:
            min_pos = x2 - (x2 - x1) * ((g2 + d2 - d1) / (g2 - g1 + 2 * d2))
        else:
            min_pos = x1 - (x1 - x2) * ((g1 + d2 - d1) / (g1 - g2 + 2 * d2))
        return min(max(min_pos, xmin_bound), xmax_bound)
    return (xmin_bound + xmax_bound) / 2.0


class _Bracket:
    """The line search's interval: steps, losses, gradients and directional derivatives."""

    def __init__(self, t, f, g, gtd):
        self.t, self.f, self.g, self.gtd = t, f, g, gtd

    def set(self, pos: int, t, f, g, gtd) -> None:
        self.t[pos], self.f[pos], self.g[pos], self.gtd[pos] = t, f, g, gtd

    def low_high(self) -> tuple[int, int]:
        return (0, 1) if self.f[0] <= self.f[-1] else (1, 0)


def strong_wolfe(obj_func, x, t, d, f, g, gtd, c1=1e-4, c2=0.9, tolerance_change=1e-9,
                 max_ls=25):
    """torch's _strong_wolfe: (loss, flat gradient, step, evaluations) at the accepted step."""
    d_norm = _abs_max(d)
    g = g.copy()
    f_new, g_new = obj_func(x, t, d)
    ls_func_evals = 1
    gtd_new = _dot(g_new, d)
    t_prev, f_prev, g_prev, gtd_prev = 0, f, g, gtd
    done = False
    ls_iter = 0
    bracket = None
    while ls_iter < max_ls:  # bracketing phase
        if f_new > (f + c1 * t * gtd) or (ls_iter > 1 and f_new >= f_prev):
            bracket = _Bracket([t_prev, t], [f_prev, f_new], [g_prev, g_new.copy()],
                               [gtd_prev, gtd_new])
            break
        if abs(gtd_new) <= -c2 * gtd:
            bracket = _Bracket([t], [f_new], [g_new], [gtd_new])
            done = True
            break
        if gtd_new >= 0:
            bracket = _Bracket([t_prev, t], [f_prev, f_new], [g_prev, g_new.copy()],
                               [gtd_prev, gtd_new])
            break
        min_step = t + 0.01 * (t - t_prev)
        max_step = t * 10
        tmp = t
        t = cubic_interpolate(t_prev, f_prev, gtd_prev, t, f_new, gtd_new,
                              bounds=(min_step, max_step))
        t_prev, f_prev, g_prev, gtd_prev = tmp, f_new, g_new.copy(), gtd_new
        f_new, g_new = obj_func(x, t, d)
        ls_func_evals += 1
        gtd_new = _dot(g_new, d)
        ls_iter += 1
    if ls_iter == max_ls:
        bracket = _Bracket([0, t], [f, f_new], [g, g_new], [None, None])
    evals, low = _zoom(obj_func, x, d, f, gtd, bracket, done, ls_iter, c1=c1, c2=c2,
                       tolerance_change=tolerance_change, max_ls=max_ls, d_norm=d_norm)
    return bracket.f[low], bracket.g[low], bracket.t[low], ls_func_evals + evals


def _zoom(obj_func, x, d, f, gtd, bracket: _Bracket, done: bool, ls_iter: int, *, c1, c2,
          tolerance_change, max_ls, d_norm) -> tuple[int, int]:
    """The zoom phase of _strong_wolfe: narrows the bracket in place until the strong Wolfe
    conditions hold; returns the evaluations it made and the bracket's low end."""
    evals = 0
    insuf_progress = False
    low_pos, high_pos = bracket.low_high()
    while not done and ls_iter < max_ls:
        if abs(bracket.t[1] - bracket.t[0]) * d_norm < tolerance_change:
            break
        t = cubic_interpolate(bracket.t[0], bracket.f[0], bracket.gtd[0],
                              bracket.t[1], bracket.f[1], bracket.gtd[1])
        hi, lo = max(bracket.t), min(bracket.t)
        eps = 0.1 * (hi - lo)
        if min(hi - t, t - lo) < eps:
            if insuf_progress or t >= hi or t <= lo:
                t = hi - eps if abs(t - hi) < abs(t - lo) else lo + eps
                insuf_progress = False
            else:
                insuf_progress = True
        else:
            insuf_progress = False
        f_new, g_new = obj_func(x, t, d)
        evals += 1
        gtd_new = _dot(g_new, d)
        ls_iter += 1
        if f_new > (f + c1 * t * gtd) or f_new >= bracket.f[low_pos]:
            bracket.set(high_pos, t, f_new, g_new.copy(), gtd_new)
            low_pos, high_pos = (0, 1) if bracket.f[0] <= bracket.f[1] else (1, 0)
        else:
            if abs(gtd_new) <= -c2 * gtd:
                done = True
            elif gtd_new * (bracket.t[high_pos] - bracket.t[low_pos]) >= 0:
                bracket.set(high_pos, bracket.t[low_pos], bracket.f[low_pos],
                            bracket.g[low_pos], bracket.gtd[low_pos])
            bracket.set(low_pos, t, f_new, g_new.copy(), gtd_new)
    return evals, low_pos


_CARRIED = ("d", "t", "old_dirs", "old_stps", "ro", "H_diag", "prev_flat_grad", "prev_loss")


def step(problem: Problem, state: dict, loss: float, *, lr, max_iter: int, max_eval,
         tolerance_grad: float, tolerance_change: float, history_size: int,
         line_search_fn: str | None) -> None:
    """LBFGS.step after its first closure call (whose float is `loss`): up to max_iter
    iterations, the parameters moved through `problem`, torch's state keys updated in place."""
    with np.errstate(all="ignore"):  # torch's 1/ys and friends go to inf silently
        _iterate(problem, state, loss, lr=lr, max_iter=max_iter, max_eval=max_eval,
                 tolerance_grad=tolerance_grad, tolerance_change=tolerance_change,
                 history_size=history_size, line_search_fn=line_search_fn)


def _iterate(problem: Problem, state: dict, loss: float, *, lr, max_iter, max_eval,
             tolerance_grad, tolerance_change, history_size, line_search_fn) -> None:
    state.setdefault("func_evals", 0)
    state.setdefault("n_iter", 0)
    current_evals = 1
    state["func_evals"] += 1
    flat_grad = problem.flat_grad()
    opt_cond = _abs_max(flat_grad) <= tolerance_grad
    if opt_cond:
        return
    carried = {key: state.get(key) for key in _CARRIED}
    n_iter = 0
    while n_iter < max_iter:
        n_iter += 1
        state["n_iter"] += 1
        _new_direction(state, carried, flat_grad, history_size)
        if carried["prev_flat_grad"] is None:
            carried["prev_flat_grad"] = flat_grad.copy()
        else:
            carried["prev_flat_grad"][...] = flat_grad
        carried["prev_loss"] = loss
        if state["n_iter"] == 1:
            carried["t"] = min(1.0, 1.0 / _abs_sum(flat_grad)) * lr
        else:
            carried["t"] = lr
        d = carried["d"]
        gtd = _dot(flat_grad, d)
        if gtd > -tolerance_change:  # the direction no longer descends
            break
        ls_func_evals = 0
        if line_search_fn is not None:
            if line_search_fn != "strong_wolfe":
                raise TorchError("RuntimeError", "only 'strong_wolfe' is supported")
            loss, flat_grad, carried["t"], ls_func_evals = _search(
                problem, d, carried["t"], loss, flat_grad, gtd, max_eval - current_evals)
            problem.add_grad(carried["t"], d)
            opt_cond = _abs_max(flat_grad) <= tolerance_grad
        else:
            problem.add_grad(carried["t"], d)
            if n_iter != max_iter:
                loss = problem.evaluate()
                flat_grad = problem.flat_grad()
                opt_cond = _abs_max(flat_grad) <= tolerance_grad
                ls_func_evals = 1
        current_evals += ls_func_evals
        state["func_evals"] += ls_func_evals
        if (n_iter == max_iter or current_evals >= max_eval or opt_cond
                or _abs_max(d * carried["t"]) <= tolerance_change
                or abs(loss - carried["prev_loss"]) < tolerance_change):
            break
    state.update(carried)


def _abs_sum(a: np.ndarray) -> np.generic:
    return np.asarray(torch_sum(np.abs(a)))[()]


def _new_direction(state: dict, carried: dict, flat_grad: np.ndarray,
                   history_size: int) -> None:
    """The descent direction d: -g on the first iteration, else the two-loop recursion over
    the curvature pairs (y, s) kept so far, after adding the newest if y·s > 1e-10."""
    if state["n_iter"] == 1:
        carried.update(d=-flat_grad, old_dirs=[], old_stps=[], ro=[], H_diag=1)
        return
    old_dirs, old_stps, ro = carried["old_dirs"], carried["old_stps"], carried["ro"]
    y = flat_grad - carried["prev_flat_grad"]
    s = carried["d"] * carried["t"]
    ys = _dot(y, s)
    if ys > 1e-10:
        if len(old_dirs) == history_size:
            old_dirs.pop(0)
            old_stps.pop(0)
            ro.pop(0)
        old_dirs.append(y)
        old_stps.append(s)
        ro.append(1.0 / ys)
        carried["H_diag"] = ys / _dot(y, y)
    if "al" not in state:
        state["al"] = [None] * history_size
    al = state["al"]
    q = -flat_grad
    for i in range(len(old_dirs) - 1, -1, -1):
        al[i] = _dot(old_stps[i], q) * ro[i]
        q[...] = add_scaled(q, old_dirs[i], -al[i])
    r = q * carried["H_diag"]
    for i in range(len(old_dirs)):
        be_i = _dot(old_dirs[i], r) * ro[i]
        r[...] = add_scaled(r, old_stps[i], al[i] - be_i)
    carried["d"] = r


def _search(problem: Problem, d: np.ndarray, t, loss: float, flat_grad: np.ndarray, gtd,
            max_ls: int):
    """The strong-Wolfe line search from the current parameters, which it leaves as found."""
    x_init = problem.clone_params()

    def obj_func(x, t, d):  # LBFGS._directional_evaluate
        problem.add_grad(t, d)
        value = problem.evaluate()
        grad = problem.flat_grad()
        problem.set_params(x)
        return value, grad

    return strong_wolfe(obj_func, x_init, t, d, loss, flat_grad, gtd, max_ls=max_ls)
