"""torch.optim's SGD, Adam, AdamW, RMSprop, Adagrad and Adadelta as built-in classes deriving from
Optimizer: param groups as torch keeps them (plain dicts a script reads and writes, so
`optimizer.param_groups[0]["lr"] = ...` moves the next step), steps with engine/optim_math.py's
arithmetic, bit for bit with torch's single-tensor path."""
from __future__ import annotations

import inspect
from collections import defaultdict
from collections.abc import Callable
from itertools import chain
from typing import Any

import numpy as np

from gradcli.engine import optim_math
from gradcli.engine.errors import TorchError, warn
from gradcli.engine.tensor import Tensor, broadcast_shape
from gradcli.engine.type_names import type_name
from gradcli.sandbox.objects import ScriptClass, ScriptInstance
from gradcli.torch import _training_notes as training_notes
from gradcli.torch._tensor import shape
from gradcli.torch.autograd.grad import enable_grad, no_grad
from gradcli.torch.nn.modules.module import builtin_class, zero_grads

_SGD_DEFAULTS = {"lr": 1e-3, "momentum": 0, "dampening": 0, "weight_decay": 0,
                 "nesterov": False, "maximize": False, "foreach": None,
                 "differentiable": False, "fused": None}
_ADAM_DEFAULTS = {"lr": 1e-3, "betas": (0.9, 0.999), "eps": 1e-8, "weight_decay": 0,
                  "amsgrad": False, "maximize": False, "foreach": None, "capturable": False,
                  "differentiable": False, "fused": None, "decoupled_weight_decay": False}
STEPPED = "_opt_called"  # torch's flag on an optimizer whose step() ran (the schedulers read it)
_DUPLICATES = ("optimizer contains a parameter group with duplicate parameters; in future, this "
               "will cause an error; see github.com/pytorch/pytorch/issues/40967 for more "
               "information")


def value_error(message: str) -> TorchError:
    return TorchError("ValueError", message)


def init_optimizer(self: ScriptInstance, params, defaults: dict[str, Any]) -> None:
    """Optimizer.__init__: the param groups (one, or the dicts given), each completed from
    the defaults."""
    if isinstance(params, Tensor):
        raise TorchError("TypeError", "params argument given to the optimizer should be an "
                                      "iterable of Tensors or dicts, but got torch.FloatTensor")
    groups = list(params)
    if not groups:
        raise value_error("optimizer got an empty parameter list")
    if not isinstance(groups[0], dict):
        groups = [{"params": groups}]
    self.attributes.update(defaults=defaults, state=defaultdict(dict), param_groups=[])
    for group in groups:
        _add_param_group(self, group)


def _add_param_group(self: ScriptInstance, group: dict) -> None:
    """Optimizer.add_param_group: torch's checks, then the group completed from the defaults."""
    if not isinstance(group, dict):
        raise TorchError("TypeError", f"param_group must be a dict, but got {type(group)}")
    params = group["params"]
    if isinstance(params, set):
        raise TorchError("TypeError", "optimizer parameters need to be organized in ordered "
                         "collections, but the ordering of tensors in sets will change between "
                         "runs. Please use a list instead.")
    group["params"] = [params] if isinstance(params, Tensor) else list(params)
    for p in group["params"]:
        if not isinstance(p, Tensor):
            raise TorchError("TypeError", "optimizer can only optimize Tensors, but one of the "
                                          f"params is {type(p).__name__}")
        if not (p.is_leaf or p.retains_grad):
            raise value_error("can't optimize a non-leaf Tensor")
    for key, value in self.attributes["defaults"].items():
        group.setdefault(key, value)
    ids = [id(p) for p in group["params"]]
    if len(ids) != len(set(ids)):
        warn(_DUPLICATES)
    taken = {id(p) for other in self.attributes["param_groups"] for p in other["params"]}
    if taken & set(ids):
        raise value_error("some parameters appear in more than one parameter group")
    self.attributes["param_groups"].append(group)
    training_notes.optimizer_made(group["params"])


