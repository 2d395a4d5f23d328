"""Surrogate gradients told from wrong ones (#35 item 3): a custom backward that is on purpose
not the derivative of its forward (gradient reversal, straight-through round) is declared with
`# gradcli: surrogate Name`; its rows then say how it relates to sympy's derivative and the
gradients around it are checked against sympy's chain through its values. Undeclared, the
mismatch stands and names the directive."""
import numpy as np
import pytest
from test_checker import rows

from gradcli.check.surrogates import relation
from gradcli.events.expectations import MalformedDirective, expectation, surrogates

REVERSE = """
class GradReverse(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.view_as(x)

    @staticmethod
    def backward(ctx, g):
        return -g
"""

# DANN: features -> GradReverse -> classifier, with Linear layers around it
DANN = REVERSE + """
features = torch.nn.Linear(3, 4)
classifier = torch.nn.Linear(4, 2)
with torch.no_grad():
    features.weight.copy_(torch.tensor(FW))
    features.bias.copy_(torch.tensor([0.1, -0.2, 0.3, 0.0]))
    classifier.weight.copy_(torch.tensor(CW))
    classifier.bias.copy_(torch.tensor([0.05, -0.05]))
x = torch.tensor(X)
out = classifier(GradReverse.apply(torch.tanh(features(x))))
(out ** 2).mean().backward()
"""
FW = [[0.2, -0.4, 0.1], [0.5, 0.3, -0.2], [-0.3, 0.1, 0.4], [0.0, 0.2, -0.5]]
CW = [[0.3, -0.1, 0.2, 0.4], [-0.2, 0.5, 0.1, -0.3]]
X = [[1.0, -0.5, 0.3], [0.2, 0.8, -1.1], [-0.7, 0.4, 0.9]]


def dann(declared: bool) -> str:
    source = DANN.replace("FW", repr(FW)).replace("CW", repr(CW)).replace("X)", f"{X!r})")
    return ("# gradcli: surrogate GradReverse\n" if declared else "") + source


@pytest.fixture(scope="module")
def torch():
    return pytest.importorskip("torch", reason="real torch gives the reversed gradients")


def torch_dann_grads(torch) -> dict:
    """The same script run by real PyTorch: its gradients through the reversal."""
    env = {"torch": torch}
    exec(dann(declared=True), env)  # (the oracle's own run of the script's text)
    return {f"{m}.{p}": getattr(env[m], p).grad.numpy() for m in ("features", "classifier")
            for p in ("weight", "bias")}


def test_a_declared_gradient_reversal_checks_the_layers_before_it_through_its_values(torch):
    result, rs = rows(dann(declared=True))
    assert result.status == "ok" and all(r.match for r in rs)
    assert {r.name for r in rs} == {"features.weight", "features.bias", "classifier.weight",
                                    "classifier.bias"}
    expected = torch_dann_grads(torch)
    for r in rs:  # the expectation itself is torch's reversed gradient, not sympy's plain one
        np.testing.assert_allclose(np.asarray(r.expected), expected[r.name], rtol=1e-5,
                                   atol=1e-7)
        assert r.method in ("symbolic", "structured")
    before = [r for r in rs if r.name.startswith("features")]
    assert all(r.note.startswith("GradReverse.backward (a declared surrogate) returns -1 × "
                                 "d/dx of its forward (negated)") for r in before)
    after = [r for r in rs if r.name.startswith("classifier")]
    assert not any("surrogate" in r.note for r in after)  # (not under it: sympy's alone)


def test_undeclared_the_reversal_mismatches_and_names_the_directive():
    result, rs = rows(dann(declared=False))
    assert result.status == "mismatch"
    before = [r for r in rs if r.name.startswith("features")]
    assert before and all(r.match is False for r in before)
    for r in before:
        assert "GradReverse.backward returns -1 × d/dx of its forward (negated); if that is " \
               "intended (a surrogate gradient), declare it: `# gradcli: surrogate " \
               "GradReverse`" in r.note
        # sympy's own expectation, without the reversal: the row's gradient negated
        np.testing.assert_allclose(np.asarray(r.expected), -np.asarray(r.grad), rtol=1e-5,
                                   atol=1e-7)
    assert all(r.match for r in rs if r.name.startswith("classifier"))


STE = """
# gradcli: surrogate RoundSTE
class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, g):
        return g

encoder = torch.nn.Linear(2, 3)
decoder = torch.nn.Linear(3, 1)
with torch.no_grad():
    encoder.weight.copy_(torch.tensor([[1.2, -0.7], [0.4, 2.1], [-1.5, 0.3]]))
    encoder.bias.zero_()
    decoder.weight.copy_(torch.tensor([[0.5, -1.0, 0.25]]))
    decoder.bias.zero_()
x = torch.tensor([[1.0, 2.0], [-0.5, 0.7]])
((decoder(RoundSTE.apply(encoder(x))) - 1.0) ** 2).sum().backward()
"""


