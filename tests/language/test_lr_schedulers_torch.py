"""The schedulers after the first five in a session against live torch: get_last_lr() (and
the momentum OneCycleLR and CyclicLR cycle) after every step, to the last bit (repr of the
doubles), chained and through the deprecated step(epoch) closed form."""
from __future__ import annotations

import contextlib
import io
import warnings

import pytest

from gradcli.app.api import run_json

SCHEDULERS = [
    "MultiplicativeLR(opt, lambda epoch: 0.95)",
    "MultiplicativeLR(opt, [lambda epoch: 0.9, lambda epoch: 1.0 - epoch / 50])",
    "ConstantLR(opt)",
    "ConstantLR(opt, factor=0.7, total_iters=3)",
    "LinearLR(opt)",
    "LinearLR(opt, start_factor=0.1, end_factor=0.8, total_iters=7)",
    "PolynomialLR(opt)",
    "PolynomialLR(opt, total_iters=9, power=2.5)",
    "OneCycleLR(opt, max_lr=0.5, total_steps=12)",
    "OneCycleLR(opt, max_lr=[1.0, 0.4], epochs=3, steps_per_epoch=4, pct_start=0.25, "
    "anneal_strategy='linear', three_phase=True)",
    "OneCycleLR(opt, max_lr=0.2, total_steps=13, cycle_momentum=False)",
    "CyclicLR(opt, base_lr=0.01, max_lr=0.1, step_size_up=3)",
    "CyclicLR(opt, base_lr=[0.01, 0.02], max_lr=0.3, step_size_up=2, step_size_down=3, "
    "mode='triangular2')",
    "CyclicLR(opt, base_lr=0.01, max_lr=0.1, step_size_up=2, mode='exp_range', gamma=0.9)",
    "CyclicLR(opt, base_lr=0.01, max_lr=0.1, step_size_up=2, scale_fn=lambda x: 0.5 ** x, "
    "cycle_momentum=False)",
    "CosineAnnealingWarmRestarts(opt, T_0=3)",
    "CosineAnnealingWarmRestarts(opt, T_0=2, T_mult=2, eta_min=0.01)",
    "ChainedScheduler([torch.optim.lr_scheduler.ConstantLR(opt, factor=0.5, total_iters=4), "
    "torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.9)])",
    "SequentialLR(opt, [torch.optim.lr_scheduler.LinearLR(opt, start_factor=0.2, "
    "total_iters=3), torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=5), "
    "torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.8)], milestones=[3, 7])",
]


def script(scheduler: str, epochs: bool) -> str:
    step = "sched.step(epoch)" if epochs else "sched.step()"
    return ("import torch\n"
            "a, b = torch.zeros(1, requires_grad=True), torch.zeros(1, requires_grad=True)\n"
            "opt = torch.optim.SGD([{'params': [a]}, {'params': [b], 'lr': 0.3}], lr=0.1)\n"
            f"sched = torch.optim.lr_scheduler.{scheduler}\n"
            "print(repr(sched.get_last_lr()))\n"
            "for epoch in range(1, 13):\n"
            f"    opt.step()\n    {step}\n"
            "    print(repr(sched.get_last_lr()))\n"
            "    print(repr([g['momentum'] for g in opt.param_groups]))\n")


def torch_prints(source: str) -> list[str]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        exec(compile(source, "<torch>", "exec"), {})
    return out.getvalue().splitlines()


@pytest.mark.parametrize("epochs", [False, True])
@pytest.mark.parametrize("scheduler", SCHEDULERS)
def test_last_lr_as_torchs(scheduler, epochs):
    pytest.importorskip("torch", reason="real torch is the oracle for the schedulers")
    if epochs and scheduler.startswith(("Chained", "Sequential")):
        pytest.skip("their step() takes no epoch")
    source = script(scheduler, epochs)
    ours = [e["text"] for e in run_json(source, "<test>")["events"] if e["kind"] == "print"]
    assert ours == torch_prints(source)


