"""Options' values coerced without pydantic (gradcli/app/coercion.py): well-formed values here,
everything else by typer's own coercion, with typer's messages."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.models import OptionInfo
from typer.testing import CliRunner

from gradcli.app import cli
from gradcli.app.coercion import SKIP, lean_value
from gradcli.app.output import Format

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("annotation, value, expected", [
    (int, "12", 12), (int, 7, 7), (int, "-3", -3), (float, "1e-3", 1e-3), (float, 2, 2.0),
    (float, ".5", 0.5), (str, "x.py", "x.py"), (Format, "json", Format.json),
    (Format, Format.plain, Format.plain), (list[str], ("x=1", "y=2"), ["x=1", "y=2"]),
])
def test_well_formed_values_are_coerced_here(annotation, value, expected):
    got = lean_value(annotation, OptionInfo(), value)
    assert got == expected and type(got) is type(expected)


@pytest.mark.parametrize("annotation, value, info", [
    (int, "1.5", OptionInfo()), (int, "abc", OptionInfo()), (int, True, OptionInfo()),
    (float, "inf", OptionInfo()), (int, "0", OptionInfo(min=1)), (float, "-1", OptionInfo(min=0.0)),
    (int, "500", OptionInfo(max=100)), (int, "5", OptionInfo(min=10, clamp=True)),
    (Format, "JSON", OptionInfo()), (Path, "out.html", OptionInfo()), (bool, "yes", OptionInfo()),
    (list[int], ("1", "x"), OptionInfo()),
])
def test_anything_else_is_left_to_typer(annotation, value, info):
    assert lean_value(annotation, info, value) is SKIP


@pytest.mark.parametrize("args, message", [
    (["--max-steps", "0"], "Input should be greater than or equal to 1"),
    (["--max-steps", "many"], "unable to parse string as an integer"),
    (["--format", "PLAIN"], "'PLAIN' is not one of"),
])
def test_typer_still_words_the_mistakes(args, message):
    result = CliRunner().invoke(cli.app, ["run", "-c", "1", *args])
    assert result.exit_code == 4
    assert message in " ".join(result.output.replace("│", " ").split())


def test_options_reach_the_run_coerced():
    result = CliRunner().invoke(cli.app, ["run", "-c", "x = 1\nx", "--format", "json",
                                          "--max-steps", "50", "--rtol", "1e-3"])
    assert result.exit_code == 0 and '"status": "ok"' in result.output


@pytest.mark.parametrize("args", [
    ["run", "-c", "x = torch.ones(1, requires_grad=True)\n(x * 2).sum().backward()",
     "--format", "plain", "--max-steps", "1000", "--rtol", "1e-3", "--width", "90"],
    ["grad", "x*y", "--at", "x=3", "--at", "y=2", "--format", "plain"],
])
def test_a_command_does_not_import_pydantic(args):
    """Typer 0.29 would import it (~0.1 s, ~10 MB) to coerce every option of every start."""
    code = ("import sys\nfrom gradcli.app import cli\nsys.argv = ['gradcli', *sys.argv[1:]]\n"
            "try:\n    cli.run_main()\nexcept SystemExit:\n    pass\n"
            "print('pydantic' in sys.modules, file=sys.stderr)")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          env=env, timeout=120, cwd=ROOT)
    assert proc.stderr.strip().splitlines()[-1] == "False", proc.stderr


SAMPLES = ["0", "1", "-2", "+3", "20", "1.5", "1e3", ".5", "-0.0", "abc", "", "json", "plain",
           "table", "auto", "float32", "x=1", ("a", "b"), ["x=1"], 7, 2.5, True]


def every_parameter():
    import typer.main

    group = typer.main.get_command(cli.app)
    for command in group.commands.values():
        for param in command.params:
            yield pytest.param(param, id=f"{command.name}-{param.name}")


@pytest.mark.parametrize("param", every_parameter())
def test_each_option_coerces_as_typer_would(param):
    """Whatever lean coercion accepts, typer's own coercion turns into the same value."""
    from typer._coercion import build_runtime_param

    from gradcli.app.coercion import LeanParam

    descriptor = param.type_descriptor
    typers = build_runtime_param(descriptor)
    lean = LeanParam(descriptor.parameter_info, descriptor.annotation)
    for value in SAMPLES:
        mine = lean_value(descriptor.annotation, descriptor.parameter_info, value)
        if mine is SKIP:
            continue
        theirs = typers._coerce_value(value, param=param, ctx=None)
        assert (mine, type(mine)) == (theirs, type(theirs)), value
        assert lean._coerce_value(value, param=param, ctx=None) == theirs
