"""getattr, setattr and hasattr (issue #33): the attribute syntax by a name computed at run
time, through the same API table, with the same `_` rules; a dunder is never reachable."""
import pytest
from test_builtins import assert_pythons_error, gradcli_prints, python_prints

from gradcli.app.api import run_json

SNIPPETS = [
    "class Config:\n    lr = 0.1\nc = Config()\nsetattr(c, 'epochs', 3)\n"
    "print(getattr(c, 'lr'), c.epochs, getattr(c, 'batch', 32), hasattr(c, 'lr'),"
    " hasattr(c, 'nope'))",
    "class A:\n    def __init__(self):\n        self._hidden = 1\n"
    "a = A()\nprint(getattr(a, '_hidden'), hasattr(a, '_other'))",
    "names = ['upper', 'lower']\nprint([getattr('Ab', n)() for n in names])",
    "import math\nprint(getattr(math, 'sqrt')(16.0), hasattr(math, 'tau2'))",
    "class P:\n    @property\n    def v(self):\n        return 7\nprint(getattr(P(), 'v'))",
]
ERRORS = [
    ("class A:\n    pass\nname = 'missing'\ngetattr(A(), name)", "AttributeError",
     "'A' object has no attribute 'missing'"),
    ("getattr(1, 2)", "TypeError", "attribute name must be string, not 'int'"),
    ("x = [1]\nname = 'size'\ngetattr(x, name)", "AttributeError",
     "'list' object has no attribute 'size'"),
]


@pytest.mark.parametrize("source", SNIPPETS)
def test_prints_what_python_prints(source):
    assert gradcli_prints(source) == python_prints(source)


@pytest.mark.parametrize("source, error_type, message", ERRORS)
def test_errors_are_pythons(source, error_type, message):
    assert_pythons_error(source, error_type, message)


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
