"""Every fact an op's row declares (Op's fields) is true of the op: each is proved on the
inputs the op actually saw in its example session (test_ops.EXAMPLES), so a new op's row is
checked as soon as it has an example."""
import functools
import itertools
from types import SimpleNamespace

import numpy as np
import pytest
from test_ops import RECORD_ONLY, session

from gradcli.app.api import run_session
from gradcli.check.derive import STEP_FUNCTIONS
from gradcli.check.dropped import read_mask, reduce_to
from gradcli.check.ieee import evaluate, point_of
from gradcli.engine import opkit, symforms, trace
from gradcli.engine.ops import OPS
from gradcli.engine.tensor import Tensor, apply
from gradcli.torch.nn.functional import recurrent_fused

# Not views, yet their results reuse their input's memory, as torch's do: the input is a
# temporary no script can reach (matmul's product, reshape's copy).
REUSE_A_TEMPORARY = {"squeeze_last", "unsafe_view",
                     "unsqueeze_"}  # (in place, on quantile's temporary: its own memory)
# Ops only the VJPs of other ops run, under create_graph: the check never replays them (a
# gradient made with create_graph is sympy's derivative there), so they need no sympy form.
GRADIENT_ONLY = {"threshold_backward", "leaky_relu_backward", "log_softmax_backward",
                 "grid_sampler_2d_backward", "grid_sampler_3d_backward", "sdpa_flash_cpu_backward"}


@functools.cache
def calls(name: str) -> list[tuple[list, dict]]:
    """(input arrays, params) of each time the op ran in its example session."""
    if name in RECORD_ONLY:
        pytest.skip(f"{name}: only the check's record holds it (trace.unseen_write_record), "
                    "never an op call; tests/check/ test it through the corpus")
    seen = []
    original = trace.op_record

    def recording(op, inputs, params, result):
        if op.name == name:
            seen.append(([np.array(t.data, copy=True) for t in inputs], dict(params)))
        return original(op, inputs, params, result)

    def on_arrays(ops, op_name, *args, **params):  # (a fused LSTM layer's steps, on arrays)
        if op_name == name:
            seen.append(([np.array(a, copy=True) for a, _ in args], dict(params)))
        return run_on_arrays(ops, op_name, *args, **params)

    run_on_arrays = recurrent_fused._Ops.__call__
    trace.op_record, recurrent_fused._Ops.__call__ = recording, on_arrays
    try:
        run_session(session(name), f"{name}.py")
    finally:
        trace.op_record, recurrent_fused._Ops.__call__ = original, run_on_arrays
    assert seen, f"{name}'s example session never ran it"
    return seen


def ops_where(**facts) -> list[str]:
    return sorted(n for n, op in OPS.items()
                  if all(getattr(op, k) == v for k, v in facts.items()))


def _floats(arrays) -> list[int]:
    return [i for i, a in enumerate(arrays) if a.dtype.kind == "f" and a.size]


def _gradients(op, arrays, params) -> list:
    """The op's VJP at its inputs, for an upstream gradient of ones, back in each input's
    shape (the engine sums over the axes broadcasting added)."""
    out = np.asarray(op.forward(*arrays, **params))
    grads = op.vjp(opkit.NUMPY, np.ones(out.shape, out.dtype), out, *arrays, **params)
    return [None if g is None else reduce_to(np.add, np.broadcast_to(
        np.asarray(g), np.broadcast_shapes(np.shape(g), a.shape)), a.shape)
        for g, a in zip(grads, arrays)]


@pytest.mark.parametrize("name", ops_where(pointwise=True))
def test_a_pointwise_op_moves_only_the_same_broadcast_element(name):
    op = OPS[name]
    for arrays, params in calls(name):
        base = np.asarray(op.forward(*arrays, **params))
        assert base.shape == np.broadcast_shapes(*(a.shape for a in arrays))
        for i in _floats(arrays):
            for k in {0, arrays[i].size - 1}:
                moved = [a.copy() for a in arrays]
                moved[i].reshape(-1)[k] = moved[i].reshape(-1)[k] * 1.5 + 0.25
                out = np.asarray(op.forward(*moved, **params))
                changed = ~((out == base) | (np.isnan(out) & np.isnan(base)))
                positions = np.arange(arrays[i].size).reshape(arrays[i].shape)
                reach = np.broadcast_to(positions, base.shape) == k
                assert not (changed & ~reach).any(), (name, i, k)


