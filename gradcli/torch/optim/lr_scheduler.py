"""torch.optim.lr_scheduler's StepLR, MultiStepLR, ExponentialLR, LambdaLR,
CosineAnnealingLR, MultiplicativeLR, ConstantLR, LinearLR, PolynomialLR, OneCycleLR, CyclicLR,
ReduceLROnPlateau, CosineAnnealingWarmRestarts, ChainedScheduler and SequentialLR as built-in
classes deriving from LRScheduler, ported from torch/optim/lr_scheduler.py: each scheduler is
its `get_lr` (the chained form step() uses) and, where torch has one, its closed form (what the
deprecated step(epoch) uses); the last four have their own step. A group's lr is a Python
float, so the arithmetic is plain double (engine/optim_math.py; the later schedulers' factors,
short Python expressions, stay inline)."""
from __future__ import annotations

import bisect
import math
from collections import Counter
from collections.abc import Callable

from gradcli.engine import optim_math
from gradcli.engine.errors import TorchError, warn
from gradcli.engine.type_names import type_name
from gradcli.sandbox.objects import MISSING, ScriptClass, ScriptInstance
from gradcli.torch.nn.modules.module import builtin_class
from gradcli.torch.optim.optimizer import STEPPED, is_optimizer
from gradcli.torch.optim.optimizer import _repr as optimizer_repr

_EPOCH_DEPRECATION = (
    "The epoch parameter in `scheduler.step()` was not necessary and is being deprecated where "
    "possible. Please use `scheduler.step()` to step the scheduler. During the deprecation, if "
    "epoch is different from None, the closed form is used instead of the new chainable form, "
    "where available. Please open an issue if you are unable to replicate your use case: "
    "https://github.com/pytorch/pytorch/issues/new/choose.")
_STEP_ORDER = (
    "Detected call of `lr_scheduler.step()` before `optimizer.step()`. In PyTorch 1.1.0 and "
    "later, you should call them in the opposite order: `optimizer.step()` before "
    "`lr_scheduler.step()`.  Failure to do this will result in PyTorch skipping the first value "
    "of the learning rate schedule. See more details at "
    "https://pytorch.org/docs/stable/optim.html#how-to-adjust-learning-rate")
_NO_INITIAL_LR = (
    "param 'initial_lr' is not specified in param_groups[{}] when resuming scheduler with "
    "last_epoch >= 0.\nThis typically happens when:\n1. You're trying to resume training from a "
    "checkpoint but haven't properly loaded the optimizer state\n2. You're using last_epoch >= 0 "
    "for a fresh training run (not recommended)")


def _groups(self: ScriptInstance) -> list[dict]:
    return self.attributes["optimizer"].attributes["param_groups"]


def _init(self: ScriptInstance, optimizer, last_epoch: int = -1, first_step=None) -> None:
    """LRScheduler.__init__: each group's initial_lr, then the constructor's first step (the
    class's own step where it has one)."""
    if not is_optimizer(optimizer):
        raise TorchError("TypeError", f"{type_name(optimizer)} is not an Optimizer")
    self.attributes["optimizer"] = optimizer
    groups = _groups(self)
    for index, group in enumerate(groups):
        if last_epoch == -1:
            group.setdefault("initial_lr", group["lr"])
        elif "initial_lr" not in group:
            raise TorchError("KeyError", repr(_NO_INITIAL_LR.format(index)))
    self.attributes.update(base_lrs=[g["initial_lr"] for g in groups], last_epoch=last_epoch,
                           _step_count=0, _is_initial=True)
    (first_step or _step)(self)
    self.attributes["_is_initial"] = False


def _step(self: ScriptInstance, epoch: int | None = None) -> None:
    """LRScheduler.step: the order warning on the first real step, then the new lrs."""
    attributes = self.attributes
    if attributes["_step_count"] == 1 and not attributes["optimizer"].attributes.get(STEPPED):
        warn(_STEP_ORDER)
    attributes["_step_count"] += 1
    if epoch is not None:
        warn(_EPOCH_DEPRECATION)
    _update_lr(self, epoch)


def _update_lr(self: ScriptInstance, epoch: int | None = None) -> None:
    """LRScheduler._update_lr: the next lrs (the closed form's for a given epoch) set."""
    attributes = self.attributes
    if epoch is None:
        attributes["last_epoch"] += 1
        lrs = self.attribute("_lr")()
    else:
        attributes["last_epoch"] = epoch
        closed_form = self.cls.lookup("_closed_form_lr") is not MISSING
        lrs = self.attribute("_closed_form_lr" if closed_form else "_lr")()
    for group, lr in zip(_groups(self), lrs):
        group["lr"] = lr
    attributes["_last_lr"] = [group["lr"] for group in _groups(self)]


