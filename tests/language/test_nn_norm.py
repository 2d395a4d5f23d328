"""torch.nn's normalisations, embeddings, smooth activations and Huber losses in a session:
PyTorch's errors, buffers, running statistics, and the check covering each op."""
import numpy as np
import pytest

from gradcli.app.api import run_json, run_session
from gradcli.check import replay


def events(source: str) -> list[dict]:
    return run_json("import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
                    + source, "<test>")["events"]


def prints(source: str) -> list[str]:
    return [e["text"] for e in events(source) if e["kind"] == "print"]


def error(source: str) -> tuple[str, str]:
    (e,) = [e for e in events(source) if e["kind"] == "error"]
    return e["type"], e["message"]


def grad_rows(source: str):
    result = run_session("import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"
                         + source, "norm.py")
    assert result.status == "ok", [e for e in result.events if e.kind == "error"]
    return [g for e in result.events if e.kind == "backward" for g in e.grads]


@pytest.mark.parametrize("source, expected", [
    ("nn.Embedding(10, 3)(torch.tensor([10]))", ("IndexError", "index out of range in self")),
    ("nn.Embedding(10, 3)(torch.tensor([-1]))", ("IndexError", "index out of range in self")),
    ("nn.Embedding(10, 3)(torch.tensor([1.0]))",
     ("RuntimeError", "Expected tensor for argument #1 'indices' to have one of the following "
                      "scalar types: Long, Int; but got torch.FloatTensor instead (while "
                      "checking arguments for embedding)")),
    ("nn.Embedding(4, 3, padding_idx=-5)",
     ("AssertionError", "Padding_idx must be within num_embeddings")),
    ("nn.LayerNorm(8)(torch.randn(2, 4))",
     ("RuntimeError", "Given normalized_shape=[8], expected input with shape [*, 8], but got "
                      "input of size[2, 4]")),
    ("F.layer_norm(torch.randn(2, 4), (4,), None, torch.ones(3))",
     ("RuntimeError", "Expected bias to be of same shape as normalized_shape, but got bias of "
                      "shape [3] and normalized_shape = [4]")),
    ("nn.BatchNorm1d(4)(torch.randn(1, 4))",
     ("ValueError", "Expected more than 1 value per channel when training, got input size "
                    "torch.Size([1, 4])")),
    ("nn.BatchNorm1d(4)(torch.randn(2, 3))",
     ("RuntimeError", "running_mean should contain 3 elements not 4")),
    ("nn.BatchNorm1d(4)(torch.randn(4))", ("ValueError", "expected 2D or 3D input (got 1D input)")),
    ("F.gelu(torch.ones(2), approximate='exact')",
     ("RuntimeError", "approximate argument must be either none or tanh.")),
    ("F.softplus(torch.tensor([1, 2]))",
     ("NotImplementedError", "\"softplus_cpu\" not implemented for 'Long'")),
    ("F.smooth_l1_loss(torch.ones(2), torch.zeros(2), beta=-1.0)",
     ("RuntimeError", "smooth_l1_loss does not support negative values for beta.")),
    ("F.huber_loss(torch.ones(2), torch.zeros(2), reduction='avg')",
     ("ValueError", "avg is not a valid value for reduction")),
    ("m = nn.Module()\nm.register_buffer('a.b', torch.ones(1))",
     ("KeyError", "'buffer name can\\'t contain \".\"'")),
    ("m = nn.Module()\nm.register_buffer('b', 3)",
     ("TypeError", "cannot assign 'int' object to buffer 'b' (torch Tensor or None required)")),
])
def test_pytorchs_errors(source, expected):
    assert error(source) == expected


def test_batch_norm_updates_running_stats_with_the_unbiased_variance():
    out = prints("bn = nn.BatchNorm1d(2, momentum=0.5)\n"
                 "x = torch.tensor([[1., 2.], [3., 6.], [5., 10.]])\n"
                 "y = bn(x)\nprint(bn.running_mean, bn.running_var, bn.num_batches_tracked)\n"
                 "bn.eval()\nprint(bn(x)[0])")
    # mean [3, 6], unbiased var [4, 16]: halfway from [0, 0] and [1, 1]
    assert out[0] == "tensor([1.5000, 3.0000]) tensor([2.5000, 8.5000]) tensor(1)"
    expected = (np.array([1., 2.]) - [1.5, 3.]) / np.sqrt(np.array([2.5, 8.5]) + 1e-5)
    assert out[1] == f"tensor([{expected[0]:.4f}, {expected[1]:.4f}], grad_fn=<SelectBackward0>)"


