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
