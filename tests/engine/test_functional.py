"""torch.autograd.functional on gradcli's engine: values against real PyTorch, grad_fns under
create_graph, and PyTorch's errors word for word."""
import numpy as np
import pytest
import torch as real

from gradcli.engine.errors import TorchError
from gradcli.torch._tensor import creation
from gradcli.torch.autograd import functional as AF

REAL = real.autograd.functional
X = [[0.3, 0.7], [1.1, 0.2]]


def exp_reducer(x):
    return x.exp().sum(dim=1)


def pow_reducer(x):
    return x.pow(3).sum()


def adder(x, y):
    return 2 * x + 3 * y


def ours(values, requires_grad=False):
    return creation.tensor(values, requires_grad=requires_grad)


def theirs(values, requires_grad=False):
    return real.tensor(values, requires_grad=requires_grad)


def same(a, b):
    if isinstance(b, tuple):
        assert isinstance(a, tuple) and len(a) == len(b)
        for x, y in zip(a, b):
            same(x, y)
        return
    assert a.data.shape == tuple(b.shape)
    np.testing.assert_allclose(a.data, b.detach().numpy(), rtol=1e-6, atol=1e-6)
    assert (a.grad_fn is None) == (b.grad_fn is None)
    if b.grad_fn is not None:
        assert a.grad_fn.name() == b.grad_fn.name()


CASES = [("jacobian", exp_reducer, None), ("hessian", pow_reducer, None),
         ("vjp", exp_reducer, [1.0, 1.0]), ("jvp", exp_reducer, [[1.0, 0.5], [0.0, 2.0]]),
         ("hvp", pow_reducer, [[1.0, 0.5], [0.0, 2.0]]),
         ("vhp", pow_reducer, [[1.0, 0.5], [0.0, 2.0]])]
JVP_GRAPH = pytest.mark.xfail(strict=True, reason="the double-backward trick differentiates "
                              "SumBackward1's VJP: torch's result ends in SqueezeBackward1, "
                              "gradcli's in ViewBackward0 (values equal)")


@pytest.mark.parametrize("name, fn, v, create_graph", [
    pytest.param(*case, graph, marks=JVP_GRAPH if case[0] == "jvp" and graph else ())
    for case in CASES for graph in (False, True)])
def test_single_input_matches_pytorch(name, fn, v, create_graph):
    args = () if v is None else (ours(v),)
    real_args = () if v is None else (theirs(v),)
    got = getattr(AF, name)(fn, ours(X, True), *args, create_graph=create_graph)
    want = getattr(REAL, name)(fn, theirs(X, True), *real_args, create_graph=create_graph)
    same(got, want)


def test_tuple_inputs_and_outputs_are_shaped_as_pytorch_shapes_them():
    inputs = (ours([1.0, 2.0]), ours([0.5, -1.0]))
    real_inputs = (theirs([1.0, 2.0]), theirs([0.5, -1.0]))
    two = lambda x, y: (x * y, x.exp())  # noqa: E731
    same(AF.jacobian(two, inputs), REAL.jacobian(two, real_inputs))
    same(AF.jacobian(adder, inputs, vectorize=True), REAL.jacobian(adder, real_inputs,
                                                                   vectorize=True))
    quad = lambda x, y: (x * x * y).sum()  # noqa: E731
    same(AF.hessian(quad, inputs), REAL.hessian(quad, real_inputs))
    same(AF.vjp(adder, inputs, ours([1.0, 1.0])), REAL.vjp(adder, real_inputs, theirs([1.0, 1.0])))


def test_vectorized_create_graph_ends_as_pytorch_does():
    got = AF.jacobian(exp_reducer, ours(X), create_graph=True, vectorize=True)
    assert got.grad_fn.name() == "ViewBackward0"
    assert got.grad_fn.next_functions[0][0].name() == "SplitWithSizesBackward0"


def error_of(call, *args, **kwargs):
    with pytest.raises(TorchError) as caught:
        call(*args, **kwargs)
    return caught.value.type_name, caught.value.message


def real_error_of(call, *args, **kwargs):
    with pytest.raises(Exception) as caught:
        call(*args, **kwargs)
    return type(caught.value).__name__, str(caught.value)


@pytest.mark.parametrize("name, fn, inputs, kwargs", [
    ("jacobian", lambda x: 3.0, X[0], {}),
    ("jacobian", lambda x, y: x * 2, (X[0], X[1]), {"strict": True}),
    ("jacobian", lambda x: x.exp(), X[0], {"strict": True, "vectorize": True}),
    ("jacobian", lambda x: x.exp(), X[0], {"strategy": "forward-mode"}),
    ("jacobian", lambda x: x.exp(), X[0], {"strategy": "forward-mode", "create_graph": True}),
    ("jacobian", lambda x: x.exp(), X[0], {"strategy": "sideways"}),
    ("hessian", lambda x: x * x, X[0], {}),
    ("hessian", lambda x: (x * 2).sum(), X[0], {"strict": True}),
    ("vjp", lambda x: x * x, X[0], {}),
    ("jvp", lambda x: x * x, X[0], {}),
    ("hvp", lambda x: (x.sum(), x.sum()), X[0], {"v": X[1]}),
    ("vhp", lambda x: x.sum(), X[0], {"v": [1.0, 2.0, 3.0]}),
])
def test_errors_are_pytorchs(name, fn, inputs, kwargs):
    def make(build):
        return tuple(map(build, inputs)) if isinstance(inputs, tuple) else build(inputs)
    kw = {k: ours(v) if k == "v" else v for k, v in kwargs.items()}
    real_kw = {k: theirs(v) if k == "v" else v for k, v in kwargs.items()}
    assert error_of(getattr(AF, name), fn, make(ours), **kw) == \
        real_error_of(getattr(REAL, name), fn, make(theirs), **real_kw)


def test_a_non_tensor_input_is_pytorchs_type_error():
    assert error_of(AF.jacobian, exp_reducer, (ours(X), 2)) == \
        real_error_of(REAL.jacobian, exp_reducer, (theirs(X), 2))
