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


# legacy constructors; all/any, a range as an index, numpy scalars as numbers
TORCH_EXPRESSIONS = [
    "torch.tensor([[1., 0.], [2., 3.]]).all(dim=1)", "torch.tensor([0., 2.]).any()",
    "torch.all(torch.tensor([1, 2], dtype=torch.uint8))", "torch.any(torch.ones(2, 3), 0, True)",
    "torch.arange(5.)[range(1, 5, 2)]", "torch.arange(5.)[range(0)]",
    "torch.arange(3.).eq(np.float64(1.))", "torch.arange(3.).add(np.int64(2))",
    "torch.zeros(np.int64(2), 1).shape", "torch.full((2,), np.float32(0.5))",
    "torch.FloatTensor([1, 2])", "torch.LongTensor([[1, 2]])", "torch.DoubleTensor([0.5])",
    "torch.IntTensor([1])", "torch.BoolTensor([1, 0])", "torch.ByteTensor([3])",
    "torch.HalfTensor([1.5])", "torch.Tensor([1, 2])", "torch.Tensor()",
    "torch.LongTensor(2, 3).shape", "torch.Tensor(torch.Size([2, 1])).shape",
    "torch.Tensor((2, 3))", "torch.FloatTensor(0)",
    "isinstance(torch.ones(1), torch.FloatTensor)",
    "isinstance(torch.ones(1).long(), torch.FloatTensor)",
    "type(torch.LongTensor([1])) is torch.Tensor", "torch.FloatTensor",
    "torch.autograd.Variable(torch.ones(2), requires_grad=True)",
    "torch.autograd.Variable(torch.ones(2) * 2)",
    "isinstance(torch.ones(1), torch.autograd.Variable)",
    "torch.FloatTensor(np.ones((2, 1)))", "torch.LongTensor(np.array([1.5, -2.5]))",
    "torch.DoubleTensor(np.ones((2, 2))[:, 0])", "torch.FloatTensor(np.zeros(2, np.float32))",
]
LEGACY_ERRORS = [
    "torch.Tensor(3.5)", "torch.Tensor(2, 3.0)", "torch.FloatTensor(torch.tensor([1, 2]))",
    "torch.autograd.Variable([1.0])", "torch.Tensor(-1)", "torch.Tensor('a')",
    "torch.autograd.Variable(torch.tensor([1]), requires_grad=True)",
    "torch.FloatTensor(np.float64(2.0))", "torch.FloatTensor(np.array(['a']))",
]


@pytest.mark.oracle
@pytest.mark.parametrize("expression", TORCH_EXPRESSIONS)
def test_values_are_torchs(expression):
    import numpy as np
    import torch
    trace = run_json(f"import numpy as np\nprint(repr({expression}))", "s.py")
    assert trace["events"][0]["text"] == repr(eval(expression, {"torch": torch, "np": np}))


@pytest.mark.oracle
@pytest.mark.parametrize("expression", LEGACY_ERRORS)
def test_legacy_constructors_refuse_as_torch_does(expression):
    import numpy as np
    import torch
    with pytest.raises(Exception) as real:
        eval(expression, {"torch": torch, "np": np})
    error = run_json(f"import numpy as np\n{expression}", "s.py")["events"][-1]
    assert (error["type"], error["message"]) == (type(real.value).__name__, str(real.value))


def test_legacy_variable_is_a_new_leaf_sharing_memory():
    assert gradcli_prints(
        "from torch.autograd import Variable\nx = torch.ones(2)\n"
        "v = Variable(x, requires_grad=True)\n(v * 3).sum().backward()\n"
        "print(v.grad, v is x, v.is_leaf, x.requires_grad)\nwith torch.no_grad():\n"
        "    v.add_(1)\nprint(x)") == ["tensor([3., 3.]) False True False", "tensor([2., 2.])"]


