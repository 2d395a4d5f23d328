"""The check over convolution and pooling: small graphs through sympy, large ones through the
structured check (the convolution's windows unfolded into one contraction, pooling as a
selection or a contraction), and a wrong VJP caught either way, down to one element."""
import numpy as np
import pytest

from gradcli.app.api import run_session
from gradcli.engine import convkit
from gradcli.engine.ops import OPS

# large enough for the structured check (beyond the symbolic element budget)
LARGE = """import torch
import torch.nn.functional as F
torch.manual_seed(0)
x = torch.randn(4, 3, 24, 24, requires_grad=True)
w = torch.randn(5, 3, 3, 3, requires_grad=True)
b = torch.randn(5, requires_grad=True)
w1 = torch.randn(2, 5, 3, requires_grad=True)
y = F.conv2d(x, w, b, stride=(1, 2), padding=1, dilation=(2, 1))
y = F.max_pool2d(y, 3, stride=2, padding=1) + F.avg_pool2d(y, 2, ceil_mode=True)
z = F.conv1d(y.relu().flatten(2), w1, padding=2)
(z * torch.linspace(-1, 1, z.numel()).reshape(z.shape)).sum().backward()
"""
SMALL = """import torch
import torch.nn.functional as F
x = torch.tensor([[[0.5, -1.0, 2.0, 0.25], [1.5, 0.5, -0.5, 1.0]]], requires_grad=True)
w = torch.tensor([[[1.0, -2.0], [0.5, 3.0]]], requires_grad=True)
b = torch.tensor([0.1], requires_grad=True)
y = F.conv1d(x, w, b, padding=1)
(F.max_pool1d(y, 2) ** 2).sum().backward()
"""


def grads(result):
    return [g for e in result.events if e.kind == "backward" for g in e.grads]


def test_large_conv_graphs_are_proved_element_by_element():
    result = run_session(LARGE, "large.py")
    rows = grads(result)
    assert result.status == "ok" and len(rows) == 4
    assert all(r.match and r.method == "symbolic" and r.note.startswith("structured")
               for r in rows), rows


@pytest.mark.parametrize("grad_fn", ["ConvolutionBackward0", "MaxPool2DWithIndicesBackward0",
                                     "AvgPool2DBackward0"])
def test_the_structured_check_catches_one_wrong_element(grad_fn, monkeypatch):
    monkeypatch.setenv("GRADCLI_FAULT", grad_fn)
    monkeypatch.setenv("GRADCLI_FAULT_MODE", "element")
    result = run_session(LARGE, "large.py")
    assert result.status == "mismatch"
    assert any(not r.match and r.note.startswith("structured") for r in grads(result))


def test_small_conv_graphs_get_sympy_formulas():
    result = run_session(SMALL, "small.py")
    rows = grads(result)
    assert result.status == "ok" and all(r.match for r in rows)
    b_row = next(r for r in rows if r.name == "b")
    assert "b" in b_row.formula[0] and "w" in b_row.formula[0]


def test_conv_operands_put_the_bias_under_a_row_of_ones():
    x = np.arange(8.0).reshape(1, 2, 4)
    w = np.arange(12.0).reshape(3, 2, 2)
    b = np.array([1.0, 2.0, 3.0])
    patches, weights = convkit.conv_operands(x, w, b, stride=(1,), padding=(1,), dilation=(1,),
                                             groups=1)
    assert patches.shape == (1, 1, 5, 5) and weights.shape == (1, 3, 5)
    assert (patches[0, 0, -1] == 1).all() and (weights[0, :, -1] == b).all()
    assert np.allclose(np.matmul(weights, patches).reshape(1, 3, 5),
                       convkit.conv(x, w, b, stride=(1,), padding=(1,), dilation=(1,), groups=1))


def test_im2col_and_col2im_are_each_others_transpose():
    rng = np.random.default_rng(0)
    a = rng.standard_normal((2, 3, 5, 6))
    geometry = dict(kernel=(2, 3), dilation=(2, 1), padding=(1, 1), stride=(2, 2))
    cols = convkit.im2col(a, **geometry)
    c = rng.standard_normal(cols.shape)
    assert np.isclose((cols * c).sum(), (a * convkit.col2im(c, (5, 6), **geometry)).sum())
    assert OPS["im2col"].unfold is not None and OPS["max_pool2d"].elements_read == "selection"


LENET_LIKE = """import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
net = nn.Sequential(nn.Conv2d(1, 4, 5), nn.ReLU(), nn.MaxPool2d(2), nn.Flatten(),
                    nn.Linear(4 * 14 * 14, 10))
out = net(torch.randn(2, 1, 32, 32))
out.backward(torch.randn(2, 10))
"""


@pytest.mark.parametrize("fault", [None, "AddmmBackward0", "ConvolutionBackward0"])
def test_a_linear_layer_is_a_contraction_too(fault, monkeypatch):
    if fault:
        monkeypatch.setenv("GRADCLI_FAULT", fault)
        monkeypatch.setenv("GRADCLI_FAULT_MODE", "element")
    result = run_session(LENET_LIKE, "lenet.py")
    rows = grads(result)
    assert all(r.note.startswith("structured") for r in rows), rows
    assert result.status == ("mismatch" if fault else "ok")


def test_addmm_is_its_bias_plus_a_product_for_every_bias_shape():
    """The bias term `k+ij,jk->ik`: broadcast bias dims get letters of their own, so the
    transposed einsum sums the gradient back over them."""
    from gradcli.check.opgrads import transposed as _transposed
    from gradcli.engine.ops import OPS
    a, b = np.arange(6.0).reshape(2, 3), np.arange(12.0).reshape(3, 4)
    g = np.arange(8.0).reshape(2, 4) - 3
    for bias in (np.arange(4.0), np.arange(8.0).reshape(2, 4), np.arange(2.0).reshape(2, 1),
                 np.arange(4.0).reshape(1, 4), np.array(2.0)):
        spec = OPS["addmm"].contraction(bias.shape, a.shape, b.shape, columns=(False, False))
        d_bias, d_a, d_b = _transposed(spec, g, [bias, a, b])
        padded = bias.reshape((1,) * (2 - bias.ndim) + bias.shape)
        summed = tuple(i for i in range(2) if padded.shape[i] == 1 < g.shape[i])
        assert np.allclose(d_bias, g.sum(axis=summed, keepdims=True).reshape(bias.shape))
        assert np.allclose(d_a, g @ b.T) and np.allclose(d_b, a.T @ g)