LR_SCHEDULER = builtin_class("LRScheduler", None, {
    "__init__": _init, "step": _step,
    "get_last_lr": lambda self: self.attributes["_last_lr"]})


def _scheduler(name: str, init_: Callable, lr: Callable,
               closed_form: Callable | None = None) -> ScriptClass:
    methods = {"__init__": init_, "_lr": lr}
    if closed_form is not None:
        methods["_closed_form_lr"] = closed_form
    return builtin_class(name, LR_SCHEDULER, methods)


# ---- StepLR, MultiStepLR, ExponentialLR, LambdaLR -------------------------------------------


def _step_lr_init(self, optimizer, step_size, gamma=0.1, last_epoch=-1) -> None:
    self.attributes.update(step_size=step_size, gamma=gamma)
    _init(self, optimizer, last_epoch)


def _step_lr(self) -> list[float]:
    return [optim_math.step_lr(g["lr"], self.attributes["last_epoch"],
                               step_size=self.attributes["step_size"],
                               gamma=self.attributes["gamma"]) for g in _groups(self)]


def _step_lr_closed_form(self) -> list[float]:
    return [optim_math.step_lr_closed_form(base, self.attributes["last_epoch"],
                                           step_size=self.attributes["step_size"],
                                           gamma=self.attributes["gamma"])
            for base in self.attributes["base_lrs"]]


def _multi_step_lr_init(self, optimizer, milestones, gamma=0.1, last_epoch=-1) -> None:
    self.attributes.update(milestones=Counter(milestones), gamma=gamma)
    _init(self, optimizer, last_epoch)


def _multi_step_lr(self) -> list[float]:
    return [optim_math.multi_step_lr(g["lr"], self.attributes["last_epoch"],
                                     milestones=self.attributes["milestones"],
                                     gamma=self.attributes["gamma"]) for g in _groups(self)]


def _multi_step_lr_closed_form(self) -> list[float]:
    return [optim_math.multi_step_lr_closed_form(base, self.attributes["last_epoch"],
                                                 milestones=self.attributes["milestones"],
                                                 gamma=self.attributes["gamma"])
            for base in self.attributes["base_lrs"]]


def _exponential_lr_init(self, optimizer, gamma, last_epoch=-1) -> None:
    self.attributes["gamma"] = gamma
    _init(self, optimizer, last_epoch)


def _exponential_lr(self) -> list[float]:
    return [optim_math.exponential_lr(g["lr"], gamma=self.attributes["gamma"],
                                      initial=self.attributes["_is_initial"])
            for g in _groups(self)]


def _exponential_lr_closed_form(self) -> list[float]:
    return [optim_math.exponential_lr_closed_form(base, self.attributes["last_epoch"],
                                                  gamma=self.attributes["gamma"])
            for base in self.attributes["base_lrs"]]


def _lr_lambdas(optimizer, lr_lambda) -> list:
    """One function for every group, or a list of one per group."""
    count = len(optimizer.attributes["param_groups"]) if is_optimizer(optimizer) else 1
    if isinstance(lr_lambda, (list, tuple)):
        if len(lr_lambda) != count:
            raise TorchError("ValueError", f"Expected {count} lr_lambdas, but got "
                                           f"{len(lr_lambda)}")
        return list(lr_lambda)
    return [lr_lambda] * count


def _lambda_lr_init(self, optimizer, lr_lambda, last_epoch=-1) -> None:
    self.attributes["lr_lambdas"] = _lr_lambdas(optimizer, lr_lambda)
    _init(self, optimizer, last_epoch)


def _lambda_lr(self) -> list[float]:
    epoch = self.attributes["last_epoch"]
    return [base * factor(epoch)
            for factor, base in zip(self.attributes["lr_lambdas"], self.attributes["base_lrs"])]


def _cosine_init(self, optimizer, T_max, eta_min=0.0, last_epoch=-1) -> None:
    self.attributes.update(T_max=T_max, eta_min=eta_min)
    _init(self, optimizer, last_epoch)


def _cosine_lr(self) -> list[float]:
    a = self.attributes
    try:  # torch's own Python arithmetic: T_max=0 divides by zero in it too
        return [optim_math.cosine_annealing_lr(
            g["lr"], base, a["last_epoch"], t_max=a["T_max"], eta_min=a["eta_min"],
            initial=a["_is_initial"], first_step=a["_step_count"] == 1)
            for g, base in zip(_groups(self), a["base_lrs"])]
    except ZeroDivisionError as e:
        raise TorchError("ZeroDivisionError", str(e)) from None


