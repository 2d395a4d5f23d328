"""torch.func in a session: what the corpus does not show (restoring state after errors,
gradcli's refusals, how the check names and checks each transform's passes)."""
import pytest

from gradcli.app.api import run_json

HEAD = "import torch\nfrom torch.func import grad, grad_and_value, vjp, jacrev, jacfwd, " \
       "hessian, vmap, functional_call\n"


def events(source: str) -> list[dict]:
    return run_json(HEAD + source, "<test>")["events"]


def prints(source: str) -> list[str]:
    return [e["text"] for e in events(source) if e["kind"] == "print"]


def rows(source: str) -> list[dict]:
    return [g for e in events(source) if e["kind"] == "backward" for g in e["grads"]]


def test_rows_are_named_after_the_script_tensors():
    found = rows("x = torch.tensor([1.0, 2.0])\nw = torch.tensor(3.0)\n"
                 "g = grad(lambda a, b: (a * b).sum(), argnums=(0, 1))(x, w)")
    assert [r["name"] for r in found] == ["x", "w"]
    assert all(r["match"] and r["method"] == "symbolic" for r in found)


def test_nested_grad_checks_every_pass():
    found = rows("x = torch.tensor(0.7)\ng3 = grad(grad(grad(torch.sin)))(x)\nprint(g3)")
    assert len(found) == 3
    assert all(r["name"] == "x" and r["match"] for r in found)


def test_per_sample_gradients_are_all_checked():
    found = rows("w = torch.tensor([0.5, -1.0])\nxs = torch.tensor([[1.0, 2.0], [3.0, 4.0], "
                 "[5.0, 6.0]])\ndef loss(w, x):\n    return torch.tanh(x.dot(w))\n"
                 "print(vmap(grad(loss), in_dims=(None, 0))(w, xs))")
    assert len(found) == 3
    assert all(r["name"] == "w" and r["match"] for r in found)


def test_jvp_trick_pass_is_checked_as_j_times_v():
    """The double-backward trick's last pass, with respect to its zero cotangent u, is sympy's
    derivative in u of J^T u: the row is J v, checked (tests/check/test_higher_order.py)."""
    found = rows("print(torch.func.jvp(torch.sin, (torch.tensor([1.0]),), "
                 "(torch.tensor([2.0]),)))")
    assert found[-1]["method"] == "symbolic" and found[-1]["match"]
    assert found[-1]["formula"] == ["2*cos(tensor)"]  # (a literal holds the primal)


def test_backward_after_a_failed_transform_works():
    assert prints("""x = torch.tensor([1.0, 2.0], requires_grad=True)
def f(x):
    y = (x ** 2).sum()
    y.backward()
    return y
try:
    grad(f)(x)
except RuntimeError as e:
    print(e)
(x ** 2).sum().backward()
print(x.grad)""") == ["backward() called inside a functorch transform. This is not supported, "
                      "please use functorch.grad or functorch.vjp instead or call backward() "
                      "outside of functorch transforms.", "tensor([2., 4.])"]


MODEL = """import torch.nn as nn
torch.manual_seed(0)
model = nn.Linear(2, 1)
"""


def test_functional_call_restores_the_parameters_after_an_error():
    assert prints(MODEL + """before = model.weight
try:
    functional_call(model, {'weight': torch.zeros(1, 3)}, (torch.ones(1, 2),))
except RuntimeError as e:
    print(e)
print(model.weight is before)""") == [
        "mat1 and mat2 shapes cannot be multiplied (1x2 and 3x1)", "True"]


def test_functional_call_merges_a_tuple_of_dicts():
    assert prints(MODEL + """print(functional_call(model, ({'weight': torch.ones(1, 2)},
                                 {'bias': torch.zeros(1)}), torch.ones(1, 2)))
try:
    functional_call(model, ({'bias': torch.ones(1)}, {'bias': torch.zeros(1)}), torch.ones(1, 2))
except ValueError as e:
    print(e)""") == ["tensor([[2.]])",
                     "['bias'] appeared in multiple dictionaries; behavior of functional call "
                     "is ambiguous"]