def check_nonnegative(**values: float) -> None:
    """torch's constructor checks, in its order: `Invalid learning rate: -0.1`,
    `Invalid epsilon value: ...`, `Invalid <name> value: ...`."""
    labels = {"lr": "learning rate", "eps": "epsilon value"}
    for name, value in values.items():
        if not 0.0 <= value:
            raise value_error(f"Invalid {labels.get(name, f'{name} value')}: {value}")


def check_adam_options(lr, eps, betas, weight_decay) -> None:
    """The checks Adam and its kin (Adamax, NAdam, RAdam) make first, in torch's order."""
    check_nonnegative(lr=lr, eps=eps)
    for index, beta in enumerate(betas):
        if not 0.0 <= beta < 1.0:
            raise value_error(f"Invalid beta parameter at index {index}: {beta}")
    check_nonnegative(weight_decay=weight_decay)


def _sgd_init(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=0, nesterov=False,
              *, maximize=False, foreach=None, differentiable=False, fused=None) -> None:
    check_nonnegative(lr=lr, momentum=momentum, weight_decay=weight_decay)
    if nesterov and (momentum <= 0 or dampening != 0):
        raise value_error("Nesterov momentum requires a momentum and zero dampening")
    init_optimizer(self, params, dict(
        _SGD_DEFAULTS, lr=lr, momentum=momentum, dampening=dampening,
        weight_decay=weight_decay, nesterov=nesterov, maximize=maximize, foreach=foreach,
        differentiable=differentiable, fused=fused))


def _adam_init(decoupled: bool, weight_decay_default: float) -> Callable:
    def init_(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8,
              weight_decay=weight_decay_default, amsgrad=False, *, maximize=False, foreach=None,
              capturable=False, differentiable=False, fused=None) -> None:
        check_adam_options(lr, eps, betas, weight_decay)
        init_optimizer(self, params, dict(
            _ADAM_DEFAULTS, lr=lr, betas=tuple(betas), eps=eps, weight_decay=weight_decay,
            amsgrad=amsgrad, maximize=maximize, foreach=foreach, capturable=capturable,
            differentiable=differentiable, fused=fused, decoupled_weight_decay=decoupled))
    return init_


def _rmsprop_init(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0,
                  centered=False, capturable=False, foreach=None, maximize=False,
                  differentiable=False) -> None:
    check_nonnegative(lr=lr, eps=eps, momentum=momentum, weight_decay=weight_decay,
                      alpha=alpha)
    init_optimizer(self, params, {
        "lr": lr, "momentum": momentum, "alpha": alpha, "eps": eps, "centered": centered,
        "weight_decay": weight_decay, "capturable": capturable, "foreach": foreach,
        "maximize": maximize, "differentiable": differentiable})


def _adadelta_init(self, params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0, foreach=None, *,
                   capturable=False, maximize=False, differentiable=False) -> None:
    check_nonnegative(lr=lr)
    if not 0.0 <= rho <= 1.0:
        raise value_error(f"Invalid rho value: {rho}")
    check_nonnegative(eps=eps, weight_decay=weight_decay)
    init_optimizer(self, params, {
        "lr": lr, "rho": rho, "eps": eps, "weight_decay": weight_decay, "maximize": maximize,
        "capturable": capturable, "foreach": foreach, "differentiable": differentiable})


def _adadelta_update(p: Tensor, state: dict, group: dict) -> None:
    if not state:
        state.update(optim_math.adadelta_state(p.data))
    optim_math.adadelta_step(p.data, p.grad.data, state, lr=group["lr"], rho=group["rho"],
                             eps=group["eps"], weight_decay=group["weight_decay"],
                             maximize=group["maximize"])


