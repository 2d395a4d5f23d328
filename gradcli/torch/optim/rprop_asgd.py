"""torch.optim's Rprop (sign-based step sizes per element) and ASGD (averaged SGD), each with
its single-tensor arithmetic from engine/optim_math.py."""
from __future__ import annotations

from gradcli.engine import optim_math
from gradcli.sandbox.objects import ScriptClass
from gradcli.torch.optim.optimizer import (
    check_nonnegative,
    init_optimizer,
    lazy_update,
    optimizer_class,
    value_error,
)


def _rprop_init(self, params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *,
                capturable=False, foreach=None, maximize=False, differentiable=False) -> None:
    check_nonnegative(lr=lr)
    if not 0.0 < etas[0] < 1.0 < etas[1]:
        raise value_error(f"Invalid eta values: {etas[0]}, {etas[1]}")
    init_optimizer(self, params, {"lr": lr, "etas": etas, "step_sizes": step_sizes,
                                  "foreach": foreach, "maximize": maximize,
                                  "differentiable": differentiable, "capturable": capturable})


def _asgd_init(self, params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0,
               foreach=None, maximize=False, differentiable=False, capturable=False) -> None:
    check_nonnegative(lr=lr, weight_decay=weight_decay)
    init_optimizer(self, params, {"lr": lr, "lambd": lambd, "alpha": alpha, "t0": t0,
                                  "weight_decay": weight_decay, "foreach": foreach,
                                  "maximize": maximize, "differentiable": differentiable,
                                  "capturable": capturable})


def _from_lr(make_state):
    """Their lazy state, which starts from the group's lr."""
    return lambda p, group: make_state(p.data, lr=group["lr"])


CLASSES: dict[str, ScriptClass] = {
    "Rprop": optimizer_class("Rprop", _rprop_init, lazy_update(
        _from_lr(optim_math.rprop_state), optim_math.rprop_step)),
    "ASGD": optimizer_class("ASGD", _asgd_init, lazy_update(
        _from_lr(optim_math.asgd_state), optim_math.asgd_step)),
}