def _cosine_closed_form(self) -> list[float]:
    a = self.attributes
    return [optim_math.cosine_annealing_lr_closed_form(base, a["last_epoch"], t_max=a["T_max"],
                                                       eta_min=a["eta_min"])
            for base in a["base_lrs"]]


# ---- MultiplicativeLR, ConstantLR, LinearLR, PolynomialLR: factors on each group's lr ------


def _multiplicative_init(self, optimizer, lr_lambda, last_epoch=-1) -> None:
    lambdas = _lr_lambdas(optimizer, lr_lambda)
    for function in lambdas:
        if not callable(function):
            raise TorchError("TypeError", "lr_lambda should be a function, but got "
                                          f"{type_name(function)}")
    self.attributes["lr_lambdas"] = lambdas
    _init(self, optimizer, last_epoch)


def _multiplicative_lr(self) -> list[float]:
    if self.attributes["_is_initial"]:
        return [g["lr"] for g in _groups(self)]
    epoch = self.attributes["last_epoch"]
    return [g["lr"] * factor(epoch) for factor, g in zip(self.attributes["lr_lambdas"],
                                                           _groups(self))]


def _constant_init(self, optimizer, factor=1.0 / 3, total_iters=5, last_epoch=-1) -> None:
    if factor > 1.0 or factor < 0:
        raise TorchError("ValueError", "Constant multiplicative factor expected to be between "
                                       "0 and 1.")
    self.attributes.update(factor=factor, total_iters=total_iters)
    _init(self, optimizer, last_epoch)


def _constant_lr(self) -> list[float]:
    a = self.attributes
    if a["last_epoch"] == 0:
        return [g["lr"] * a["factor"] for g in _groups(self)]
    if a["last_epoch"] != a["total_iters"]:
        return [g["lr"] for g in _groups(self)]
    return [g["lr"] * (1.0 / a["factor"]) for g in _groups(self)]


def _constant_closed_form(self) -> list[float]:
    a = self.attributes
    return [base * (a["factor"] + (a["last_epoch"] >= a["total_iters"]) * (1 - a["factor"]))
            for base in a["base_lrs"]]


def _linear_init(self, optimizer, start_factor=1.0 / 3, end_factor=1.0, total_iters=5,
                 last_epoch=-1) -> None:
    if start_factor > 1.0 or start_factor <= 0:
        raise TorchError("ValueError", "Starting multiplicative factor expected to be greater "
                                       "than 0 and less or equal to 1.")
    if end_factor > 1.0 or end_factor < 0:
        raise TorchError("ValueError", "Ending multiplicative factor expected to be between 0 "
                                       "and 1.")
    self.attributes.update(start_factor=start_factor, end_factor=end_factor,
                           total_iters=total_iters)
    _init(self, optimizer, last_epoch)


def _linear_lr(self) -> list[float]:
    a = self.attributes
    start, end, total, epoch = a["start_factor"], a["end_factor"], a["total_iters"], \
        a["last_epoch"]
    if epoch == 0:
        return [g["lr"] * start for g in _groups(self)]
    if a["_is_initial"] or epoch > total:
        return [g["lr"] for g in _groups(self)]
    return [g["lr"] * (1.0 + (end - start) / (total * start + (epoch - 1) * (end - start)))
            for g in _groups(self)]


def _linear_closed_form(self) -> list[float]:
    a = self.attributes
    start, end, total = a["start_factor"], a["end_factor"], a["total_iters"]
    return [base * (start + (end - start) * min(total, a["last_epoch"]) / total)
            for base in a["base_lrs"]]


def _polynomial_init(self, optimizer, total_iters=5, power=1.0, last_epoch=-1) -> None:
    self.attributes.update(total_iters=total_iters, power=power)
    _init(self, optimizer, last_epoch)


def _polynomial_lr(self) -> list[float]:
    a = self.attributes
    total, epoch = a["total_iters"], a["last_epoch"]
    if a["_is_initial"] or epoch > total:
        return [g["lr"] for g in _groups(self)]
    decay = ((1.0 - epoch / total) / (1.0 - (epoch - 1) / total)) ** a["power"]
    return [g["lr"] * decay for g in _groups(self)]


def _polynomial_closed_form(self) -> list[float]:
    a = self.attributes
    total = a["total_iters"]
    return [base * (1.0 - min(total, a["last_epoch"]) / total) ** a["power"]
            for base in a["base_lrs"]]


# ---- OneCycleLR: warm up to max_lr, anneal to min_lr, momentum cycled the other way ---------


