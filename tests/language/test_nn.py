"""torch.nn and torch.optim in a session: module registration, reprs, errors."""
import pytest

from gradcli.app.api import run_json


def prints(source: str) -> list[str]:
    return [e["text"] for e in run_json(source, "<test>")["events"] if e["kind"] == "print"]


NET = """import torch
import torch.nn as nn
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2, 1)
    def forward(self, x):
        return self.fc(x)
"""


def test_module_repr_and_named_parameters():
    out = prints(NET + "net = Net()\nprint(net)\n"
                 "print([n for n, p in net.named_parameters()])")
    assert out == ["Net(\n  (fc): Linear(in_features=2, out_features=1, bias=True)\n)",
                   "['fc.weight', 'fc.bias']"]


def test_module_list_repr_groups_equal_layers():
    out = prints("import torch.nn as nn\n"
                 "print(nn.ModuleList([nn.Linear(2, 2), nn.Linear(2, 2), nn.ReLU()]))")
    assert out == ["ModuleList(\n  (0-1): 2 x Linear(in_features=2, out_features=2, bias=True)"
                   "\n  (2): ReLU()\n)"]


def test_parameter_repr():
    out = prints("import torch\nprint(torch.nn.Parameter(torch.ones(2)))")
    assert out == ["Parameter containing:\ntensor([1., 1.], requires_grad=True)"]


@pytest.mark.parametrize("source, message", [
    (NET.replace("super().__init__()", "pass") + "Net()",
     "cannot assign module before Module.__init__() call"),
    ("import torch\ntorch.optim.SGD([], lr=0.1)", "optimizer got an empty parameter list"),
    ("import torch\ntorch.nn.Linear(3, 1)(torch.ones(2, 4))",
     "mat1 and mat2 shapes cannot be multiplied (2x4 and 3x1)"),
])
def test_errors_are_pytorchs(source, message):
    events = run_json(source, "<test>")["events"]
    assert any(message in str(e) for e in events), events