def test_a_legacy_constructor_shares_an_array_of_its_own_dtype():
    """WGAN-GP's `Tensor(np.random.random(...))`: as torch.from_numpy where the dtypes agree."""
    assert gradcli_prints(
        "import numpy as np\na = np.zeros(2, np.float32)\nt = torch.FloatTensor(a)\n"
        "t[0] = 5\nb = np.zeros(2)\nu = torch.FloatTensor(b)\nu[0] = 5\nprint(a, b)"
    ) == ["[5. 0.] [0. 0.]"]


def _torch_inplace_names() -> list[str]:
    from gradcli.torch import api
    return sorted(n for n in api.TORCH.members if n.endswith("_") and not n.startswith("_"))


@pytest.mark.oracle
@pytest.mark.parametrize("name", _torch_inplace_names())
def test_torch_inplace_functions_are_the_methods_torch_has(name):
    """torch.sin_(x) is x.sin_(): each such function exists in torch, and those that take
    only the tensor write the same values into it."""
    import torch
    assert callable(getattr(torch, name)), name
    source = f"x = torch.tensor([0.25, 0.5, 2.0])\ny = torch.{name}(x)\nprint(x, y is x)"
    trace = run_json(source, "s.py")
    try:
        x = torch.tensor([0.25, 0.5, 2.0])
        y = getattr(torch, name)(x)
    except (TypeError, RuntimeError) as e:  # it takes more arguments: the same error
        assert trace["events"][-1]["type"] == type(e).__name__
        return
    assert trace["events"][-1]["text"] == f"{x} {y is x}"


def test_once_differentiable_runs_backward_without_a_graph():
    source = ("from torch.autograd.function import once_differentiable\n"
              "class Sq(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, x):\n"
              "        ctx.save_for_backward(x)\n        return x ** 2\n    @staticmethod\n"
              "    @once_differentiable\n    def backward(ctx, g):\n"
              "        x, = ctx.saved_tensors\n        print(torch.is_grad_enabled())\n"
              "        return 2 * x * g\nx = torch.tensor([3.], requires_grad=True)\n"
              "g, = torch.autograd.grad(Sq.apply(x).sum(), x, create_graph=True)\n"
              "print(g, g.grad_fn)")
    assert gradcli_prints(source) == ["False", "tensor([6.]) None"]


def test_the_version_counter_is_read_never_written():
    assert gradcli_prints("x = torch.ones(2)\nv = x[0]\nv.mul_(2)\nx.add_(1)\n"
                          "print(x._version, v._version, x.detach()._version)\n"
                          "print(getattr(x, '_version'))") == ["2 2 2", "2"]
    error = run_json("x = torch.ones(1)\nx._version = 0", "s.py")["events"][-1]
    assert error["message"] == "attribute '_version' of 'torch._C.TensorBase' objects is not " \
        "writable"


@pytest.mark.parametrize("holder", [
    "nn.ModuleDict(dict(wte=nn.Embedding(5, 2), h=nn.ModuleList([nn.Linear(2, 2)])))",
    "nn.ModuleDict({'wte': nn.Embedding(5, 2), 'h': nn.ModuleList([nn.Linear(2, 2)])})",
    "nn.ModuleDict([('wte', nn.Embedding(5, 2)), ('h', nn.ModuleList([nn.Linear(2, 2)]))])",
])
def test_the_keys_of_a_module_dict_are_its_attributes(holder):
    """nanoGPT's `self.transformer = nn.ModuleDict(dict(wte=...))`, read as
    `self.transformer.wte`: the keys written in the source name attributes, as setattr's do."""
    source = ("import torch.nn as nn\nclass GPT(nn.Module):\n    def __init__(self):\n"
              f"        super().__init__()\n        self.transformer = {holder}\n"
              "        self.scale = nn.ParameterDict(dict(gain=nn.Parameter(torch.ones(2))))\n"
              "    def forward(self, idx):\n        x = self.transformer.wte(idx)\n"
              "        for block in self.transformer.h:\n            x = block(x)\n"
              "        return x * self.scale.gain\n"
              "_ = torch.manual_seed(0)\nprint(GPT()(torch.tensor([1, 3])).shape)")
    assert gradcli_prints(source) == ["torch.Size([2, 2])"]