@pytest.mark.parametrize("name", sorted(OPS))
def test_a_view_shares_its_inputs_memory_and_no_other_op_does(name):
    arrays, params = calls(name)[0]
    inputs = tuple(Tensor(a.copy()) for a in arrays)
    out = apply(name, inputs, **params)
    shared = [np.shares_memory(out.data, t.data) for t in inputs]
    if OPS[name].layout == "view":
        assert shared[0], name
    elif name not in REUSE_A_TEMPORARY:
        assert not any(shared), name


@pytest.mark.parametrize("name", ops_where(elements_read="nothing"))
def test_an_op_that_reads_nothing_has_a_zero_gradient(name):
    for arrays, params in calls(name):
        grads = _gradients(OPS[name], arrays, params)
        assert all(g is None or not g.any() for g in grads), name


@pytest.mark.parametrize("name", ops_where(elements_read="selection") +
                         ops_where(elements_read="ties"))
def test_the_elements_an_op_does_not_read_get_exactly_zero(name):
    op = OPS[name]
    for arrays, params in calls(name):
        grads = _gradients(op, arrays, params)
        record = SimpleNamespace(op=op, params=params)
        for i in _floats(arrays):
            read = read_mask(record, i, list(arrays))
            if grads[i] is not None and read is not None:
                assert not grads[i][~read].any(), (name, i)


@pytest.mark.parametrize("name", sorted(n for n, op in OPS.items() if op.zeroed is not None))
def test_zeroed_says_where_the_backward_passes_nothing(name):
    op = OPS[name]
    for arrays, params in calls(name):
        grads = _gradients(op, arrays, params)
        values = [a.astype(np.float64) for a in arrays]
        for i in _floats(arrays):
            zeroed = np.broadcast_to(op.zeroed(i, *values, **params),
                                     np.broadcast_shapes(*(a.shape for a in arrays)))
            zeroed = reduce_to(np.logical_and, zeroed, arrays[i].shape)
            assert zeroed.any(), f"{name}'s example never zeroes input {i}: give it one that does"
            if grads[i] is not None:
                assert not grads[i][zeroed].any(), (name, i)


@pytest.mark.parametrize("name", sorted(set(OPS) - GRADIENT_ONLY))
def test_every_function_a_sym_form_emits_has_a_numeric_twin(name):
    """The check's evaluator values the sympy functions of each op's form (sym, or a forward
    that runs on object arrays) with symforms.NUMERIC: each has its twin, and together they
    give the forward's own values."""
    op = OPS[name]
    sp = symforms.sp()
    for arrays, params in calls(name):
        floats = _floats(arrays)
        symbols = [np.array([sp.Symbol(f"a{i}_{k}", real=True) for k in range(a.size)],
                            dtype=object).reshape(a.shape) if i in floats else a
                   for i, a in enumerate(arrays)]
        try:
            out = np.asarray((op.sym or op.forward)(*symbols, **params), dtype=object)
        except symforms.TooIntricate:  # no form (svdvals): the check differences the forward
            continue
        exprs = [e for e in out.reshape(-1) if isinstance(e, sp.Basic)]
        for f in set().union(*(e.atoms(sp.Function) for e in exprs)):
            assert isinstance(f, sp.Piecewise) or f.func.__name__ in symforms.NUMERIC, (name, f)
        if exprs and len(exprs) == out.size:  # and the twins give the forward's values
            point = point_of([symbols[i] for i in floats],
                             [arrays[i].astype(np.float64) for i in floats])
            expected = np.asarray(op.forward(*(a.astype(np.float64) if a.dtype.kind == "f"
                                               else a for a in arrays), **params))
            np.testing.assert_allclose(evaluate(out, point), expected, rtol=1e-6, atol=1e-6,
                                       err_msg=name)


