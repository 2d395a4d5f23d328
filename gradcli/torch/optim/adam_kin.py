"""torch.optim's Adamax, NAdam and RAdam: Adam's checks and param groups, each with its own
single-tensor arithmetic from engine/optim_math.py."""
from __future__ import annotations

from gradcli.engine import optim_math
from gradcli.engine.tensor import Tensor
from gradcli.sandbox.objects import ScriptClass
from gradcli.torch.optim.optimizer import (
    check_adam_options,
    check_nonnegative,
    init_optimizer,
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


def _adamax_update(p: Tensor, state: dict, group: dict) -> None:
    if not state:
        state.update(optim_math.adamax_state(p.data))
    optim_math.adamax_step(p.data, p.grad.data, state, lr=group["lr"], betas=group["betas"],
                           eps=group["eps"], weight_decay=group["weight_decay"],
                           maximize=group["maximize"])


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


def _nadam_update(p: Tensor, state: dict, group: dict) -> None:
    if not state:
        state.update(optim_math.nadam_state(p.data))
    optim_math.nadam_step(p.data, p.grad.data, state, lr=group["lr"], betas=group["betas"],
                          eps=group["eps"], weight_decay=group["weight_decay"],
                          momentum_decay=group["momentum_decay"],
                          decoupled_weight_decay=group["decoupled_weight_decay"],
                          maximize=group["maximize"])


def _radam_init(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                decoupled_weight_decay=False, *, foreach=None, maximize=False,
                capturable=False, differentiable=False) -> None:
    check_adam_options(lr, eps, betas, weight_decay)
    init_optimizer(self, params, {"lr": lr, "betas": betas, "eps": eps,
                                  "weight_decay": weight_decay, "maximize": maximize,
                                  "foreach": foreach, "capturable": capturable,
                                  "decoupled_weight_decay": decoupled_weight_decay,
                                  "differentiable": differentiable})


def _radam_update(p: Tensor, state: dict, group: dict) -> None:
    if not state:
        state.update(optim_math.radam_state(p.data))
    optim_math.radam_step(p.data, p.grad.data, state, lr=group["lr"], betas=group["betas"],
                          eps=group["eps"], weight_decay=group["weight_decay"],
                          decoupled_weight_decay=group["decoupled_weight_decay"],
                          maximize=group["maximize"])


CLASSES: dict[str, ScriptClass] = {
    "Adamax": optimizer_class("Adamax", _adamax_init, _adamax_update),
    "NAdam": optimizer_class("NAdam", _nadam_init, _nadam_update),
    "RAdam": optimizer_class("RAdam", _radam_init, _radam_update),
}
