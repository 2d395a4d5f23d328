"""torch.optim.lr_scheduler's StepLR, MultiStepLR, ExponentialLR, LambdaLR, CosineAnnealingLR,
MultiplicativeLR, ConstantLR, LinearLR and PolynomialLR as built-in classes deriving from
LRScheduler, ported from torch/optim/lr_scheduler.py: each scheduler is its `get_lr` (the
chained form step() uses) and, where torch has one, its closed form (what the deprecated
step(epoch) uses). A group's lr is a Python float, so the arithmetic is plain double
(engine/optim_math.py; the later four's factors, short Python expressions, stay inline)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from gradcli.engine import optim_math
from gradcli.engine.errors import TorchError, warn
from gradcli.engine.type_names import type_name
from gradcli.sandbox.objects import MISSING, ScriptClass, ScriptInstance
from gradcli.torch.nn.modules.module import builtin_class
from gradcli.torch.optim.optimizer import STEPPED, is_optimizer

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


def _init(self: ScriptInstance, optimizer, last_epoch: int = -1) -> None:
    """LRScheduler.__init__: each group's initial_lr, then the constructor's first step."""
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
    _step(self)
    self.attributes["_is_initial"] = False


def _step(self: ScriptInstance, epoch: int | None = None) -> None:
    """LRScheduler.step: the order warning on the first real step, then the new lrs."""
    attributes = self.attributes
    if attributes["_step_count"] == 1 and not attributes["optimizer"].attributes.get(STEPPED):
        warn(_STEP_ORDER)
    attributes["_step_count"] += 1
    if epoch is None:
        attributes["last_epoch"] += 1
        lrs = self.attribute("_lr")()
    else:
        warn(_EPOCH_DEPRECATION)
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
}

ATTRIBUTES = frozenset({"step", "get_last_lr", "last_epoch", "base_lrs", "optimizer",
                        "step_size", "gamma", "milestones", "lr_lambdas", "lr_scheduler",
                        "T_max", "eta_min", "factor", "total_iters", "start_factor",
                        "end_factor", "power"})