def test_a_declared_straight_through_round_checks_both_sides_exactly():
    result, rs = rows(STE)
    assert result.status == "ok" and len(rs) == 4 and all(r.match for r in rs)
    encoder = [r for r in rs if r.name.startswith("encoder")]
    assert all("RoundSTE.backward (a declared surrogate) returns the gradient it received "
               "unchanged (identity)" in r.note for r in encoder)
    # sympy's d/dx round is 0: only the identity backward gives the encoder a gradient
    assert all(np.any(np.asarray(r.expected)) for r in encoder)


def test_undeclared_the_straight_through_round_mismatches_with_the_hint():
    result, rs = rows(STE.replace("# gradcli: surrogate RoundSTE\n", ""))
    assert result.status == "mismatch"
    assert all("RoundSTE.backward returns the gradient it received unchanged (identity)" in
               r.note and "`# gradcli: surrogate RoundSTE`" in r.note
               for r in rs if r.name.startswith("encoder"))


HALF = """
# gradcli: surrogate Square
class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 2

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return g * x

w = torch.tensor([0.5, -1.5, 2.0], requires_grad=True)
(Square.apply(w * 3) * torch.tensor([1.0, 2.0, 3.0])).sum().backward()
"""


def test_a_declared_surrogate_is_trusted_and_its_row_says_the_relation():
    result, (row,) = rows(HALF)
    assert result.status == "ok" and row.match
    assert row.note.startswith("Square.backward (a declared surrogate) returns 0.5 × d/dx of "
                               "its forward (scaled by a constant)")
    # the chain through g·x (half of sympy's 2·(3w)·3): [1, 2, 3]·3w·3
    np.testing.assert_allclose(row.expected, [4.5, -27.0, 54.0])


def test_a_wrong_backward_under_a_declared_surrogate_still_mismatches():
    result, rs = rows(REVERSE + """
# gradcli: surrogate GradReverse
class MyExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.exp()

    @staticmethod
    def backward(ctx, g):
        return g * 2

w = torch.tensor([0.5, 1.0], requires_grad=True)
GradReverse.apply(MyExp.apply(w) * 3).sum().backward()
""")
    assert result.status == "mismatch"
    (row,) = rs
    assert row.match is False
    assert "GradReverse.backward (a declared surrogate) returns -1 × d/dx" in row.note
    assert "the mismatch is elsewhere in the graph" in row.note
    # sympy's chain through -g: -3·exp(w)
    np.testing.assert_allclose(row.expected, -3 * np.exp([0.5, 1.0]), rtol=1e-6)


def test_a_clipped_straight_through_is_named_so():
    got = relation(np.array([1.0, 0.0, -2.0]), np.zeros(3), np.array([1.0, 4.0, -2.0]),
                   (1e-5, 1e-8))
    assert got == ("returns the gradient it received with 1 of 3 elements zeroed (clipped "
                   "identity), not d/dx of its forward")


@pytest.mark.parametrize("got, want, received, said", [
    ([2.0, 3.0], [0.0, 0.0], [2.0, 3.0], "returns the gradient it received unchanged"),
    ([-2.0, 3.0], [2.0, -3.0], [2.0, 3.0], "returns -1 × d/dx of its forward (negated)"),
    ([0.6, 1.2], [2.0, 4.0], [1.0, 1.0], "returns 0.3 × d/dx of its forward (scaled"),
    ([1.0, 5.0], [2.0, 4.0], [1.0, 1.0], "returns values unrelated to d/dx"),
    ([1.0, 5.0], [0.0, 0.0], None, "returns values unrelated to d/dx"),
])
def test_relations(got, want, received, said):
    received = None if received is None else np.array(received)
    assert relation(np.array(got), np.array(want), received, (1e-5, 1e-8)).startswith(said)


def test_the_directive_names_classes_and_may_be_repeated():
    source = ("# gradcli: surrogate GradReverse, RoundSTE\n# gradcli: surrogate Clip\n"
              "# gradcli: expect mismatch\nclass GradReverse: pass\nclass RoundSTE: pass\n"
              "class Clip: pass\n")
    assert surrogates(source) == {"GradReverse", "RoundSTE", "Clip"}
    assert str(expectation(source)) == "mismatch"  # (surrogate lines are not an ending)


@pytest.mark.parametrize("line, message", [
    ("# gradcli: surrogate GradRevrse", "surrogate GradRevrse: the script defines no class "
                                        "GradRevrse"),
    ("# gradcli: surrogate 3x", "a surrogate directive names a class: 'surrogate 3x'"),
    ("# gradcli: surrogate", "unknown gradcli directive: 'surrogate'"),
])
def test_a_directive_that_names_no_class_of_the_script_is_rejected(line, message):
    with pytest.raises(MalformedDirective) as bad:
        expectation(f"{line}\nclass GradReverse: pass\n")
    assert bad.value.message == message and bad.value.line == 1
    assert "surrogate <Function class>" in bad.value.hint
