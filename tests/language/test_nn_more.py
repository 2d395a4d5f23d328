"""torch.nn's Bilinear, module dtype moves, state dicts and optimizer state in a session:
PyTorch's values, reprs and error messages (the corpus 632-649, 668-679 compares whole
scripts with PyTorch; these pin the errors one by one)."""
import pytest

from gradcli.app.api import run_json


def prints(source: str) -> list[str]:
    return [e["text"] for e in run_json(source, "<test>")["events"] if e["kind"] == "print"]


def error_of(source: str) -> dict:
    events = run_json(source, "<test>")["events"]
    errors = [e for e in events if e["kind"] == "error"]
    assert errors, events
    return errors[-1]


HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"


@pytest.mark.parametrize("call, message", [
    ("F.bilinear(torch.ones(5, 3), torch.ones(4, 2), torch.ones(4, 3, 2))",
     "bilinear(): input batch dimensions do not match at dim 0: got 5 and 4"),
    ("F.bilinear(torch.ones(5, 2), torch.ones(5, 2), torch.ones(4, 3, 2))",
     "bilinear(): input1 size does not match weight size: got 2 but expected 3"),
    ("F.bilinear(torch.ones(5, 3), torch.ones(5, 2), torch.ones(4, 3, 2), torch.ones(3))",
     "bilinear(): bias size does not match weight size: got 3 but expected 4"),
    ("F.bilinear(torch.ones(5, 3), torch.ones(5, 2).double(), torch.ones(4, 3, 2))",
     "All tensors must have the same dtype, got input1: float, input2: double, weight: float"),
    ("F.bilinear(torch.ones(5, 3), torch.ones(5, 1, 2), torch.ones(4, 3, 2))",
     "bilinear(): input dimensions do not match: got 2 and 3"),
    ("nn.Bilinear(0, 2, 3)", "in1_features must be > 0, but got (in1_features=0)"),
    ("nn.Bilinear(3, 2, 4)(torch.ones(5, 3))",
     "Bilinear.forward() missing 1 required positional argument: 'input2'"),
    ("torch.ones(()).size(0)", "Dimension specified as 0 but tensor has no dimensions"),
])
def test_bilinear_errors_are_pytorchs(call, message):
    assert error_of(HEAD + call)["message"] == message


def test_bilinear_gradients_are_trilinear_nodes():
    out = prints(HEAD + "m = nn.Bilinear(2, 2, 1)\n"
                 "x = torch.ones(3, 2, requires_grad=True)\n"
                 "g, = torch.autograd.grad(m(x, x).sum(), m.weight, create_graph=True)\n"
                 "print(g.grad_fn.name(), g.shape)\n")
    assert out == ["TrilinearBackward0 torch.Size([1, 2, 2])"]


@pytest.mark.parametrize("call, kind, message", [
    ("nn.Linear(2, 2).to('cuda')", "AssertionError", "Torch not compiled with CUDA enabled"),
    ("nn.Linear(2, 2).cuda()", "AssertionError", "Torch not compiled with CUDA enabled"),
    ("nn.Linear(2, 2).to(torch.int64)", "TypeError",
     "nn.Module.to only accepts floating point or complex dtypes, but got desired "
     "dtype=torch.int64"),
    ("nn.Linear(2, 2).type(torch.int64)", "RuntimeError",
     "data set to a tensor that requires gradients must be floating point or complex dtype"),
    ("nn.Linear(2, 2).double()(torch.ones(1, 2))", "RuntimeError",
     "mat1 and mat2 must have the same dtype, but got Float and Double"),
    ("nn.Linear(3, 1).load_state_dict({'weight': torch.zeros(1, 3)})", "RuntimeError",
     'Error(s) in loading state_dict for Linear:\n\tMissing key(s) in state_dict: "bias". '),
    ("nn.Linear(3, 1).load_state_dict({'weight': torch.zeros(2, 3), 'bias': torch.zeros(1), "
     "'b': torch.zeros(1)})", "RuntimeError",
     'Error(s) in loading state_dict for Linear:\n\tUnexpected key(s) in state_dict: "b". \n\t'
     "size mismatch for weight: copying a param with shape torch.Size([2, 3]) from checkpoint,"
     " the shape in current model is torch.Size([1, 3])."),
    ("nn.Linear(3, 1).load_state_dict([1])", "TypeError",
     "Expected state_dict to be dict-like, got <class 'list'>."),
])
def test_module_move_and_load_errors_are_pytorchs(call, kind, message):
    out = prints(HEAD + f"try:\n    {call}\nexcept {kind} as e:\n    print(e)\n")
    assert out == [message]