def _per_group(name: str, optimizer, value) -> list:
    """torch's _format_param: one value for every group, or a list of one per group."""
    count = len(optimizer.attributes["param_groups"])
    if isinstance(value, (list, tuple)):
        if len(value) != count:
            raise TorchError("ValueError", f"{name} must have the same length as optimizer."
                             f"param_groups. {name} has {len(value)} values, param_groups has "
                             f"{count}.")
        return list(value)
    return [value] * count


def _one_cycle_total(total_steps, epochs, steps_per_epoch) -> int:
    if total_steps is not None:
        if total_steps <= 0 or not isinstance(total_steps, int):
            raise TorchError("ValueError", "Expected positive integer total_steps, but got "
                                           f"{total_steps}")
        return total_steps
    if epochs is None or steps_per_epoch is None:
        raise TorchError("ValueError", "You must define either total_steps OR (epochs AND "
                                       "steps_per_epoch)")
    for name, value in (("epochs", epochs), ("steps_per_epoch", steps_per_epoch)):
        if not isinstance(value, int) or value <= 0:
            raise TorchError("ValueError", f"Expected positive integer {name}, but got {value}")
    return epochs * steps_per_epoch


def _one_cycle_phases(total: int, pct_start: float, three_phase: bool) -> list[tuple]:
    """(end_step, start_lr, end_lr, start_momentum, end_momentum) of each phase, torch's."""
    up = float(pct_start * total) - 1
    if three_phase:
        return [(up, "initial_lr", "max_lr", "max_momentum", "base_momentum"),
                (float(2 * pct_start * total) - 2, "max_lr", "initial_lr", "base_momentum",
                 "max_momentum"),
                (total - 1, "initial_lr", "min_lr", "max_momentum", "max_momentum")]
    return [(up, "initial_lr", "max_lr", "max_momentum", "base_momentum"),
            (total - 1, "max_lr", "min_lr", "base_momentum", "max_momentum")]


def _one_cycle_init(self, optimizer, max_lr, total_steps=None, epochs=None,
                    steps_per_epoch=None, pct_start=0.3, anneal_strategy="cos",
                    cycle_momentum=True, base_momentum=0.85, max_momentum=0.95,
                    div_factor=25.0, final_div_factor=1e4, three_phase=False,
                    last_epoch=-1) -> None:
    if not is_optimizer(optimizer):
        raise TorchError("TypeError", f"{type_name(optimizer)} is not an Optimizer")
    total = _one_cycle_total(total_steps, epochs, steps_per_epoch)
    if pct_start < 0 or pct_start > 1 or not isinstance(pct_start, float):
        raise TorchError("ValueError", "Expected float between 0 and 1 pct_start, but got "
                                       f"{pct_start}")
    if anneal_strategy not in ["cos", "linear"]:
        raise TorchError("ValueError", "anneal_strategy must be one of 'cos' or 'linear', "
                                       f"instead got {anneal_strategy}")
    groups = optimizer.attributes["param_groups"]
    if last_epoch == -1:
        for group, top in zip(groups, _per_group("max_lr", optimizer, max_lr)):
            group.update(initial_lr=top / div_factor, max_lr=top)
            group["min_lr"] = group["initial_lr"] / final_div_factor
    use_beta1 = False
    if cycle_momentum:
        use_beta1, tops, bases = _cycled_momentum(optimizer, max_momentum, base_momentum)
        if last_epoch == -1:
            for top, base, group in zip(tops, bases, groups):
                _set_momentum(group, top, use_beta1)
                group.update(max_momentum=top, base_momentum=base)
    self.attributes.update(total_steps=total, anneal_strategy=anneal_strategy,
                           cycle_momentum=cycle_momentum, use_beta1=use_beta1,
                           _phases=_one_cycle_phases(total, pct_start, three_phase))
    _init(self, optimizer, last_epoch)


def _set_momentum(group: dict, momentum: float, use_beta1: bool) -> None:
    if use_beta1:
        group["betas"] = (momentum, *group["betas"][1:])
    else:
        group["momentum"] = momentum


def _anneal(strategy: str, start: float, end: float, pct: float) -> float:
    if strategy == "cos":
        return end + (start - end) / 2.0 * (math.cos(math.pi * pct) + 1)
    return (end - start) * pct + start


