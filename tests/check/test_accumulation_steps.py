"""The structured path's per-pass steps, worked out once and kept: a compiled program's values
(numbers set once, sums and products written into arrays nothing else reads), a contraction's
transposition parsed once per spec and shapes, the records' order shared by a pass."""
from __future__ import annotations

import numpy as np
import pytest

from gradcli.check import opgrads, records
from gradcli.check.ieee import Program, numeric_value
from gradcli.engine.symforms import sp


def _bits(a) -> np.ndarray:
    return np.asarray(a, np.float64).view(np.int64)


@pytest.fixture
def symbols():
    return sp().Symbol("a0", real=True), sp().Symbol("a1", real=True), sp().Symbol("out", real=True)


def _expressions(a0, a1, out):
    square = a0 ** 2
    return [
        1 - out ** 2,  # tanh's partial: a product and a sum written in place
        square * (square + 1),  # a square read twice: never overwritten
        (a0 + a1) * (a0 - a1) + 3,
        sp().Piecewise((a0 * a1, a0 > a1), (-a1, True)),
        sp().exp(-a0) * a1 + a1 * a1,
    ]


def test_a_program_gives_numeric_values_bit_for_bit(symbols):
    a0, a1, out = symbols
    rng = np.random.default_rng(0)
    env = {"a0": rng.normal(size=(5, 4)), "a1": rng.normal(size=(5, 4)),
           "out": np.tanh(rng.normal(size=(5, 4)))}
    kept = {name: value.copy() for name, value in env.items()}
    exprs = _expressions(a0, a1, out)
    values = Program(exprs).run(env)
    point = {a0: env["a0"], a1: env["a1"], out: env["out"]}
    for expr, value in zip(exprs, values, strict=True):
        assert np.array_equal(_bits(value), _bits(numeric_value(expr, point))), expr
    for name, value in env.items():  # (the inputs are never written into)
        assert np.array_equal(value, kept[name])


def test_a_program_whose_outputs_share_a_step_keeps_each(symbols):
    a0, _, _ = symbols
    x = np.linspace(-2.0, 2.0, 7)
    square = a0 ** 2
    first, second = Program([square, square * 3 + 1]).run({"a0": x})
    assert np.array_equal(first, x ** 2)  # (not overwritten by the second output's sum)
    assert np.array_equal(second, x ** 2 * 3 + 1)


def test_a_program_broadcasts_and_runs_on_numbers(symbols):
    a0, a1, _ = symbols
    program = Program([(a0 * a1 + 1) * a0])
    row, column = np.arange(3.0), np.arange(4.0).reshape(4, 1)
    (value,) = program.run({"a0": row, "a1": column})
    assert np.array_equal(value, (row * column + 1) * row)
    (number,) = program.run({"a0": 2.0, "a1": 0.5})
    assert number == 4.0


def test_a_recipe_compiles_to_the_same_program(symbols):
    a0, _, out = symbols
    program = Program([1 - out ** 2, a0 * out])
    again = Program.from_recipe(program.recipe, program.outputs)
    env = {"a0": np.arange(4.0), "out": np.linspace(-1.0, 1.0, 4)}
    for x, y in zip(program.run(env), again.run(env), strict=True):
        assert np.array_equal(_bits(x), _bits(y))


@pytest.mark.parametrize("spec, shapes", [
    ("ij,jk->ik", [(5, 3), (3, 4)]),
    ("ij,j->i", [(5, 3), (3,)]),
    ("i,i->", [(6,), (6,)]),
    ("bij,bjk->bik", [(2, 3, 4), (2, 4, 5)]),
    ("abc->ac", [(2, 3, 4)]),
    ("ab->", [(512, 1)]),
    ("ab->ba", [(3, 4)]),
    ("ij,jk+ik->ik", [(5, 3), (3, 4), (5, 4)]),
    ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 5)]),
])
def test_a_transposition_is_einsums_gradient(spec, shapes):
    rng = np.random.default_rng(1)
    args = [rng.normal(size=s) for s in shapes]
    g = rng.normal(size=np.shape(_forward(spec, args)))
    for _ in range(2):  # the second time from the kept transposition
        parts = opgrads.transposed((spec, 0.5), g, args)
        for k, part in enumerate(parts):
            eps = np.zeros(shapes[k])
            without = _forward(spec, [eps if j == k else a for j, a in enumerate(args)])
            expected = np.zeros(shapes[k])
            for index in np.ndindex(*shapes[k]):  # d (0.5 * Σ g ⊙ einsum) / d arg[index]
                eps[index] = 1.0  # (the forward is linear in each operand)
                moved = [eps if j == k else a for j, a in enumerate(args)]
                expected[index] = 0.5 * np.sum(g * (_forward(spec, moved) - without))
                eps[index] = 0.0
            assert part.shape == shapes[k]
            np.testing.assert_allclose(part, expected, rtol=1e-12, atol=1e-12)


def _forward(spec: str, args: list) -> np.ndarray:
    inputs, output = spec.split("->")
    total, first = 0.0, 0
    for term in inputs.split("+"):
        count = term.count(",") + 1
        total = total + np.einsum(f"{term}->{output}", *args[first:first + count])
        first += count
    return total


def test_an_unwanted_or_integer_operand_gets_no_gradient():
    a, b = np.ones((2, 3)), np.arange(12).reshape(3, 4)
    assert opgrads.transposed(("ij,jk->ik", 1.0), np.ones((2, 4)), [a, b], [True, True])[1] \
        is None
    assert opgrads.transposed(("ij,jk->ik", 1.0), np.ones((2, 2)), [a, a.T], [False, True])[0] \
        is None


class _Record:
    def __init__(self, *args):
        self.args = args


def test_the_order_is_kept_for_the_last_roots_only():
    leaf = _Record()
    middle = _Record(leaf)
    root = _Record(middle, leaf)
    order = records.reverse_topological([root])
    assert order == [root, middle, leaf]
    assert records.reverse_topological([root]) is order  # (asked again by the matrix form)
    assert records.reverse_topological([root], frozenset({id(middle)})) == [root, middle, leaf]
    other = _Record(leaf)
    assert records.reverse_topological([other]) == [other, leaf]
    assert records.reverse_topological([root]) == order


@pytest.mark.parametrize("name, count", [("tanh", 1), ("mul", 2), ("sigmoid", 1), ("exp", 1)])
def test_a_pointwise_part_is_g_times_the_partial_and_leaves_its_inputs(name, count):
    from gradcli.engine.optable import OPS
    op = OPS[name]
    rng = np.random.default_rng(2)
    args = [rng.normal(size=(6, 5)) for _ in range(count)]
    value = np.asarray(op.forward(*args), np.float64)
    g = rng.normal(size=(6, 5))
    kept = [a.copy() for a in args] + [value.copy(), g.copy()]
    parts = opgrads._pointwise(op, {}, g, args, [True] * count, value=value)
    for i, part in enumerate(parts):
        expected = g * opgrads.partial_of(op, (), i, args, value)
        assert np.array_equal(_bits(part), _bits(expected))
    for before, after in zip(kept, [*args, value, g], strict=True):  # (none written into)
        assert np.array_equal(before, after)