def _adagrad_init(self, params, lr=1e-2, lr_decay=0, weight_decay=0,
                  initial_accumulator_value=0, eps=1e-10, foreach=None, *, maximize=False,
                  differentiable=False, fused=None) -> None:
    check_nonnegative(lr=lr, lr_decay=lr_decay, weight_decay=weight_decay,
                      initial_accumulator_value=initial_accumulator_value, eps=eps)
    init_optimizer(self, params, {
        "lr": lr, "lr_decay": lr_decay, "eps": eps, "weight_decay": weight_decay,
        "initial_accumulator_value": initial_accumulator_value, "foreach": foreach,
        "maximize": maximize, "differentiable": differentiable, "fused": fused})
    for group in self.attributes["param_groups"]:  # Adagrad's state is made up front
        for p in group["params"]:
            self.attributes["state"][p] = _as_tensors(_adagrad_state(p, group))


def _adagrad_state(p: Tensor, group: dict) -> dict:
    return optim_math.adagrad_state(
        p.data, initial_accumulator_value=group["initial_accumulator_value"])


def _stepper(update: Callable[[Tensor, dict, dict], None]) -> Callable:
    """Optimizer.step: the closure's loss (under enable_grad), then each parameter with a
    gradient written in place under no_grad, as torch's step."""
    def step(self: ScriptInstance, closure=None):
        loss = None
        if closure is not None:
            with enable_grad():
                loss = closure()
        self.attributes[STEPPED] = True
        training_notes.optimizer_step(
            [p for group in self.attributes["param_groups"] for p in group["params"]])
        state = self.attributes["state"]
        with no_grad():
            for group in self.attributes["param_groups"]:
                for p in group["params"]:
                    if p.grad is not None:
                        p._storage.before_write()  # torch's in-place update bumps the version
                        _update_state(update, p, state, group)
        return loss
    return step


def _update_state(update: Callable, p: Tensor, state: dict, group: dict) -> None:
    """One parameter's update on the arrays of its state tensors, written in place; a buffer
    the update makes becomes a tensor of `optimizer.state[p]` (SGD without momentum makes
    none, and torch then keeps no entry for p)."""
    public = state.get(p, {})
    if not isinstance(public, dict):
        raise TorchError("TypeError", f"object of type '{type_name(public)}' has no len()")
    _check_state(p, public)
    arrays = {key: value.data if isinstance(value, Tensor) else value
              for key, value in public.items()}
    if all(_is_number(value) for key, value in group.items() if key in _NUMBERS):
        update(p, arrays, group)
        return _keep(p, state, public, arrays)
    try:  # a hyperparameter the script set to no number: Python's error where torch meets it
        update(p, arrays, group)
    except (TypeError, ValueError) as e:
        raise TorchError(type(e).__name__, str(e)) from None
    _keep(p, state, public, arrays)


def _keep(p: Tensor, state: dict, public: dict, arrays: dict) -> None:
    """The arrays an update made or replaced, as the tensors of `optimizer.state[p]`."""
    if arrays:
        for key, value in arrays.items():
            current = public.get(key)
            if not (isinstance(current, Tensor) and current.data is value):
                public[key] = Tensor(value) if isinstance(value, np.ndarray) else value
        state[p] = public


# the state tensors an update reads, and the in-place method torch first calls on each
_FIRST_METHOD = {"exp_avg": "lerp_", "exp_avg_sq": "mul_", "momentum_buffer": "mul_",
                 "square_avg": "mul_", "grad_avg": "lerp_", "sum": "addcmul_",
                 "acc_delta": "mul_", "exp_inf": "mul_", "step_size": "mul_",
                 "ax": "copy_"}
_NUMBERS = frozenset({"lr", "momentum", "dampening", "weight_decay", "eps", "alpha", "lr_decay",
                      "rho", "initial_accumulator_value", "momentum_decay", "lambd", "t0"})


_SCALARS = frozenset({"mu_product", "eta", "mu"})  # 0-d state tensors (NAdam's, ASGD's)


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) or isinstance(value, Tensor) and value.numel() == 1


