"""torch.optim's Adamax, NAdam and RAdam: Adam's checks and param groups, each with its own
single-tensor arithmetic from engine/optim_math.py."""
from __future__ import annotations

from gradcli.engine import optim_math
from gradcli.sandbox.objects import ScriptClass
from gradcli.torch.optim.optimizer import (
    check_adam_options,
    check_nonnegative,
    init_optimizer,
    lazy_update,
    optimizer_class,
)


def _adamax_init(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 foreach=None, *, maximize=False, differentiable=False,
                 capturable=False) -> None:
    check_adam_options(lr, eps, betas, weight_decay)
    init_optimizer(self, params, {"lr": lr, "betas": betas, "eps": eps,
                                  "weight_decay": weight_decay, "foreach": foreach,
                                  "maximize": maximize, "differentiable": differentiable,
                                  "capturable": capturable})


def _nadam_init(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                momentum_decay=4e-3, decoupled_weight_decay=False, *, foreach=None,
                maximize=False, capturable=False, differentiable=False) -> None:
    check_adam_options(lr, eps, betas, weight_decay)
    check_nonnegative(momentum_decay=momentum_decay)
    init_optimizer(self, params, {"lr": lr, "betas": betas, "eps": eps,
                                  "weight_decay": weight_decay,
                                  "momentum_decay": momentum_decay,
                                  "decoupled_weight_decay": decoupled_weight_decay,
                                  "maximize": maximize, "foreach": foreach,
                                  "capturable": capturable, "differentiable": differentiable})


def _radam_init(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                decoupled_weight_decay=False, *, foreach=None, maximize=False,
                capturable=False, differentiable=False) -> None:
    check_adam_options(lr, eps, betas, weight_decay)
    init_optimizer(self, params, {"lr": lr, "betas": betas, "eps": eps,
                                  "weight_decay": weight_decay, "maximize": maximize,
                                  "foreach": foreach, "capturable": capturable,
                                  "decoupled_weight_decay": decoupled_weight_decay,
                                  "differentiable": differentiable})


def _fresh(make_state):
    """Their lazy state, which depends on the parameter alone."""
    return lambda p, group: make_state(p.data)


CLASSES: dict[str, ScriptClass] = {
    "Adamax": optimizer_class("Adamax", _adamax_init, lazy_update(
        _fresh(optim_math.adamax_state), optim_math.adamax_step)),
    "NAdam": optimizer_class("NAdam", _nadam_init, lazy_update(
        _fresh(optim_math.nadam_state), optim_math.nadam_step)),
    "RAdam": optimizer_class("RAdam", _radam_init, lazy_update(
        _fresh(optim_math.radam_state), optim_math.radam_step)),
}
