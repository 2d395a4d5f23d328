"""torch.optim's SGD, Adam, AdamW and lr_scheduler.StepLR as built-in classes: param groups
as torch keeps them (plain dicts a script reads and writes), steps with engine/optim_math.py's
arithmetic, bit for bit with torch's single-tensor path."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gradcli.engine import optim_math
from gradcli.engine.api.autograd import no_grad
from gradcli.engine.errors import TorchError
from gradcli.engine.tensor import Tensor
from gradcli.language.nn_module import builtin_class, zero_grads
from gradcli.language.objects import ScriptClass, ScriptInstance

_SGD_DEFAULTS = {"lr": 1e-3, "momentum": 0, "dampening": 0, "weight_decay": 0,
                 "nesterov": False, "maximize": False, "foreach": None,
                 "differentiable": False, "fused": None}
_ADAM_DEFAULTS = {"lr": 1e-3, "betas": (0.9, 0.999), "eps": 1e-8, "weight_decay": 0,
                  "amsgrad": False, "maximize": False, "foreach": None, "capturable": False,
                  "differentiable": False, "fused": None, "decoupled_weight_decay": False}


def _value_error(message: str) -> TorchError:
    return TorchError("ValueError", message)


def _init(self: ScriptInstance, params, defaults: dict[str, Any]) -> None:
    """Optimizer.__init__: the param groups (one, or the dicts given), each completed from
    the defaults."""
    if isinstance(params, Tensor):
        raise TorchError("TypeError", "params argument given to the optimizer should be an "
                                      "iterable of Tensors or dicts, but got torch.FloatTensor")
    groups = list(params)
    if not groups:
        raise _value_error("optimizer got an empty parameter list")
    if not isinstance(groups[0], dict):
        groups = [{"params": groups}]
    self.attributes.update(defaults=defaults, state={}, param_groups=[])
    for group in groups:
        _add_param_group(self, group)


def _add_param_group(self: ScriptInstance, group: dict) -> None:
    params = group["params"]
    group["params"] = [params] if isinstance(params, Tensor) else list(params)
    for p in group["params"]:
        if not isinstance(p, Tensor):
            raise TorchError("TypeError", "optimizer can only optimize Tensors, but one of the "
                                          f"params is {type(p).__name__}")
        if not p.is_leaf:
            raise _value_error("can't optimize a non-leaf Tensor")
    for key, value in self.attributes["defaults"].items():
        group.setdefault(key, value)
    self.attributes["param_groups"].append(group)


def _check_common(lr, weight_decay) -> None:
    if lr < 0.0:
        raise _value_error(f"Invalid learning rate: {lr}")
    if weight_decay < 0.0:
        raise _value_error(f"Invalid weight_decay value: {weight_decay}")


def _sgd_init(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=0, nesterov=False,
              *, maximize=False, foreach=None, differentiable=False, fused=None) -> None:
    _check_common(lr, weight_decay)
    if momentum < 0.0:
        raise _value_error(f"Invalid momentum value: {momentum}")
    if nesterov and (momentum <= 0 or dampening != 0):
        raise _value_error("Nesterov momentum requires a momentum and zero dampening")
    _init(self, params, dict(_SGD_DEFAULTS, lr=lr, momentum=momentum, dampening=dampening,
                             weight_decay=weight_decay, nesterov=nesterov, maximize=maximize))


def _adam_init(decoupled: bool, weight_decay_default: float) -> Callable:
    def init_(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8,
              weight_decay=weight_decay_default, amsgrad=False, *, maximize=False, foreach=None,
              capturable=False, differentiable=False, fused=None) -> None:
        _check_common(lr, weight_decay)
        if eps < 0.0:
            raise _value_error(f"Invalid epsilon value: {eps}")
        for index, beta in enumerate(betas):
            if not 0.0 <= beta < 1.0:
                raise _value_error(f"Invalid beta parameter at index {index}: {beta}")
        _init(self, params, dict(_ADAM_DEFAULTS, lr=lr, betas=tuple(betas), eps=eps,
                                 weight_decay=weight_decay, amsgrad=amsgrad, maximize=maximize,
                                 decoupled_weight_decay=decoupled))
    return init_


def _updated(self: ScriptInstance, update: Callable[[Tensor, dict, dict], None]) -> None:
    """Each parameter with a gradient, written in place under no_grad as torch's step."""
    state = self.attributes["state"]
    with no_grad():
        for group in self.attributes["param_groups"]:
            for p in group["params"]:
                if p.grad is None:
                    continue
                p._storage.before_write()  # torch's in-place update bumps the version
                update(p, state.setdefault(id(p), {}), group)