PLATEAU = ("import torch\n"
           "opt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1, momentum=0.9)\n"
           "sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, {})\n"
           "for loss in [1.0, 0.9, 0.95, 0.96, 0.97, 0.9, 0.8, 0.85, 0.86, 0.87, 0.88, 0.89,\n"
           "             0.9, 0.91, 0.92, 0.93]:\n"
           "    opt.step()\n    sched.step(torch.tensor(loss))\n"
           "    print(repr(sched.get_last_lr()), sched.num_bad_epochs, sched.best)\n")


@pytest.mark.parametrize("options", [
    "patience=1", "mode='max', factor=0.5, patience=0, threshold_mode='abs', threshold=0.01",
    "patience=2, cooldown=2, min_lr=0.004", "patience=0, factor=0.3, eps=0.01"])
def test_reduce_lr_on_plateau_as_torchs(options):
    pytest.importorskip("torch", reason="real torch is the oracle for the schedulers")
    source = PLATEAU.format(options)
    ours = [e["text"] for e in run_json(source, "<test>")["events"] if e["kind"] == "print"]
    assert ours == torch_prints(source)


def test_chained_scheduler_over_two_optimizers_is_torchs_error():
    pytest.importorskip("torch", reason="real torch is the oracle for the schedulers")
    source = ("import torch\nfrom torch.optim import SGD, lr_scheduler\n"
              "one = SGD([torch.zeros(1, requires_grad=True)], lr=0.1)\n"
              "two = SGD([torch.zeros(1, requires_grad=True)], lr=0.2)\n"
              "try:\n    lr_scheduler.ChainedScheduler([lr_scheduler.StepLR(one, 2), "
              "lr_scheduler.StepLR(two, 2)])\n"
              "except ValueError as e:\n    print(e)\n")
    ours = [e["text"] for e in run_json(source, "<test>")["events"] if e["kind"] == "print"]
    assert "\n".join(ours).splitlines() == torch_prints(source)


@pytest.mark.parametrize("scheduler, message", [
    ("ConstantLR(opt, factor=1.5)", "Constant multiplicative factor expected to be between 0 "
                                    "and 1."),
    ("LinearLR(opt, start_factor=0)", "Starting multiplicative factor expected to be greater "
                                      "than 0 and less or equal to 1."),
    ("LinearLR(opt, end_factor=2)", "Ending multiplicative factor expected to be between 0 and 1."),
    ("MultiplicativeLR(opt, 3)", "lr_lambda should be a function, but got int"),
    ("OneCycleLR(opt, 0.1)", "You must define either total_steps OR (epochs AND "
                             "steps_per_epoch)"),
    ("OneCycleLR(opt, 0.1, total_steps=10, pct_start=1)", "Expected float between 0 and 1 "
                                                          "pct_start, but got 1"),
    ("ReduceLROnPlateau(opt, factor=1.0)", "Factor should be < 1.0."),
    ("ReduceLROnPlateau(opt, mode='low')", "mode low is unknown!"),
    ("SequentialLR(opt, [torch.optim.lr_scheduler.StepLR(opt, 2)], milestones=[1])",
     "Sequential Schedulers expects number of schedulers provided to be one more than the "
     "number of milestone points, but got number of schedulers 1 and the number of milestones "
     "to be equal to 1"),
    ("CyclicLR(opt, 0.1, 1.0, mode='sine')", "mode is invalid and scale_fn is None"),
    ("ChainedScheduler([])", "ChainedScheduler expects at least one scheduler to be chained, "
                             "but got no scheduler."),
    ("CosineAnnealingWarmRestarts(opt, T_0=0)", "Expected positive integer T_0, but got 0"),
    ("CosineAnnealingWarmRestarts(opt, 2, T_mult=0.5)", "Expected integer T_mult >= 1, but "
                                                        "got 0.5"),
])
def test_bad_arguments_raise_torchs_errors(scheduler, message):
    source = ("import torch\nopt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=0.1)"
              f"\ntorch.optim.lr_scheduler.{scheduler}\n")
    error = run_json(source, "<test>")["events"][-1]
    assert error["kind"] == "error" and error["message"] == message
    assert error["type"] == ("TypeError" if "lambda" in message else "ValueError")