def test_double_keeps_parameter_identity_and_converts_grad():
    out = prints(HEAD + "m = nn.Linear(2, 1)\nw = m.weight\n"
                 "m(torch.ones(1, 2)).sum().backward()\nm.double()\n"
                 "print(w is m.weight, w.dtype, w.grad.dtype, w.is_leaf)\n")
    assert out == ["True torch.float64 torch.float64 True"]


def test_state_dict_keys_and_load_result_print_as_pytorch():
    out = prints(HEAD + "m = nn.Linear(2, 1)\nsd = m.state_dict()\nprint(sd.keys())\n"
                 "print(m.load_state_dict(sd))\n"
                 "print(m.load_state_dict({'weight': sd['weight']}, strict=False))\n")
    assert out == ["odict_keys(['weight', 'bias'])", "<All keys matched successfully>",
                   "_IncompatibleKeys(missing_keys=['bias'], unexpected_keys=[])"]


TRAINED = HEAD + """torch.manual_seed(0)
m = nn.Linear(2, 1)
opt = torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9)
m(torch.ones(3, 2)).sum().backward()
opt.step()
"""


def test_optimizer_state_is_keyed_by_parameter():
    out = prints(TRAINED + "print(opt.state[m.bias]['momentum_buffer'])\n"
                 "print(opt.state_dict()['state'])\nprint(opt.state_dict()['param_groups'])\n")
    assert out == ["tensor([3.])",
                   "{0: {'momentum_buffer': tensor([[3., 3.]])}, "
                   "1: {'momentum_buffer': tensor([3.])}}",
                   "[{'lr': 0.1, 'momentum': 0.9, 'dampening': 0, 'weight_decay': 0, "
                   "'nesterov': False, 'maximize': False, 'foreach': None, "
                   "'differentiable': False, 'fused': None, 'params': [0, 1]}]"]


def test_sgd_without_momentum_keeps_no_state():
    out = prints(HEAD + "m = nn.Linear(2, 1)\nopt = torch.optim.SGD(m.parameters(), lr=0.1)\n"
                 "m(torch.ones(3, 2)).sum().backward()\nopt.step()\n"
                 "print(opt.state_dict()['state'], len(opt.state))\n")
    assert out == ["{} 0"]


@pytest.mark.parametrize("params, message", [
    ("m.parameters()", "loaded state dict has a different number of parameter groups"),
    ("[{'params': [m.weight]}, {'params': []}]",
     "loaded state dict contains a parameter group that doesn't match the size of "
     "optimizer's group"),
])
def test_optimizer_load_state_dict_errors_are_pytorchs(params, message):
    source = TRAINED + ("sd = torch.optim.SGD([{'params': [m.weight]}, {'params': [m.bias]}], "
                        "lr=0.1).state_dict()\n"
                        f"try:\n    torch.optim.SGD({params}, lr=0.1).load_state_dict(sd)\n"
                        "except ValueError as e:\n    print(e)\n")
    assert prints(source) == [message]


def test_pad_sequence_pads_and_refuses_an_empty_list():
    source = ("import torch\nfrom torch.nn.utils.rnn import pad_sequence\n"
              "p = pad_sequence([torch.ones(2), torch.ones(1)], batch_first=True, "
              "padding_value=-1.0)\nprint(p)\n"
              "try:\n    pad_sequence([])\nexcept RuntimeError as e:\n    print(e)\n")
    assert prints(source) == ["tensor([[ 1.,  1.],\n        [ 1., -1.]])",
                              "received an empty list of sequences"]
