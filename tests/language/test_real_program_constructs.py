"""Constructs real programs use (issue #33). getattr, setattr and hasattr: the attribute syntax by
a name computed at run time, through the same API table, with the same `_` rules; a dunder is
never reachable. Annotated assignments and @dataclass: `y: Tensor = model(x)` assigns, an
annotation is never evaluated, and a dataclass gets the __init__ and __repr__ Python generates,
its errors word for word (their Python-judged snippets are in test_pasted_python.py)."""
import pytest
from test_builtins import gradcli_prints

from gradcli.app.api import run_json


def test_a_non_default_field_after_a_default_one_is_pythons_error():
    source = ("from dataclasses import dataclass\n@dataclass\nclass P:\n    x: int = 0\n"
              "    y: int\n")
    with pytest.raises(TypeError) as python:
        exec(source, {})
    error = run_json(source, "s.py")["events"][-1]
    assert (error["type"], error["message"]) == ("TypeError", str(python.value))


@pytest.mark.parametrize("source", [
    "@print\nclass A:\n    pass",
    "from dataclasses import dataclass\n@dataclass\nclass A:\n    __slots__: tuple = ()",
    "x: int = 1\nx.__class__: int = 2",
])
def test_only_dataclass_decorates_a_class_and_dunders_stay_out(source):
    assert run_json(source, "s.py")["status"] == "invalid"


def test_layers_made_and_found_by_name_register_as_attributes_do():
    source = ("import torch.nn as nn\nclass Net(nn.Module):\n    def __init__(self, n):\n"
              "        super().__init__()\n"
              "        self.n = n\n        for i in range(n):\n"
              "            setattr(self, f'fc{i}', nn.Linear(2, 2))\n"
              "    def forward(self, x):\n        for i in range(self.n):\n"
              "            x = getattr(self, f'fc{i}')(x)\n        return x\n"
              "net = Net(3)\n"
              "print(len(list(net.parameters())), hasattr(net, 'fc2'), hasattr(net, 'fc3'))\n"
              "print(net(torch.ones(1, 2)).shape)")
    assert gradcli_prints(source) == ["6 True False", "torch.Size([1, 2])"]


@pytest.mark.parametrize("source", [
    "x = torch.ones(1)\nname = '__cl' + 'ass__'\ngetattr(x, name)",
    "name = '__glo' + 'bals__'\ngetattr(print, name, None)",
    "name = '__dict__'\nhasattr(torch, name)",
    "class A:\n    pass\nname = '__class__'\nsetattr(A(), name, list)",
])
def test_a_dunder_by_a_computed_name_is_refused(source):
    error = run_json(source, "s.py")["events"][-1]
    assert error["kind"] == "error" and error["type"] == "AttributeError"
    assert "names starting with '__' are not reachable" in error["message"]


@pytest.mark.parametrize("source", ["getattr(torch, '__version__')",
                                    "x = torch.ones(1)\nhasattr(x, '__class__')"])
def test_a_dunder_by_its_name_is_rejected_before_running(source):
    assert run_json(source, "s.py")["status"] == "invalid"