def _check_state(p: Tensor, public: dict) -> None:
    """torch's error for a state entry the script replaced by something an update cannot use
    (a str, a tensor of another shape, a step that is no one-element tensor)."""
    for key, value in public.items():
        if key == "step":
            if not isinstance(value, Tensor):
                raise TorchError("RuntimeError", "API has changed, `state_steps` argument must "
                                 "contain a list of singleton tensors")
            if value.numel() != 1:
                raise TorchError("RuntimeError", f"a Tensor with {value.numel()} elements "
                                 "cannot be converted to Scalar")
        elif key == "max_exp_avg_sq" and not isinstance(value, Tensor):
            raise TorchError("TypeError", "maximum(): argument 'input' (position 1) must be "
                             f"Tensor, not {type_name(value)}")
        elif key in _FIRST_METHOD and not isinstance(value, Tensor):
            if value is None and key == "momentum_buffer":
                continue  # torch's SGD starts a new buffer
            raise TorchError("AttributeError", f"'{type_name(value)}' object has no attribute "
                             f"'{_FIRST_METHOD[key]}'")
        elif isinstance(value, Tensor) and value.shape != p.shape and key not in _SCALARS:
            out = broadcast_shape(value.shape, p.shape)  # torch's error where they cannot
            raise TorchError("RuntimeError", f"output with shape {list(value.shape)} doesn't "
                             f"match the broadcast shape {list(out)}")


def _as_tensors(arrays: dict) -> dict:
    return {key: Tensor(value) for key, value in arrays.items()}


def _sgd_update(p: Tensor, state: dict, group: dict) -> None:
    optim_math.sgd_step(p.data, p.grad.data, state, lr=group["lr"], momentum=group["momentum"],
                        dampening=group["dampening"], weight_decay=group["weight_decay"],
                        nesterov=group["nesterov"], maximize=group["maximize"])


def _adam_update(p: Tensor, state: dict, group: dict) -> None:
    if not state:
        state.update(optim_math.adam_state(p.data, amsgrad=group["amsgrad"]))
    optim_math.adam_step(p.data, p.grad.data, state, lr=group["lr"], betas=group["betas"],
                         eps=group["eps"], weight_decay=group["weight_decay"],
                         amsgrad=group["amsgrad"], maximize=group["maximize"],
                         decoupled_weight_decay=group["decoupled_weight_decay"])


def _rmsprop_update(p: Tensor, state: dict, group: dict) -> None:
    if not state:
        state.update(optim_math.rmsprop_state(p.data, momentum=group["momentum"],
                                              centered=group["centered"]))
    optim_math.rmsprop_step(p.data, p.grad.data, state, lr=group["lr"], alpha=group["alpha"],
                            eps=group["eps"], weight_decay=group["weight_decay"],
                            momentum=group["momentum"], centered=group["centered"],
                            maximize=group["maximize"])


def _adagrad_update(p: Tensor, state: dict, group: dict) -> None:
    if not state:  # a group added after the constructor
        state.update(_adagrad_state(p, group))
    optim_math.adagrad_step(p.data, p.grad.data, state, lr=group["lr"],
                            lr_decay=group["lr_decay"], weight_decay=group["weight_decay"],
                            eps=group["eps"], maximize=group["maximize"])


def lazy_update(make_state: Callable[[Tensor, dict], dict], step: Callable) -> Callable:
    """An update for _stepper: the state made on first use, then `step` given the group's
    values for its keyword arguments (Adamax's, NAdam's... as optim_math names them)."""
    parameters = inspect.signature(step).parameters.values()
    names = [p.name for p in parameters if p.kind is p.KEYWORD_ONLY]

    def update(p: Tensor, state: dict, group: dict) -> None:
        if not state:
            state.update(make_state(p, group))
        step(p.data, p.grad.data, state, **{name: group[name] for name in names})
    return update


def _zero_grad(self: ScriptInstance, set_to_none: bool = True) -> None:
    zero_grads([p for group in self.attributes["param_groups"] for p in group["params"]],
               set_to_none)


def _repr(self: ScriptInstance) -> str:
    text = f"{self.cls.name} ("
    for index, group in enumerate(self.attributes["param_groups"]):
        text += f"\nParameter Group {index}\n"
        text += "".join(f"    {key}: {group[key]}\n" for key in sorted(group) if key != "params")
    return text + ")"