def _one_cycle_lr(self) -> list[float]:
    a = self.attributes
    step_num = a["last_epoch"]
    if step_num > a["total_steps"]:
        raise TorchError("ValueError", f"Tried to step {step_num} times. The specified number "
                                       f"of total steps is {a['total_steps']}")
    lrs = []
    for group in _groups(self):
        start_step = 0.0
        for index, (end_step, lr_from, lr_to, m_from, m_to) in enumerate(a["_phases"]):
            if step_num <= end_step or index == len(a["_phases"]) - 1:
                pct = (step_num - start_step) / (end_step - start_step)
                lrs.append(_anneal(a["anneal_strategy"], group[lr_from], group[lr_to], pct))
                if a["cycle_momentum"]:
                    momentum = _anneal(a["anneal_strategy"], group[m_from], group[m_to], pct)
                    _set_momentum(group, momentum, a["use_beta1"])
                break
            start_step = end_step
    return lrs


# ---- CyclicLR: the lr between base_lr and max_lr in triangles, momentum the other way -------


def _cyclic_init(self, optimizer, base_lr, max_lr, step_size_up=2000, step_size_down=None,
                 mode="triangular", gamma=1.0, scale_fn=None, scale_mode="cycle",
                 cycle_momentum=True, base_momentum=0.8, max_momentum=0.9,
                 last_epoch=-1) -> None:
    if not is_optimizer(optimizer):
        raise TorchError("TypeError", f"{type_name(optimizer)} is not an Optimizer")
    base_lrs = _per_group("base_lr", optimizer, base_lr)
    groups = optimizer.attributes["param_groups"]
    if last_epoch == -1:
        for lr, group in zip(base_lrs, groups):
            group["lr"] = lr
    up = float(step_size_up)
    down = float(step_size_down) if step_size_down is not None else up
    if mode not in ["triangular", "triangular2", "exp_range"] and scale_fn is None:
        raise TorchError("ValueError", "mode is invalid and scale_fn is None")
    if scale_fn is None:  # torch's _init_scale_fn: each mode's own scale mode
        scale_mode = {"triangular": "cycle", "triangular2": "cycle"}.get(mode, "iterations")
    self.attributes.update(max_lrs=_per_group("max_lr", optimizer, max_lr),
                           total_size=up + down, step_ratio=up / (up + down), mode=mode,
                           gamma=gamma, _scale_fn_custom=scale_fn, scale_mode=scale_mode,
                           cycle_momentum=cycle_momentum)
    if cycle_momentum:
        use_beta1, tops, bases = _cycled_momentum(optimizer, max_momentum, base_momentum,
                                                   base_first=True)
        self.attributes.update(use_beta1=use_beta1, base_momentums=bases, max_momentums=tops)
        if last_epoch == -1:
            for top, base, group in zip(tops, bases, groups):
                _set_momentum(group, top, use_beta1)
                group.update(max_momentum=top, base_momentum=base)
    _init(self, optimizer, last_epoch)
    self.attributes["base_lrs"] = base_lrs


def _cyclic_scale(a: dict, x: float) -> float:
    if a["_scale_fn_custom"] is not None:
        return a["_scale_fn_custom"](x)
    if a["mode"] == "triangular":
        return 1.0
    if a["mode"] == "triangular2":
        return 1 / (2.0 ** (x - 1))
    return a["gamma"] ** x


def _cyclic_lr(self) -> list[float]:
    a = self.attributes
    cycle = math.floor(1 + a["last_epoch"] / a["total_size"])
    x = 1.0 + a["last_epoch"] / a["total_size"] - cycle
    if x <= a["step_ratio"]:
        scale_factor = x / a["step_ratio"]
    else:
        scale_factor = (x - 1) / (a["step_ratio"] - 1)
    scale = _cyclic_scale(a, cycle if a["scale_mode"] == "cycle" else a["last_epoch"])
    lrs = [base + (top - base) * scale_factor * scale
           for base, top in zip(a["base_lrs"], a["max_lrs"])]
    if a["cycle_momentum"]:
        for group, base, top in zip(_groups(self), a["base_momentums"], a["max_momentums"]):
            _set_momentum(group, top - (top - base) * scale_factor * scale, a["use_beta1"])
    return lrs


# ---- ReduceLROnPlateau: the lr cut by `factor` once the metric stops improving ------------