def _sgd_step(self: ScriptInstance, closure=None) -> None:
    def update(p, state, group):
        optim_math.sgd_step(p.data, p.grad.data, state, lr=group["lr"],
                            momentum=group["momentum"], dampening=group["dampening"],
                            weight_decay=group["weight_decay"], nesterov=group["nesterov"],
                            maximize=group["maximize"])
    _updated(self, update)


def _adam_step(self: ScriptInstance, closure=None) -> None:
    def update(p, state, group):
        if not state:
            state.update(optim_math.adam_state(p.data, amsgrad=group["amsgrad"]))
        optim_math.adam_step(p.data, p.grad.data, state, lr=group["lr"], betas=group["betas"],
                             eps=group["eps"], weight_decay=group["weight_decay"],
                             amsgrad=group["amsgrad"], maximize=group["maximize"],
                             decoupled_weight_decay=group["decoupled_weight_decay"])
    _updated(self, update)


def _zero_grad(self: ScriptInstance, set_to_none: bool = True) -> None:
    zero_grads([p for group in self.attributes["param_groups"] for p in group["params"]],
               set_to_none)


def _repr(self: ScriptInstance) -> str:
    lines = [f"{self.cls.name} ("]
    for index, group in enumerate(self.attributes["param_groups"]):
        lines.append(f"Parameter Group {index}")
        lines += [f"    {key}: {group[key]}" for key in sorted(group) if key != "params"]
    return "\n".join([*lines, ")"])


def _optimizer(name: str, init_: Callable, step: Callable) -> ScriptClass:
    return builtin_class(name, None, {"__init__": init_, "step": step, "zero_grad": _zero_grad,
                                      "add_param_group": _add_param_group, "__repr__": _repr})


# ---- lr_scheduler.StepLR ------------------------------------------------------------------


def _step_lr_init(self: ScriptInstance, optimizer, step_size, gamma=0.1, last_epoch=-1) -> None:
    groups = optimizer.attribute("param_groups")
    for group in groups:
        group.setdefault("initial_lr", group["lr"])
    self.attributes.update(optimizer=optimizer, step_size=step_size, gamma=gamma,
                           base_lrs=[g["initial_lr"] for g in groups], last_epoch=last_epoch)
    _step_lr_step(self)  # torch's constructor takes the first step (to epoch 0)


def _step_lr_step(self: ScriptInstance, epoch=None) -> None:
    self.attributes["last_epoch"] += 1
    epoch = self.attributes["last_epoch"]
    for group in self.attributes["optimizer"].attribute("param_groups"):
        group["lr"] = optim_math.step_lr(group["lr"], epoch,
                                         step_size=self.attributes["step_size"],
                                         gamma=self.attributes["gamma"])
    self.attributes["last_lr"] = [g["lr"] for g in
                                  self.attributes["optimizer"].attribute("param_groups")]


STEP_LR = builtin_class("StepLR", None, {
    "__init__": _step_lr_init, "step": _step_lr_step,
    "get_last_lr": lambda self: list(self.attributes["last_lr"])})

CLASSES: dict[str, ScriptClass] = {
    "SGD": _optimizer("SGD", _sgd_init, _sgd_step),
    "Adam": _optimizer("Adam", _adam_init(False, 0), _adam_step),
    "AdamW": _optimizer("AdamW", _adam_init(True, 1e-2), _adam_step),
}
SCHEDULERS: dict[str, ScriptClass] = {"StepLR": STEP_LR}

ATTRIBUTES = frozenset({"step", "zero_grad", "add_param_group", "param_groups", "state",
                        "defaults", "get_last_lr", "last_epoch", "base_lrs", "lr_scheduler"})
