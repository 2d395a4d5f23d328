"""The validator never crashes (issue 17): huge format widths are refused, a list that contains
itself echoes as Python's, torch.Size's class prints as PyTorch's."""
from __future__ import annotations

from hostile_harness import run_text

from gradcli.app.api import run_session
from gradcli.app.running import RunOptions
from gradcli.engine.limits import Limits
from gradcli.events.encode import encode_value

HUGE = "9" * 5000  # more digits than Python's int() converts


def test_a_format_width_of_thousands_of_digits_is_rejected_not_a_crash():
    outcome = run_text(f"x = 1\ny = f'{{x:{HUGE}d}}'", Limits())
    assert (outcome.status, outcome.exit_code) == ("invalid", 2), outcome
    assert "--max-sequence" in outcome.message


def test_a_percent_width_of_thousands_of_digits_names_its_limit():
    outcome = run_text(f"y = '%{HUGE}d' % 1", Limits())
    assert (outcome.exit_code, outcome.error_type) == (3, "LimitExceeded"), outcome
    assert "--max-sequence" in outcome.message


def _printed(source: str) -> list[str]:
    result = run_session(source, "<test>", RunOptions(check=False))
    assert result.exit_code == 0, result
    return [e.text for e in result.events if type(e).__name__ == "PrintEvent"]


def test_a_list_that_contains_itself_prints_and_echoes_as_python():
    assert _printed("l = [1]\nl.append(l)\nprint(l)\nprint([l, l])") == \
        ["[1, [...]]", "[[1, [...]], [1, [...]]]"]
    loop = [1]
    loop.append(loop)
    assert encode_value(loop) == [1, {"type": "repr", "text": "[...]"}]


def test_the_size_class_prints_as_pytorchs():
    assert _printed("import torch\nprint(torch.Size)") == ["<class 'torch.Size'>"]