def _state_dict(self: ScriptInstance) -> dict:
    """Optimizer.state_dict: the state keyed by each parameter's index in the groups, and the
    groups with indices for params (put last); the state's dicts and tensors are the live ones."""
    index: dict[int, int] = {}
    groups = []
    for group in self.attributes["param_groups"]:
        packed = {key: value for key, value in group.items() if key != "params"}
        for p in group["params"]:
            index.setdefault(id(p), len(index))
        packed["params"] = [index[id(p)] for p in group["params"]]
        groups.append(packed)
    state = {index[id(key)] if isinstance(key, Tensor) else key: value
             for key, value in self.attributes["state"].items()}
    return {"state": state, "param_groups": groups}


def _load_state_dict(self: ScriptInstance, state_dict: dict) -> None:
    """Optimizer.load_state_dict: torch's checks, the saved state given to the current
    parameters (cast to their dtype, `step` as it is) and the saved group settings."""
    groups = self.attributes["param_groups"]
    saved_groups = [_copied(group) for group in state_dict["param_groups"]]
    if len(groups) != len(saved_groups):
        raise value_error("loaded state dict has a different number of parameter groups")
    if any(len(g["params"]) != len(s["params"]) for g, s in zip(groups, saved_groups)):
        raise value_error("loaded state dict contains a parameter group that doesn't match "
                           "the size of optimizer's group")
    params = dict(zip(chain.from_iterable(s["params"] for s in saved_groups),
                      chain.from_iterable(g["params"] for g in groups)))
    state: defaultdict = defaultdict(dict)
    for key, value in state_dict["state"].items():
        if key in params:
            param = params[key]
            state[param] = {name: _cast_state(param, name, v) for name, v in value.items()}
        else:
            state[key] = value
    for group, saved in zip(groups, saved_groups):
        saved["params"] = group["params"]
    self.attributes.update(state=state, param_groups=saved_groups)


def _copied(value: Any) -> Any:
    """copy.deepcopy of a saved param group (its lists and tuples are new objects)."""
    if isinstance(value, dict):
        return {key: _copied(v) for key, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_copied(v) for v in value)
    return value.clone() if isinstance(value, Tensor) else value


def _cast_state(param: Tensor, name: str, value: Any) -> Any:
    """torch's _process_value_according_to_param_policy (on CPU, not fused or capturable)."""
    if not isinstance(value, Tensor) or name == "step" or not param.dtype.is_floating_point:
        return value
    return shape.to(value, param.dtype)


OPTIMIZER = builtin_class("Optimizer", None, {
    "zero_grad": _zero_grad, "add_param_group": _add_param_group, "__repr__": _repr,
    "state_dict": _state_dict, "load_state_dict": _load_state_dict})


def is_optimizer(value: Any) -> bool:
    return isinstance(value, ScriptInstance) and OPTIMIZER in value.cls.mro


def optimizer_class(name: str, init_: Callable, update: Callable) -> ScriptClass:
    return builtin_class(name, OPTIMIZER, {"__init__": init_, "step": _stepper(update)})


CLASSES: dict[str, ScriptClass] = {
    "Optimizer": OPTIMIZER,
    "SGD": optimizer_class("SGD", _sgd_init, _sgd_update),
    "Adam": optimizer_class("Adam", _adam_init(False, 0), _adam_update),
    "AdamW": optimizer_class("AdamW", _adam_init(True, 1e-2), _adam_update),
    "RMSprop": optimizer_class("RMSprop", _rmsprop_init, _rmsprop_update),
    "Adagrad": optimizer_class("Adagrad", _adagrad_init, _adagrad_update),
    "Adadelta": optimizer_class("Adadelta", _adadelta_init, _adadelta_update),
}

ATTRIBUTES = frozenset({"step", "zero_grad", "add_param_group", "param_groups", "state",
                        "defaults", "state_dict", "load_state_dict"})
