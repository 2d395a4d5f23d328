"""torch's argument parser over gradcli's objects (torch/_arguments.py, _nn_signatures.py).

The messages themselves are compared with live PyTorch by the differential corpus
(tests/corpus/430_... to 437_...); these tests pin what the corpus cannot see: the reuse of a
parse by argument types, the table's own consistency, and that no numpy warning reaches the
user.
"""
import subprocess
import sys
import time
import warnings

import numpy as np
import pytest

from gradcli.app.api import run_json
from gradcli.engine.errors import TorchError
from gradcli.engine.tensor import Tensor
from gradcli.torch import _arguments as arguments
from gradcli.torch import _nn_signatures as signatures
from gradcli.torch._declare import DECLARED


def declared(namespace: str, name: str):
    return next(d for d in DECLARED if (d.namespace, d.name) == (namespace, name))


def outcome(source: str) -> list:
    """(kind, text) of the session's prints, values and final error."""
    events = run_json("import torch\n" + source, "t.py")["events"]
    out = []
    for e in events:
        if e["kind"] == "print":
            out.append(("print", e["text"]))
        elif e["kind"] == "error":
            out.append((e["type"], e["message"]))
    return out


def test_every_internal_signature_parses_and_prints_back():
    for name, texts in signatures.NN.items():
        parser = arguments.Parser(texts)
        for s in parser.signatures:
            # torch prints a signature as its parameters with their types' Python names
            printed = str(s)
            assert printed.startswith("(") and printed.endswith(")"), name
            assert all(p.kind in arguments.KIND_NAMES for p in s.params), (name, printed)


def test_a_parse_reused_by_types_still_checks_what_depends_on_values():
    # the first call of each pair is remembered by its argument types; the second has the
    # same types, but torch refuses it for its value
    assert outcome("x = torch.ones(2, 3)\nx.softmax(torch.tensor(1))\n"
                   "x.softmax(torch.tensor(1.0))") == [
        ("TypeError", "softmax(): argument 'dim' (position 1) must be int, not Tensor")]
    assert outcome("x = torch.ones(2, 3)\nx.sum(0)\nx.sum(2**63)") == [
        ("ValueError", "Overflow when unpacking long long")]
    assert outcome("x = torch.ones(2)\nx * 2\nx.mul(2**64)") == [
        ("OverflowError", "int too big to convert")]


def test_reused_parses_rename_numpy_keywords_and_drop_none_options():
    parser = arguments.Parser(declared("Tensor", "sum").signatures)
    x = Tensor(np.ones((2, 3), np.float32))
    for _ in range(2):  # the second call reuses the first one's parse
        assert parser.arguments((), {"axis": 0, "keepdims": True}, None) == \
            ((), {"dim": 0, "keepdim": True})
    parser = arguments.Parser(declared("torch", "exp").signatures)
    for _ in range(2):
        assert parser.arguments((x,), {"out": None}, frozenset({"input"})) == ((x,), {})
    with pytest.raises(TorchError, match="not supported by gradcli"):
        parser.arguments((x,), {"out": x}, frozenset({"input"}))


def test_the_deprecated_add_overload_warns_once_per_session():
    events = run_json("import torch\nx = torch.ones(2)\ntorch.add(x, 2, x)\nx.add(3, x)\n"
                      "torch.sub(x, 2, x)\n", "t.py")["events"]
    warned = [e for e in events if e["kind"] == "warning"]
    assert [e["message"] for e in warned] == ["This overload of add is deprecated:"]
    values = [e["value"]["data"] for e in events if e["kind"] == "value"]
    assert values == [[3.0, 3.0], [4.0, 4.0], [-1.0, -1.0]]


def test_a_huge_ragged_list_is_refused_without_walking_it():
    start = time.process_time()
    assert outcome("a = [0.0] * 10**6\ntorch.tensor([[0]] + [a] * 10**4)") == [
        ("ValueError", "expected sequence of length 1 at dim 1 (got 1000000)")]
    assert time.process_time() - start < 10


RISKY_NUMPY = """\
import torch
h = torch.ones(2, dtype=torch.float16)
print(h * 2**63, h * 1e10)
d = torch.tensor([1e300, -1e300, float('nan')], dtype=torch.float64)
print(d.float(), d.long(), d.int(), d.half())
print(torch.ones(2) < d[:2], torch.tensor(0.0) / 0, torch.log(torch.tensor([0.0, -1.0])))
e = torch.ones(0)
print(e.mean(), e.var(), e.std(), e.sum(), e.prod())
print(torch.tensor([2.0]) ** 1e10, torch.exp(torch.tensor([1000.0])))
x = torch.tensor([1e30, 0.0], requires_grad=True)
(x * x).sum().backward()
print(x.grad)
"""


def test_numpy_warnings_never_reach_the_user(monkeypatch):
    old = np.seterr(all="warn")  # even with numpy told to warn (the engine tells it not to)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            run_json(RISKY_NUMPY, "t.py")
    finally:
        np.seterr(**old)
    assert [w for w in caught if issubclass(w.category, RuntimeWarning)] == []


def test_numpy_warnings_never_reach_the_terminal(tmp_path):
    script = tmp_path / "risky.py"
    script.write_text(RISKY_NUMPY)
    proc = subprocess.run([sys.executable, "-W", "always", "-m", "gradcli", "run", str(script)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "RuntimeWarning" not in proc.stdout + proc.stderr  # (torch's own warnings are shown)


TORCH_MESSAGES = """
import json, sys
import torch
names = json.loads(sys.argv[1])
x = torch.ones(1)
out = {}
for kind, name in names:
    f = torch.nn.functional.linear if name == "F.linear" else getattr(
        x if kind == "method" else torch, name)
    try:
        f(*[None] * 20)
    except Exception as e:
        out[kind + "." + name] = str(e)
print(json.dumps(out))
"""


@pytest.mark.oracle
def test_the_signature_tables_are_torchs_own():
    """Called with 20 Nones, torch lists its visible overloads (or says how many positional
    arguments its only one takes): the tables must say the same."""
    pytest.importorskip("torch")
    import json

    checked = {("torch" if d.namespace == "torch" else "method", d.name): d.signatures
               for d in DECLARED if d.namespace in ("torch", "Tensor") and d.signatures
               and not all(s.endswith("()") for s in d.signatures)}
    names = list(checked)
    proc = subprocess.run([sys.executable, "-c", TORCH_MESSAGES, json.dumps(names)],
                          capture_output=True, text=True, timeout=300, check=True)
    messages = json.loads(proc.stdout)
    for kind, name in names:
        visible = [s for s in arguments.Parser(checked[kind, name]).signatures if not s.hidden]
        message = messages[f"{kind}.{name}"]
        if "expected one of:" in message:
            assert [f" * {s}" for s in visible] == [
                line for line in message.splitlines() if line.startswith(" * ")], name
        elif "but expected (" in message:
            assert message.endswith(f"but expected {visible[0]}"), name
        else:
            (only,) = visible
            counted = only.max_pos_args + message.startswith("Tensor.")  # (Python's, self too)
            assert f"{only.name}() takes " in message and f"{counted} positional" \
                in message, (name, message)