def test_state_dict_lists_parameters_then_buffers_per_module():
    out = prints("m = nn.Sequential(nn.BatchNorm1d(2), nn.Linear(2, 1))\n"
                 "m[1].register_buffer('t', torch.zeros(1), persistent=False)\n"
                 "print(list(m.state_dict()))\nprint([n for n, b in m.named_buffers()])")
    assert out == ["['0.weight', '0.bias', '0.running_mean', '0.running_var', "
                   "'0.num_batches_tracked', '1.weight', '1.bias']",
                   "['0.running_mean', '0.running_var', '0.num_batches_tracked', '1.t']"]


def test_embedding_padding_row_is_zero_and_gets_no_gradient():
    rows = grad_rows("torch.manual_seed(0)\ne = nn.Embedding(4, 2, padding_idx=1)\n"
                     "(e(torch.tensor([1, 2, 1])) ** 2).sum().backward()")
    (row,) = rows
    assert row.match and row.method == "symbolic"
    assert np.array(row.grad)[1].tolist() == [0.0, 0.0]


def test_padding_row_is_a_constant_for_the_check_even_when_not_zero():
    (row,) = grad_rows("w = torch.tensor([[1., 2.], [3., 4.]], requires_grad=True)\n"
                       "(F.embedding(torch.tensor([0, 1]), w, padding_idx=0) ** 2).sum()"
                       ".backward()")
    assert row.match and row.grad == [[0.0, 0.0], [6.0, 8.0]]


@pytest.mark.parametrize("expression", [
    "F.layer_norm(x, (3,), w, w * 0.5)", "F.batch_norm(x, None, None, w, None, training=True)",
    "F.gelu(x) * x", "F.elu(x, 0.5) + F.softplus(x, 2.0, 1.0) + F.silu(x)",
    "F.huber_loss(x, x.detach() * 0.3, delta=0.4)", "F.smooth_l1_loss(x, x.detach() * -1)"])
def test_the_check_proves_each_op_with_sympy(expression):
    rows = grad_rows("x = torch.tensor([[0.5, -1.2, 2.0], [1.5, 0.3, -0.7]], "
                     "requires_grad=True)\nw = torch.tensor([1.5, -0.5, 2.0], requires_grad=True)"
                     f"\n({expression}).sum().backward()")
    assert rows and all(r.match and r.method == "symbolic" for r in rows)


def test_norms_too_large_for_per_element_sympy_are_checked_by_structure(monkeypatch):
    monkeypatch.setattr(replay, "MAX_SYMBOLIC_ELEMENTS", 3)
    (row,) = grad_rows("x = torch.tensor([[0.5, -1.2, 2.0], [1.5, 0.3, -0.7]], "
                       "requires_grad=True)\n(F.layer_norm(x, (3,)) * x).sum().backward()")
    assert row.method == "symbolic" and row.match  # layer_norm's form (check/forms_nn.py)
    assert "structured" in row.note and None not in [e for line in row.expected for e in line]


def test_gelu_gradient_is_differentiable_as_torchs():
    out = prints("a = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)\n"
                 "(g,) = torch.autograd.grad(F.gelu(a).sum(), a, create_graph=True)\n"
                 "print(g.grad_fn.name())\ng.sum().backward()\nprint(a.grad)")
    assert out == ["GeluBackwardBackward0", "tensor([ 0.6161,  0.2420, -0.1080])"]


def test_module_reprs():
    out = prints("print(nn.LayerNorm(8), nn.Embedding(10, 3, padding_idx=-1))\n"
                 "print(nn.BatchNorm1d(4, momentum=None, affine=False))\n"
                 "print(nn.GELU(approximate='tanh'), nn.ELU(alpha=0.5, inplace=True), "
                 "nn.Softplus(beta=2), nn.SiLU(), nn.HuberLoss(delta=2.0))")
    assert out == [
        "LayerNorm((8,), eps=1e-05, elementwise_affine=True, bias=True) "
        "Embedding(10, 3, padding_idx=9)",
        "BatchNorm1d(4, eps=1e-05, momentum=None, affine=False, bias=False, "
        "track_running_stats=True)",
        "GELU(approximate='tanh') ELU(alpha=0.5, inplace=True) Softplus(beta=2, "
        "threshold=20.0) SiLU() HuberLoss()"]