def _plateau_init(self, optimizer, mode="min", factor=0.1, patience=10, threshold=1e-4,
                  threshold_mode="rel", cooldown=0, min_lr=0, eps=1e-8) -> None:
    if factor >= 1.0:
        raise TorchError("ValueError", "Factor should be < 1.0.")
    if not is_optimizer(optimizer):
        raise TorchError("TypeError", f"{type_name(optimizer)} is not an Optimizer")
    groups = optimizer.attributes["param_groups"]
    if isinstance(min_lr, (list, tuple)):
        if len(min_lr) != len(groups):
            raise TorchError("ValueError", f"expected {len(groups)} min_lrs, got {len(min_lr)}")
        default_min_lr, min_lrs = None, list(min_lr)
    else:
        default_min_lr, min_lrs = min_lr, [min_lr] * len(groups)
    if mode not in {"min", "max"}:
        raise TorchError("ValueError", f"mode {mode} is unknown!")
    if threshold_mode not in {"rel", "abs"}:
        raise TorchError("ValueError", f"threshold mode {threshold_mode} is unknown!")
    self.attributes.update(
        factor=factor, optimizer=optimizer, default_min_lr=default_min_lr, min_lrs=min_lrs,
        patience=patience, cooldown=cooldown, eps=eps, last_epoch=0,
        _last_lr=[g["lr"] for g in groups], mode=mode, threshold=threshold,
        threshold_mode=threshold_mode, mode_worse=math.inf if mode == "min" else -math.inf)
    self.attributes.update(best=self.attributes["mode_worse"], cooldown_counter=0,
                           num_bad_epochs=0)


def _is_better(a: dict, current: float, best: float) -> bool:
    threshold = a["threshold"]
    if a["mode"] == "min":
        return current < (best * (1.0 - threshold) if a["threshold_mode"] == "rel"
                          else best - threshold)
    return current > (best * (threshold + 1.0) if a["threshold_mode"] == "rel"
                      else best + threshold)


def _plateau_step(self, metrics, epoch=None) -> None:
    a = self.attributes
    try:  # float(metrics): a loss tensor, or Python's error for what is no number
        current = float(metrics)
    except (TypeError, ValueError) as e:
        raise TorchError(type(e).__name__, str(e)) from None
    if epoch is None:
        epoch = a["last_epoch"] + 1
    else:
        warn(_EPOCH_DEPRECATION)
    a["last_epoch"] = epoch
    if _is_better(a, current, a["best"]):
        a.update(best=current, num_bad_epochs=0)
    else:
        a["num_bad_epochs"] += 1
    if a["cooldown_counter"] > 0:
        a["cooldown_counter"] -= 1
        a["num_bad_epochs"] = 0  # bad epochs in cooldown do not count
    if a["num_bad_epochs"] > a["patience"]:
        _reduce_lr(self)
        a.update(cooldown_counter=a["cooldown"], num_bad_epochs=0)
    a["_last_lr"] = [g["lr"] for g in _groups(self)]


def _reduce_lr(self) -> None:
    a = self.attributes
    groups = _groups(self)
    if len(groups) != len(a["min_lrs"]):
        if a["default_min_lr"] is None:
            raise TorchError("RuntimeError", "The number of param groups in the `optimizer` "
                             f"({len(groups)}) differs from when `ReduceLROnPlateau` was "
                             f"initialized ({len(a['min_lrs'])}), usually due to a new param "
                             "group being added to the optimizer. Please modify the `min_lrs` "
                             "field to match the length of the `optimizer` param groups.")
        a["min_lrs"] = [a["default_min_lr"]] * len(groups)
    for group, min_lr in zip(groups, a["min_lrs"]):
        old_lr = float(group["lr"])
        new_lr = max(old_lr * a["factor"], min_lr)
        if old_lr - new_lr > a["eps"]:
            group["lr"] = new_lr


# ---- CosineAnnealingWarmRestarts: cosine cycles of T_0, T_0*T_mult... steps ---------------


def _warm_restarts_init(self, optimizer, T_0, T_mult=1, eta_min=0.0, last_epoch=-1) -> None:
    if T_0 <= 0 or not isinstance(T_0, int):
        raise TorchError("ValueError", f"Expected positive integer T_0, but got {T_0}")
    if T_mult < 1 or not isinstance(T_mult, int):
        raise TorchError("ValueError", f"Expected integer T_mult >= 1, but got {T_mult}")
    if not isinstance(eta_min, (float, int)):
        raise TorchError("ValueError", f"Expected float or int eta_min, but got {eta_min} of "
                                       f"type <class '{type_name(eta_min)}'>")
    self.attributes.update(T_0=T_0, T_i=T_0, T_mult=T_mult, eta_min=eta_min, T_cur=last_epoch)
    _init(self, optimizer, last_epoch, _warm_restarts_step)


