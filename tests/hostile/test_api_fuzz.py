"""Every entry of the API table (each declared torch, F, torch.special and torch.linalg
function, each Tensor method, each nn module constructor, each optimizer, each distribution
and its methods), called with wrong
types, out-of-range values, non-finite numbers, a lone surrogate and huge sizes: each call
ends in an ordinary error (or a result), never in gradcli's internal error (#31 item 8).

Deterministic: the cases are enumerated, not drawn. One script per entry, each bad call in
its own try/except (an internal error cannot be caught, so it ends the script)."""
from __future__ import annotations

import pytest
from hostile_harness import run_text

import gradcli.torch.api as api
from gradcli.torch._declare import DECLARED

BAD = ("'x'", "'\\ud800'", "None", "[1, 'a']", "float('nan')", "float('inf')", "-1",
       "10**12", "2**64", "x", "x, 'x'", "x, float('nan')", "x, -5", "x, 10**12",
       "x, x, 'mean'", "dim=99", "x, dim='a'")
CONSTRUCTOR_BAD = ("'x'", "-1", "0", "10**9", "float('nan')", "None", "1, 'a'", "1, -1",
                   "1, 1, 0", "3, 3, 10**9")
PRELUDE = ("import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
           "x = torch.randn(2, 3, requires_grad=True)\n")
def _calls(callee: str, cases: tuple[str, ...]) -> str:
    return "".join(f"try:\n    {callee}({case})\nexcept Exception:\n    pass\n"
                   for case in cases)


def _entries() -> dict[str, str]:
    """entry name -> the script that calls it with every bad case."""
    prefixes = {"torch": "torch", "torch.nn.functional": "F", "torch.special": "torch.special",
                "torch.linalg": "torch.linalg", "Tensor": "x"}
    entries = {}
    for d in DECLARED:
        name = f"{prefixes[d.namespace]}.{d.name}"
        entries[name] = PRELUDE + _calls(name, BAD)
    for namespace, prefix in (("torch.nn", "nn"), ("torch.optim", "torch.optim")):
        for member, value in sorted(api.MODULES[namespace].members.items()):
            if isinstance(value, type) or not member[:1].isupper():
                continue
            entries[f"{prefix}.{member}"] = PRELUDE + _calls(f"{prefix}.{member}",
                                                             CONSTRUCTOR_BAD)
    for name in sorted(api.MODULES["torch.distributions"].members):
        if name[:1].isupper():
            entries[f"torch.distributions.{name}"] = PRELUDE + _distribution_calls(name)
    return entries


# a valid instance of each distribution, whose methods are called with the bad arguments
VALID = {"Normal": "0.0, 1.0", "Uniform": "0.0, 1.0", "Categorical": "logits=x",
         "Bernoulli": "logits=x", "Independent": "torch.distributions.Normal(x, 1.0), 1",
         "MultivariateNormal": "torch.zeros(3), scale_tril=torch.eye(3)",
         "OneHotCategorical": "logits=x", "OneHotCategoricalStraightThrough": "logits=x",
         "TransformedDistribution": "torch.distributions.Normal(x, 1.0), "
                                    "[torch.distributions.TanhTransform(cache_size=1)]",
         "LogNormal": "x, 1.0", "Exponential": "x.abs() + 0.1", "Laplace": "x, 2.0",
         "RelaxedBernoulli": "torch.tensor(0.5), logits=x",
         "RelaxedOneHotCategorical": "torch.tensor(0.5), logits=x",
         "Geometric": "logits=x", "Gumbel": "x, 1.0", "HalfNormal": "x.abs() + 0.1",
         "Cauchy": "x, 1.0", "HalfCauchy": "x.abs() + 0.1"}
METHODS = ("sample", "rsample", "log_prob", "cdf", "icdf", "expand", "enumerate_support",
           "entropy", "perplexity")


# a valid transform of each kind, called (and its inverse, its Jacobian...) with them
TRANSFORMS = {"Transform": "", "ExpTransform": "", "SigmoidTransform": "", "AbsTransform": "",
              "TanhTransform": "cache_size=1", "AffineTransform": "1.0, x"}
TRANSFORM_CALLS = ("t", "t.inv", "t.log_abs_det_jacobian", "t.forward_shape", "t.with_cache")


def _distribution_calls(name: str) -> str:
    callee = f"torch.distributions.{name}"
    calls = _calls(callee, CONSTRUCTOR_BAD)
    if name in VALID:
        calls += f"d = {callee}({VALID[name]})\n"
        calls += "".join(_calls(f"d.{method}", BAD) for method in METHODS)
    if name in TRANSFORMS:
        calls += f"t = {callee}({TRANSFORMS[name]})\n"
        calls += "".join(_calls(call, BAD) for call in TRANSFORM_CALLS)
    return calls


ENTRIES = _entries()


@pytest.mark.parametrize("name", ENTRIES)
def test_no_internal_error(name):
    outcome = run_text(ENTRIES[name], seconds=20)
    assert outcome.exit_code != 70 and not outcome.internal, outcome.message
    assert "please report" not in outcome.message
