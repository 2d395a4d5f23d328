"""torch.distributions where the corpus scripts cannot reach: what a session changes stays in
that session (set_default_validate_args, a patched class), the lazy probs/logits computed once
and replaced by an assignment, and a script's own subclasses."""
from __future__ import annotations

from gradcli.app.api import run_json


def _prints(source: str) -> list[str]:
    return [e["text"] for e in run_json(source, "<test>")["events"] if e["kind"] == "print"]


def _error(source: str) -> str:
    errors = [e for e in run_json(source, "<test>")["events"] if e["kind"] == "error"]
    return errors[0]["type"] if errors else ""


def test_default_validation_is_the_sessions_own():
    off = ("import torch\nfrom torch.distributions import Distribution, Normal\n"
           "Distribution.set_default_validate_args(False)\nprint(Normal(0.0, -1.0).scale)\n")
    assert _prints(off) == ["tensor(-1.)"]
    assert _error("import torch\ntorch.distributions.Normal(0.0, -1.0)\n") == "ValueError"


def test_a_patched_class_attribute_is_the_sessions_own():
    patched = ("import torch\ntorch.distributions.Normal.has_rsample = False\n"
               "print(torch.distributions.Normal(0.0, 1.0).has_rsample)\n")
    assert _prints(patched) == ["False"]
    assert _prints("import torch\nprint(torch.distributions.Normal(0.0, 1.0).has_rsample)\n") \
        == ["True"]


def test_lazy_probs_are_computed_once_and_an_assignment_replaces_them():
    source = ("import torch\nfrom torch.distributions import Categorical\n"
              "c = Categorical(logits=torch.zeros(2))\nprint(c.probs is c.probs)\n"
              "c.probs = torch.tensor([0.25, 0.75])\nprint(c.probs)\n"
              "print(c.log_prob(torch.tensor(1)))\n")
    assert _prints(source) == ["True", "tensor([0.2500, 0.7500])", "tensor(-0.6931)"]


def test_a_script_subclass_inherits_and_overrides():
    source = ("import torch\nfrom torch.distributions import Normal\n"
              "class Doubled(Normal):\n    def log_prob(self, x):\n"
              "        return 2 * super().log_prob(x)\n"
              "d = Doubled(torch.zeros(2), 1.0)\nprint(d)\n"
              "print(isinstance(d, Normal), isinstance(d.expand((3, 2)), Doubled))\n"
              "print(d.log_prob(torch.zeros(2)))\n")
    assert _prints(source) == ["Doubled(loc: torch.Size([2]), scale: torch.Size([2]))",
                               "True True", "tensor([-1.8379, -1.8379])"]