def _warm_restarts_step(self, epoch=None) -> None:
    """CosineAnnealingWarmRestarts.step: T_cur and T_i moved on (or found for `epoch`)."""
    a = self.attributes
    if epoch is None and a["last_epoch"] < 0:
        epoch = 0
    if epoch is None:
        epoch = a["last_epoch"] + 1
        a["T_cur"] += 1
        if a["T_cur"] >= a["T_i"]:
            a["T_cur"] %= a["T_i"]
            a["T_i"] *= a["T_mult"]
    elif epoch < 0:
        raise TorchError("ValueError", f"Expected non-negative epoch, but got {epoch}")
    elif epoch >= a["T_0"]:
        t_0, t_mult = a["T_0"], a["T_mult"]
        if t_mult == 1:
            a["T_cur"] = epoch % t_0
        else:
            n = int(math.log((epoch / t_0 * (t_mult - 1) + 1), t_mult))
            a["T_cur"] = epoch - t_0 * (t_mult ** n - 1) / (t_mult - 1)
            a["T_i"] = t_0 * t_mult ** n
    else:
        a.update(T_i=a["T_0"], T_cur=epoch)
    a["last_epoch"] = math.floor(epoch)
    eta_min = a["eta_min"]
    for group, base in zip(_groups(self), a["base_lrs"]):
        group["lr"] = eta_min + (base - eta_min) * (1 + math.cos(math.pi * a["T_cur"]
                                                                 / a["T_i"])) / 2
    a["_last_lr"] = [group["lr"] for group in _groups(self)]


# ---- ChainedScheduler: every scheduler's step, one after the other ------------------------


def _check_schedulers(owner: str, schedulers: list, optimizer) -> None:
    """ChainedScheduler's and SequentialLR's checks of the schedulers they are given."""
    for index, scheduler in enumerate(schedulers):
        if _attribute(scheduler, "optimizer") is None:
            raise TorchError("TypeError", f"{owner} at index {index} should have `optimizer` "
                                          "as its attribute.")
        if scheduler.cls.name == "ReduceLROnPlateau":
            raise TorchError("ValueError", f"{owner} does not support `ReduceLROnPlateau` "
                             "scheduler as it requires additional kwargs to be specified when "
                             f"calling `step`, but got one at index {index} in the given "
                             "schedulers sequence.")
        own = scheduler.attributes["optimizer"]
        if optimizer is not own:
            raise TorchError("ValueError", f"{owner} expects all schedulers to belong to the "
                             f"same optimizer, but got scheduler {scheduler.cls.name} at index "
                             f"{index} has {optimizer_repr(own)}, which is different from "
                             f"{optimizer.cls.name}.")


def _chained_init(self, schedulers, optimizer=None) -> None:
    schedulers = list(schedulers)
    if len(schedulers) < 1:
        raise TorchError("ValueError", "ChainedScheduler expects at least one scheduler to be "
                                       "chained, but got no scheduler.")
    optimizer = optimizer or _attribute(schedulers[0], "optimizer")
    _check_schedulers("ChainedScheduler", schedulers, optimizer)
    self.attributes.update(_schedulers=schedulers, optimizer=optimizer,
                           _last_lr=[g["lr"] for g in _last_groups(schedulers)])


def _attribute(scheduler, name: str):
    attributes = getattr(scheduler, "attributes", None)
    return attributes.get(name) if isinstance(attributes, dict) else None


def _last_groups(schedulers: list) -> list[dict]:
    return schedulers[-1].attributes["optimizer"].attributes["param_groups"]


def _chained_step(self) -> None:
    schedulers = self.attributes["_schedulers"]
    for scheduler in schedulers:
        scheduler.attribute("step")()
    self.attributes["_last_lr"] = [g["lr"] for g in _last_groups(schedulers)]


# ---- SequentialLR: one scheduler after another, switching at the milestones ---------------


def _sequential_init(self, optimizer, schedulers, milestones, last_epoch=-1) -> None:
    schedulers, milestones = list(schedulers), list(milestones)
    if len(schedulers) < 1:
        raise TorchError("ValueError", "SequentialLR expects at least one scheduler, but got no "
                                       "scheduler.")
    _check_schedulers("SequentialLR", schedulers, optimizer)
    if len(milestones) != len(schedulers) - 1:
        raise TorchError("ValueError", "Sequential Schedulers expects number of schedulers "
                         "provided to be one more than the number of milestone points, but got "
                         f"number of schedulers {len(schedulers)} and the number of milestones "
                         f"to be equal to {len(milestones)}")
    self.attributes.update(_schedulers=schedulers, _milestones=milestones,
                           last_epoch=last_epoch + 1, optimizer=optimizer)
    for group in optimizer.attributes["param_groups"]:
        group["lr"] = group["initial_lr"]
    _undo_steps(self)
    first = schedulers[bisect.bisect_right(milestones, 0)]
    first.attributes.update(_step_count=0, _is_initial=True)  # LRScheduler._initial_step
    first.attribute("step")()
    first.attributes["_is_initial"] = False
    self.attributes["_last_lr"] = first.attributes["_last_lr"]


