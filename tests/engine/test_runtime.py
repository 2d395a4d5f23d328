"""A run's state lives in its Runtime: sessions in one process never see each other's, and
importing gradcli changes nothing in the host process."""
import subprocess
import sys

from gradcli.app.api import open_session
from gradcli.app.running import RunOptions
from gradcli.engine.limits import Limits


def test_two_live_sessions_do_not_see_each_other():
    a, b = open_session("a.py"), open_session("b.py", RunOptions(limits=Limits(max_elements=8)))
    a.feed("torch.manual_seed(0)\ntorch.set_grad_enabled(False)")
    b.feed("torch.manual_seed(1)")
    assert a.feed("torch.is_grad_enabled()").events[0].text == "False"
    assert b.feed("torch.is_grad_enabled()").events[0].text == "True"
    # each keeps its own generator: a's draws are seed 0's, whatever b drew in between
    first = a.feed("torch.rand(2)").events[0].text
    fresh = open_session("c.py")
    fresh.feed("torch.manual_seed(0)")
    b.feed("torch.rand(5)")
    assert fresh.feed("torch.rand(2)").events[0].text == first
    # limits are per session too
    assert a.feed("torch.ones(100)").status == "ok"
    assert b.feed("torch.ones(100)").events[-1].type == "LimitExceeded"


def test_a_session_hears_only_its_own_backward_passes():
    a, b = open_session("a.py"), open_session("b.py")
    a.feed("x = torch.ones(2, requires_grad=True)\n(x * x).sum().backward()")
    b.feed("y = torch.ones(3, requires_grad=True)\ny.sum().backward()\ny.sum().backward()")
    assert (a.result.summary.backward, b.result.summary.backward) == (1, 2)


def test_writes_through_data_are_tracked_per_session():
    a, b = open_session("a.py"), open_session("b.py")
    a.feed("x = torch.ones(2, requires_grad=True)\nx.data.mul_(2)")
    assert a.interpreter.runtime.hidden_writes and not b.interpreter.runtime.hidden_writes


def test_a_number_one_session_used_in_inference_mode_is_an_ordinary_operand_in_the_next():
    a, b = open_session("a.py"), open_session("b.py")
    a.feed("with torch.inference_mode():\n    y = torch.ones(2) * 2")
    grad = "x = torch.ones(3, requires_grad=True)\ntorch.autograd.grad((x * 2).sum(), x)"
    assert b.feed(grad).status == "ok"
    assert a.interpreter.runtime.wrapped_numbers is not b.interpreter.runtime.wrapped_numbers


def test_importing_gradcli_leaves_the_process_as_it_was():
    code = ("import gc, numpy as np\nbefore = (np.geterr(), gc.get_threshold())\n"
            "import gradcli.torch, gradcli.app.api, gradcli.check.checker\n"
            "from gradcli.app.api import run_session\n"
            "run_session('x = torch.ones(1) / 0', 's.py')\n"
            "assert (np.geterr(), gc.get_threshold()) == before, (before, np.geterr())\n")
    subprocess.run([sys.executable, "-c", code], check=True)