def test_dict_gradients_keep_the_keys_order():
    assert prints(MODEL + """params = {k: v.detach() for k, v in model.named_parameters()}
g = grad(lambda p: functional_call(model, p, (torch.ones(1, 2),)).sum())(params)
print(list(g), g['bias'], model.weight.grad)""") == ["['weight', 'bias'] tensor([1.]) None"]


@pytest.mark.parametrize("source, message", [
    ("vmap(torch.sin)(torch.ones(0, 2))",
     "vmap over a dimension of size 0 is not supported by gradcli"),
    ("vmap(lambda d: d[0], in_dims=((0, 0, 0),))((torch.ones(2), torch.ones(2)))",
     "in_dims that do not match the structure of their input are not supported by gradcli"),
])
def test_refusals_name_what_is_not_supported(source, message):
    assert any(message in str(e) for e in events(source))


def test_jacrev_of_an_empty_output_is_empty():
    assert prints("print(jacrev(lambda x: x[:0])(torch.ones(2)).shape)") == [
        "torch.Size([0, 2])"]


def test_under_no_grad_results_are_plain():
    assert prints("""w = torch.tensor([3.0], requires_grad=True)
with torch.no_grad():
    print(grad_and_value(lambda x: (x * w).sum())(torch.tensor([2.0])))""") == [
        "(tensor([3.]), tensor(6.))"]


def test_vmap_randomness_is_torchs_error_or_refused():
    source = """x = torch.ones(3, 2)
for r in ['error', 'same']:
    try:
        vmap(lambda a: a + torch.randperm(2), randomness=r)(x)
    except RuntimeError as e:
        print(e)
torch.manual_seed(0)
print(vmap(lambda a: a * 2)(x).shape, torch.rand(1))"""
    assert prints(source) == [
        "vmap: called random operation while in randomness error mode. Please either use the "
        "'same' or 'different' randomness flags on vmap or perform the randomness operation "
        "out of vmap",
        "random operations inside vmap(randomness='same') other than rand, uniform, randn, "
        "normal, bernoulli draws are not supported by gradcli",
        "torch.Size([3, 2]) tensor([0.4963])"]


def test_results_stay_in_the_graph_of_an_input_that_requires_grad():
    # PyTorch's grad_fns, from torch 2.13
    assert prints("""x = torch.tensor([0.5, 1.5], requires_grad=True)
print(hessian(lambda a: (a ** 3).sum())(x).grad_fn.name())
out, fn = vjp(torch.sin, x)
print(out.grad_fn.name(), fn(torch.ones(2))[0].grad_fn.name())
p, t = torch.func.jvp(torch.sin, (x,), (torch.ones(2),))
print(p.grad_fn.name(), t.grad_fn.name())
print(vmap(torch.sin)(x).grad_fn.name())""") == [
        "ViewBackward0", "SinBackward0 MulBackward0", "AliasBackward0 MulBackward0",
        "SinBackward0"]


def test_vmap_results_show_the_grad_fn_of_torchs_batching_rules():
    # PyTorch's grad_fns, from torch 2.13
    assert prints("""x = torch.ones(2, 2, 3, requires_grad=True)
for f in [lambda a: a.sum(), lambda a: a.t(), lambda a: a @ torch.ones(3, 2), lambda a: a * 2]:
    print(vmap(f)(x).grad_fn.name())""") == [
        "SumBackward1", "TransposeBackward0", "UnsafeViewBackward0", "MulBackward0"]


def _error_text(source: str) -> str:
    return " ".join(str(e.get("message", "")) for e in events(source) if e["kind"] == "error")


def test_batched_values_survive_ops_without_a_graph_node():
    # comparisons, detach and indices carry vmap's batching: bool() of them is refused
    for expr in ("bool((a > 0).sum() > 1)", "bool(a.detach().sum() > 0)",
                 "bool(a[torch.tensor([0])].sum() > 0)"):
        assert "data-dependent control flow" in _error_text(
            f"vmap(lambda a: a if {expr} else -a)(torch.ones(2, 3))"), expr


def test_unbatched_values_inside_vmap_stay_python_values():
    c = "c = torch.tensor([2.0])\n"
    assert prints(c + "print(vmap(lambda a: a * c.item() if c.sum() > 0 else a)"
                  "(torch.ones(2)))") == ["tensor([2., 2.])"]