def _undo_steps(scheduler) -> None:
    """SequentialLR.recursive_undo: the constructor steps its schedulers took, taken back."""
    for inner in scheduler.attributes["_schedulers"]:
        if "_schedulers" in inner.attributes:
            _undo_steps(inner)
        elif "last_epoch" in inner.attributes:
            inner.attributes["last_epoch"] -= 1


def _sequential_step(self) -> None:
    a = self.attributes
    a["last_epoch"] += 1
    index = bisect.bisect_right(a["_milestones"], a["last_epoch"])
    scheduler = a["_schedulers"][index]
    if index > 0 and a["_milestones"][index - 1] == a["last_epoch"]:
        _update_lr(scheduler, 0)
    else:
        scheduler.attribute("step")()
    a["_last_lr"] = scheduler.attributes["_last_lr"]


SCHEDULERS: dict[str, ScriptClass] = {
    "CosineAnnealingLR": _scheduler("CosineAnnealingLR", _cosine_init, _cosine_lr,
                                    _cosine_closed_form),
    "LRScheduler": LR_SCHEDULER,
    "StepLR": _scheduler("StepLR", _step_lr_init, _step_lr, _step_lr_closed_form),
    "MultiStepLR": _scheduler("MultiStepLR", _multi_step_lr_init, _multi_step_lr,
                              _multi_step_lr_closed_form),
    "ExponentialLR": _scheduler("ExponentialLR", _exponential_lr_init, _exponential_lr,
                                _exponential_lr_closed_form),
    "LambdaLR": _scheduler("LambdaLR", _lambda_lr_init, _lambda_lr),
    "MultiplicativeLR": _scheduler("MultiplicativeLR", _multiplicative_init,
                                   _multiplicative_lr),
    "ConstantLR": _scheduler("ConstantLR", _constant_init, _constant_lr, _constant_closed_form),
    "LinearLR": _scheduler("LinearLR", _linear_init, _linear_lr, _linear_closed_form),
    "PolynomialLR": _scheduler("PolynomialLR", _polynomial_init, _polynomial_lr,
                               _polynomial_closed_form),
    "OneCycleLR": _scheduler("OneCycleLR", _one_cycle_init, _one_cycle_lr),
    "CosineAnnealingWarmRestarts": builtin_class("CosineAnnealingWarmRestarts", LR_SCHEDULER, {
        "__init__": _warm_restarts_init, "step": _warm_restarts_step}),
    "SequentialLR": builtin_class("SequentialLR", LR_SCHEDULER, {
        "__init__": _sequential_init, "step": _sequential_step}),
    "ChainedScheduler": builtin_class("ChainedScheduler", LR_SCHEDULER, {
        "__init__": _chained_init, "step": _chained_step}),
    "CyclicLR": _scheduler("CyclicLR", _cyclic_init, _cyclic_lr),
    "ReduceLROnPlateau": builtin_class("ReduceLROnPlateau", LR_SCHEDULER, {
        "__init__": _plateau_init, "step": _plateau_step}),
}

ATTRIBUTES = frozenset({"step", "get_last_lr", "last_epoch", "base_lrs", "optimizer",
                        "step_size", "gamma", "milestones", "lr_lambdas", "lr_scheduler",
                        "T_max", "eta_min", "factor", "total_iters", "start_factor",
                        "end_factor", "power", "total_steps", "cycle_momentum", "use_beta1",
                        "best", "num_bad_epochs", "cooldown_counter", "patience", "cooldown",
                        "threshold", "threshold_mode", "mode", "min_lrs", "T_0", "T_i",
                        "T_mult", "T_cur", "max_lrs", "total_size", "step_ratio",
                        "scale_mode", "base_momentums", "max_momentums"})


def _cycled_momentum(optimizer, max_momentum, base_momentum,
                     base_first: bool = False) -> tuple[bool, list, list]:
    """OneCycleLR's and CyclicLR's momentum: torch's check, whether it is Adam's beta1, and
    each group's top and base (in torch's order of reading them)."""
    defaults = optimizer.attributes["defaults"]
    if "momentum" not in defaults and "betas" not in defaults:
        raise TorchError("ValueError", "optimizer must support momentum or beta1 with "
                                       "`cycle_momentum` option enabled")
    if base_first:  # (CyclicLR's order: which wrong length is said first)
        bases = _per_group("base_momentum", optimizer, base_momentum)
        return "betas" in defaults, _per_group("max_momentum", optimizer, max_momentum), bases
    tops = _per_group("max_momentum", optimizer, max_momentum)
    return "betas" in defaults, tops, _per_group("base_momentum", optimizer, base_momentum)