@pytest.mark.parametrize("name", sorted(n for n, op in OPS.items() if op.condition is not None))
def test_a_choice_takes_its_branches_where_its_condition_says(name):
    op = OPS[name]
    for arrays, params in calls(name):
        where = op.condition
        condition = arrays[where] if isinstance(where, int) else params[where]
        chosen, other = op.branches(*arrays, **params)
        np.testing.assert_allclose(np.where(condition, chosen, other).astype(np.float64),
                                   op.forward(*arrays, **params), err_msg=name)


@pytest.mark.parametrize("name", sorted(n for n, op in OPS.items() if op.contraction))
def test_a_contraction_is_its_forward_as_an_einsum(name):
    op = OPS[name]
    for arrays, params in calls(name):
        operands = op.unfold(*arrays, **params) if op.unfold else arrays  # (conv's windows)
        spec, scale = op.contraction(*[a.shape for a in operands], **params)
        out = np.asarray(op.forward(*arrays, **params), dtype=np.float64)
        inputs, output = spec.split("->")
        subscripts = inputs.replace("+", ",").split(",")
        sizes = {c: n for sub, a in zip(subscripts, operands) for c, n in zip(sub, a.shape)}
        total, first = np.zeros([sizes[c] for c in output]), 0
        for term in inputs.split("+"):  # each term takes the next inputs, broadcast to the output
            used = [a.astype(np.float64) for a in operands[first:first + term.count(",") + 1]]
            first += len(used)
            here = "".join(c for c in output if c in term)
            value = np.einsum(f"{term}->{here}", *used)
            total = total + value.reshape([sizes[c] if c in here else 1 for c in output])
        np.testing.assert_allclose((scale * total).reshape(out.shape), out, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("name", sorted(n for n, op in OPS.items() if op.reduces))
def test_a_loss_is_its_reduction_of_a_pointwise_part(name):
    op = OPS[name]
    for arrays, params in calls(name):
        part = np.asarray(op.forward(*arrays, **{**params, "reduction": "none"}), np.float64)
        assert part.shape == np.broadcast_shapes(*[a.shape for a in arrays])
        reduce = {"mean": np.mean, "sum": np.sum, "none": lambda x: x}[params["reduction"]]
        np.testing.assert_allclose(reduce(part), op.forward(*arrays, **params), rtol=1e-5)
        one = [a.reshape(-1)[:1] for a in np.broadcast_arrays(*arrays)]  # pointwise: an element
        np.testing.assert_allclose(op.forward(*one, **{**params, "reduction": "none"}),
                                   part.reshape(-1)[:1], rtol=1e-6)


@pytest.mark.parametrize("name", sorted(n for n, op in OPS.items() if op.along_dim))
def test_an_op_along_a_dim_maps_each_slice_alone(name):
    op = OPS[name]
    for arrays, params in calls(name):
        (a,), dim = arrays, params["dim"]
        out = np.moveaxis(np.asarray(op.forward(a, **params)), dim, -1).reshape(-1, a.shape[dim])
        slices = np.moveaxis(a, dim, -1).reshape(-1, a.shape[dim])
        for alone, expected in zip(slices, out):  # each slice run alone: its own output slice
            np.testing.assert_allclose(op.forward(alone, **{**params, "dim": 0}), expected,
                                       rtol=1e-6)


@pytest.mark.parametrize("name", sorted(n for n, op in OPS.items() if op.linear))
def test_a_linear_op_is_affine_in_its_first_input(name):
    op = OPS[name]
    rng = np.random.default_rng(0)
    for arrays, params in calls(name):
        a, rest = arrays[0].astype(np.float64), arrays[1:]
        x, y = rng.standard_normal(a.shape), rng.standard_normal(a.shape)

        def f(v, rest=rest, params=params):
            return np.asarray(op.forward(v, *rest, **params), np.float64)

        np.testing.assert_allclose(f(2 * x - 3 * y) - f(0 * x), 2 * (f(x) - f(0 * x))
                                   - 3 * (f(y) - f(0 * x)), rtol=1e-9, atol=1e-9)


@pytest.mark.parametrize("name", sorted(n for n, op in OPS.items() if op.rearranges))
def test_a_rearrangement_only_moves_elements(name):
    op = OPS[name]
    for arrays, params in calls(name):
        tags = [np.arange(a.size, dtype=np.float64).reshape(a.shape) + 1000 * k
                for k, a in enumerate(arrays)]
        moved = np.asarray(op.forward(*tags, **params))
        every = np.concatenate([t.reshape(-1) for t in tags])
        assert np.isin(moved, every).all()  # each output element is one input element
        values = np.concatenate([a.reshape(-1) for a in arrays]).astype(np.float64)
        where = np.searchsorted(every, moved.reshape(-1))
        np.testing.assert_array_equal(values[where],
                                      np.asarray(op.forward(*arrays, **params)).reshape(-1))


@pytest.mark.parametrize("name", sorted(n for n, op in OPS.items() if op.unfold))
def test_an_unfold_only_moves_elements(name):
    # tags are negative (-1 - position); what unfold puts in itself (pads, ones) is not, and
    # is the same whatever the inputs
    op = OPS[name]
    for arrays, params in calls(name):
        sizes = np.cumsum([0] + [a.size for a in arrays])
        tags = [-1.0 - np.arange(sizes[k], sizes[k + 1]).reshape(a.shape)
                for k, a in enumerate(arrays)]
        every = np.concatenate([a.reshape(-1) for a in arrays]).astype(np.float64)
        for moved, value in zip(op.unfold(*tags, **params), op.unfold(*arrays, **params),
                                strict=True):
            moved, value = np.asarray(moved).reshape(-1), np.asarray(value).reshape(-1)
            tagged = moved < 0
            np.testing.assert_array_equal(value[tagged], every[(-1 - moved[tagged]).astype(int)])
            np.testing.assert_array_equal(value[~tagged], moved[~tagged])



def _does_what_its_matrix_form_says(op, arrays: list, params: dict) -> bool:
    """What the kind (optable.MatrixKind) says of the forward: check/matrix_form.py writes the
    op's gradient from it."""
    out, a = np.asarray(op.forward(*arrays, **params)), arrays[0]
    in_order = np.array_equal(out.reshape(-1), a.reshape(-1))
    if op.matrix_form == "product":  # one product of two operands
        spec, _ = op.contraction(*[x.shape for x in arrays], **params)
        return "+" not in spec and spec.split("->")[0].count(",") == 1
    if op.matrix_form == "transpose":  # its dims in another order (of a matrix: Aᵀ)
        dims = tuple(range(a.ndim))
        return any(np.array_equal(out, np.transpose(a, order))
                   for order in itertools.permutations(dims) if order != dims)
    if op.matrix_form == "reshape":
        return in_order
    if op.matrix_form == "inverse":  # dims of size 1 put in or taken out
        return in_order and [n for n in out.shape if n != 1] == [n for n in a.shape if n != 1]
    if op.matrix_form == "same":
        return np.array_equal(out, a)
    if op.matrix_form == "broadcast":
        return np.array_equal(out, np.broadcast_to(a, out.shape))
    raise AssertionError(f"no test of the matrix form {op.matrix_form!r}")


@pytest.mark.parametrize("name", sorted(n for n, op in OPS.items() if op.matrix_form))
def test_a_matrix_form_says_what_the_forward_does(name):
    for arrays, params in calls(name):
        assert _does_what_its_matrix_form_says(OPS[name], arrays, params), name

def test_the_step_functions_are_those_of_the_step_ops_forms():
    """check/derive.STEP_FUNCTIONS: the sympy functions whose derivative is torch's zero are
    the ones the forms of the ops that read nothing (floor, round, sign...) contain."""
    sp = symforms.sp()
    found = set()
    for name in ops_where(elements_read="nothing"):
        op = OPS[name]
        for arrays, params in calls(name):
            symbols = [np.array([sp.Symbol(f"a{i}_{k}", real=True) for k in range(a.size)],
                                dtype=object).reshape(a.shape) for i, a in enumerate(arrays)]
            out = np.asarray((op.sym or op.forward)(*symbols, **params), dtype=object)
            found |= {f.func.__name__ for e in out.reshape(-1) if isinstance(e, sp.Basic)
                      for f in e.atoms(sp.Function) if not isinstance(f, sp.Piecewise)}
    assert found == STEP_FUNCTIONS