def test_item_under_grad_inside_vmap_is_torchs_ambiguous_message():
    assert "either (1) calling .item()" in _error_text(
        "vmap(grad(lambda a: a.sum() * a.sum().item()))(torch.ones(2, 3))")


def test_inplace_into_a_tensor_made_inside_grad_is_allowed():
    assert prints("x = torch.ones(2)\nprint(grad(lambda a: torch.zeros(2).add_(a).sum())(x))"
                  ) == ["tensor([1., 1.])"]


def test_inplace_on_a_view_of_a_captured_tensor_is_refused():
    assert "(aten::mul_.Tensor) that would mutate a captured Tensor" in _error_text(
        "c = torch.ones(3)\ngrad(lambda a: (c[:2].mul_(a), a.sum())[1])(torch.ones(2))")


def test_a_transform_that_failed_leaves_no_level_behind():
    assert prints("""c = torch.zeros(2)
try:
    vmap(lambda a: a.item())(torch.ones(2))
except RuntimeError:
    pass
c.add_(torch.ones(2))
print(float(c.sum()))""") == ["2.0"]


@pytest.mark.parametrize("call, aten", [
    ("add_(1.0)", "aten::add_.Tensor"), ("pow_(2)", "aten::pow_.Scalar"),
    ("pow_(a)", "aten::pow_.Tensor"), ("clamp_(min=0.5)", "aten::clamp_"),
    ("clamp_(min=a)", "aten::clamp_.Tensor"), ("fill_(2.0)", "aten::fill_.Scalar"),
    ("masked_fill_(c > 0, a[0])", "aten::masked_fill_.Tensor"), ("exp_()", "aten::exp_"),
])
def test_captured_inplace_names_torchs_overload(call, aten):
    assert f"({aten}) that would mutate" in _error_text(
        f"c = torch.ones(2)\ngrad(lambda a: (c.{call}, a.sum())[1])(torch.ones(2))")


def test_vmap_samples_that_draw_differently_are_refused():
    """torch calls func once; gradcli once per sample, and a later sample's draw that the
    first did not make cannot be cut from a batch."""
    source = """calls = []
def f(a):
    calls.append(1)
    return a + torch.rand(2) if len(calls) == 2 else a
try:
    vmap(f, randomness='different')(torch.ones(2, 2))
except RuntimeError as e:
    print(e)"""
    assert prints(source) == [
        "vmap: a sample drew random numbers the first sample did not: gradcli runs func once "
        "per sample and cannot batch these draws"]


def test_vmapped_autograd_grad_frees_the_graph_after_the_last_sample():
    assert prints("""x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x ** 2
vmap(lambda v: torch.autograd.grad(y, x, v))(torch.eye(2))
try:
    torch.autograd.grad(y, x, torch.ones(2))
except RuntimeError as e:
    print(str(e)[:40])""") == ["Trying to backward through the graph a s"]


def test_a_registered_buffer_is_an_attribute_the_script_defines():
    assert prints("""import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("running", torch.ones(2))
    def forward(self, x):
        return x * self.running
print(functional_call(M(), {"running": torch.zeros(2)}, torch.ones(2)))""") == [
        "tensor([0., 0.])"]


def test_tied_weights_inside_submodules_follow_their_replacement():
    assert prints("""import torch.nn as nn
class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(2, 2, bias=False)
        self.b = nn.Linear(2, 2, bias=False)
        self.b.weight = self.a.weight
    def forward(self, x):
        return self.b(self.a(x))
m = M()
print(functional_call(m, {"a.weight": torch.eye(2) * 2}, torch.ones(1, 2)))
print(functional_call(m, {"a.weight": torch.eye(2) * 2}, torch.ones(1, 2), tie_weights=False)
      .shape)""")[0] == "tensor([[4., 4.]])"


def test_a_captured_write_inside_vmap_happens_once_and_a_fresh_one_per_sample():
    assert prints("""c = torch.zeros(2)
def f(a):
    c.add_(1.0)
    fresh = torch.zeros(2)
    fresh += 1.0
    return a * fresh
print(vmap(f)(torch.ones(3, 2)).sum().item(), c)""") == ["6.0 tensor([1., 1.])"]
