"""Hints that lead somewhere: `grad`'s --at values and its unknown names."""
from __future__ import annotations

import pytest
from typer.testing import CliRunner

from gradcli.app import cli


def grad_plain(*args: str):
    return CliRunner().invoke(cli.app, ["grad", *args, "--format", "plain"])


@pytest.mark.parametrize("value, shown", [
    ("x=inf", "= inf at x = inf"), ("x=-inf", "= 0 at x = -inf"), ("x=nan", "= nan at x = nan"),
    ("x=1e999", "= inf at x = inf"), ("x=[1,-inf]", "at x = [1, -inf]"),
])
def test_at_takes_non_finite_numbers(value, shown):
    result = grad_plain("exp(x).sum()", "--at", value)
    assert result.exit_code == 0 and shown in result.stdout


@pytest.mark.parametrize("expression, hint", [
    ("softmax(x, 0).sum()", "hint: softmax is not one of the bare functions; write "
                            "torch.softmax(...)"),
    ("softplus(x)", "hint: softplus is not one of the bare functions"),
])
def test_a_called_name_is_never_offered_as_a_variable(expression, hint):
    result = grad_plain(expression, "--at", "x=1")
    assert result.exit_code == 2 and hint in result.stderr and "--at softplus" not in result.stderr


def test_an_unknown_operand_is_a_variable_to_give():
    result = grad_plain("x * y", "--at", "x=1")
    assert "hint: give it a value: --at y=VALUE" in result.stderr


def test_a_pipe_is_as_wide_as_columns_says():
    from tests.cli.test_commands import gradcli

    def lines(**env: str) -> list[str]:
        return gradcli("run", "examples/accumulate.py", **env).stdout.decode().splitlines()

    assert max(map(len, lines(COLUMNS="50"))) <= 50
    assert max(map(len, lines())) > 50


def run_plain(source: str):
    return CliRunner().invoke(cli.app, ["run", "-c", source, "--format", "plain"])


@pytest.mark.parametrize("source, hint", [
    ('x = 1\n"{}".formt(x)', "hint: did you mean `format`?"),  # str.format works now
    ("x = torch.ones(2)\nx.backwrd()", "hint: did you mean `backward`?"),
    ("x = torch.ones(2)\ntorch.sofmax(x, 0)", "hint: did you mean `softmax`?"),
    ("x = torch.ones(2)\ntorch.fooo(x)", "hint: module 'torch' has no attribute 'fooo'"),
    ("x = torch.ones(2)\nx.fooo()", "hint: PyTorch has no `fooo`"),
    # a PyTorch name gradcli lacks is said so, never `did you mean relu?` for gelu
    ("x = torch.ones(1, 4)\nF.gumbel_softmax(x)", "hint: PyTorch has "
     "torch.nn.functional.gumbel_softmax, but gradcli does not support it yet; today write "
     "F.softmax((logits - torch.empty_like(logits).exponential_().log()) / tau, dim=-1)"),
    ("import torch.nn.functional as G\nG.gumbel_softmax(torch.ones(1))",
     "hint: PyTorch has torch.nn.functional.gumbel_softmax, but gradcli does not support it yet"),
    ("x = torch.ones(2)\ngumbel_softmax(x)",
     "hint: PyTorch has torch.nn.functional.gumbel_softmax"),
    ("x = torch.ones(2)\nrelu(x)", "hint: did you mean `torch.relu`?"),
    # a PyTorch module gradcli lacks: the whole path named, once, never a close name
    ("torch.fft.fft(torch.ones(2))",
     "hint: PyTorch has torch.fft.fft, but gradcli does not support it yet"),
    ("torch.distributions.Beta(1.0, 1.0)",
     "hint: PyTorch has torch.distributions.Beta, but gradcli does not support it yet"),
    ("torch.accelerator.synchronize()",
     "hint: PyTorch has torch.accelerator.synchronize, but gradcli does not support"),
    ("import torch.fft", "hint: PyTorch has torch.fft, but gradcli"),
    ("torch.nn.utils.parametrize", "hint: gradcli does not support `torch.nn.utils.parametrize`"),
])
def test_a_hint_leads_somewhere(source, hint):
    result = run_plain(source)
    assert result.exit_code == 2 and hint in result.stderr
    assert "did you mean `float`" not in result.stderr
    assert "did you mean `relu`" not in result.stderr


def test_a_lacked_module_is_one_problem():
    result = run_plain("torch.fft.fft(torch.ones(2))")
    assert "1 problem" in result.stderr and "did you mean" not in result.stderr


def test_torch_version_is_the_pytorch_gradcli_follows():
    result = run_plain("torch.__version__\nprint(torch.__version__)")
    assert (result.exit_code, result.stdout) == (0, "'2.13.0'\n2.13.0\n")


def test_grad_says_whether_pytorch_has_an_unknown_function():
    assert "PyTorch has torch.nn.functional.gumbel_softmax, but gradcli does not support it " \
        "yet" in grad_plain("gumbel_softmax(x)", "--at", "x=1").stderr
    assert "PyTorch has no function of that name" in grad_plain("foo(x)", "--at", "x=1").stderr


def test_the_names_table_is_real_pytorchs():
    from gradcli.torch._names import PYTORCH_MODULES, PYTORCH_NAMES

    assert {"softplus", "gelu", "relu"} <= PYTORCH_NAMES["torch.nn.functional"]
    assert "backward" in PYTORCH_NAMES["torch.Tensor"] and "fooo" not in PYTORCH_NAMES["torch"]
    assert "fft" in PYTORCH_MODULES["torch.fft"] and "Normal" in PYTORCH_MODULES[
        "torch.distributions"]
