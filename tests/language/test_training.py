"""Training-loop machinery in a session: optimizers, lr schedulers, gradient clipping, module
hooks and containers (what the corpus 680-699 and 760-769 does not show)."""

from gradcli.app.api import run_json


def events(source: str) -> list[dict]:
    return run_json(source, "<test>")["events"]


def prints(source: str) -> list[str]:
    return [e["text"] for e in events(source) if e["kind"] == "print"]


def test_builtin_class_argument_errors_name_torchs_method():
    out = prints("import torch\nfor make in [lambda: torch.nn.Linear(2, 2, foo=1),\n"
                 "             lambda: torch.optim.Adagrad([torch.zeros(1)], bar=2)]:\n"
                 "    try:\n        make()\n    except TypeError as e:\n        print(e)")
    assert out == ["Linear.__init__() got an unexpected keyword argument 'foo'",
                   "Adagrad.__init__() got an unexpected keyword argument 'bar'"]


def test_scheduler_resumed_without_initial_lr_is_a_key_error():
    found = events("import torch\nopt = torch.optim.SGD([torch.zeros(1, requires_grad=True)], "
                   "lr=0.1)\ntorch.optim.lr_scheduler.StepLR(opt, 2, last_epoch=3)")
    error = found[-1]
    assert error["kind"] == "error" and error["type"] == "KeyError"
    assert "param 'initial_lr' is not specified in param_groups[0]" in error["message"]


def test_step_closure_returns_its_loss_computed_with_grad():
    out = prints("import torch\nw = torch.ones(2, requires_grad=True)\n"
                 "opt = torch.optim.SGD([w], lr=0.5)\n"
                 "def closure():\n    opt.zero_grad()\n    loss = (w * w).sum()\n"
                 "    loss.backward()\n    return loss\n"
                 "with torch.no_grad():\n    print(opt.step(closure))\nprint(w)")
    assert out == ["tensor(2., grad_fn=<SumBackward0>)", "tensor([0., 0.], requires_grad=True)"]


def test_adagrad_state_exists_before_any_step():
    out = prints("import torch\nw = torch.ones(2, requires_grad=True)\n"
                 "opt = torch.optim.Adagrad([w], initial_accumulator_value=0.5)\n"
                 "print(len(opt.state))")
    assert out == ["1"]


def test_clip_grad_norm_of_a_graph_grad_is_computed_under_no_grad():
    out = prints("import torch\nw = torch.ones(2, requires_grad=True)\n"
                 "(w ** 3).sum().backward(create_graph=True)\n"
                 "print(torch.nn.utils.clip_grad_norm_([w], 1.0))")
    assert out == ["tensor(4.2426)"]  # no grad_fn though the grads have one


def test_clip_grad_norm_of_an_empty_generator_warns():
    found = events("import torch\nm = torch.nn.Module()\n"
                   "torch.nn.utils.clip_grad_norm_(m.parameters(), 1.0)")
    assert any(e["kind"] == "warning" and e["message"] == "`parameters` is an empty generator, "
               "no gradient clipping will occur." for e in found), found


HOOKED = """import torch
import torch.nn as nn
torch.manual_seed(0)
layer = nn.Linear(2, 2)
x = torch.ones(1, 2, requires_grad=True)
"""


def test_backward_hook_returning_the_wrong_count_is_torchs_error():
    found = events(HOOKED + "layer.register_full_backward_hook(lambda m, gi, go: (gi[0], gi[0]))"
                   "\nlayer(x).sum().backward()")
    assert found[-1]["kind"] == "error" and found[-1]["message"] == (
        "Backward hook returned an invalid number of grad_input, got 2, but expected 1")


def test_forward_hooks_with_kwargs_and_prepend():
    out = prints(HOOKED + "layer.register_forward_pre_hook(lambda m, a, k: ((a[0] * 0,), k), "
                 "with_kwargs=True)\n"
                 "layer.register_forward_hook(lambda m, a, k, o: print('last'), with_kwargs=True)"
                 "\nlayer.register_forward_hook(lambda m, a, o: print('first'), prepend=True)\n"
                 "print(torch.equal(layer(x), layer.bias.unsqueeze(0)))")
    assert out == ["first", "last", "True"]


def test_a_module_backward_hook_that_rescales_is_followed_by_the_check():
    found = events(HOOKED + "layer.register_full_backward_hook(lambda m, gi, go: (gi[0] * 3,))"
                   "\nlayer(x).sum().backward()")
    rows = next(e for e in found if e["kind"] == "backward")["grads"]
    x = next(row for row in rows if row["name"] == "x")
    assert all(row["match"] for row in rows) and x["note"] == "", rows


def test_module_dict_refuses_what_torch_refuses():
    out = prints("import torch.nn as nn\nd = nn.ModuleDict()\n"
                 "for key, value in [('forward', nn.ReLU()), ('', nn.ReLU()), ('ok', 3)]:\n"
                 "    try:\n        d[key] = value\n    except (KeyError, TypeError) as e:\n"
                 "        print(e)\nprint(len(d))")
    assert out == ['"attribute \'forward\' already exists"',
                   '\'module name can\\\'t be empty string ""\'', "int is not a Module subclass",
                   "0"]
