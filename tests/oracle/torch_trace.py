#!/usr/bin/env python3
"""Run session scripts under real PyTorch and print their event traces as JSON.

The oracle of the differential tests; same trace format as
../../../shared/conformance/torch_trace.py (see the output contract).

Usage (needs torch==2.13.0):
  python torch_trace.py SCRIPT.py            one trace, as JSON
  python torch_trace.py --many FILE...       one JSON object {file: trace}
  python torch_trace.py --write FILE...      write each trace to expected/STEM.json beside FILE
  python torch_trace.py --serve              read JSON lines {"source": ...} or {"path": ...}
                                             on stdin, answer
                                             each with one JSON line {"events": [...]}

`import torch` is paid once: with several files each script runs in a forked
child, so per-process state (warn-once warnings, grad mode, the RNG) starts
fresh for every script, exactly as in a run of its own.

Echo rule (the Python REPL's, as `code.InteractiveInterpreter` compiles a top-level statement in
'single' mode): every expression statement at the top level or inside its compound statements
(for, while, if, with, try) whose value is not None produces a `value` event; expression
statements inside a `def` or `class` body (docstrings included) are never echoed.
"""
import ast
import contextlib
import io
import json
import math
import os
import re
import sys
import warnings
from pathlib import Path


def encode(v):
    import torch

    if v is None or isinstance(v, (bool, str, int)):
        return v
    if isinstance(v, float):
        return _num(v)
    if isinstance(v, torch.Tensor):
        return {
            "type": "tensor",
            "dtype": str(v.dtype).replace("torch.", ""),
            "shape": list(v.shape),
            "data": _nums(v.detach().tolist()),
            "requires_grad": v.requires_grad,
            "grad_fn": type(v.grad_fn).__name__ if v.grad_fn is not None else None,
        }
    if isinstance(v, torch.Size):
        return list(v)
    if isinstance(v, (list, tuple)):
        return [encode(x) for x in v]
    if isinstance(v, torch.dtype):
        return str(v)
    if isinstance(v, torch.autograd.graph.Node):
        return {"type": "grad_fn", "name": type(v).__name__}
    return {"type": "repr", "text": re.sub(r" at 0x[0-9a-fA-F]+", "", repr(v))}


def _num(x):
    if isinstance(x, float) and not math.isfinite(x):
        return "nan" if math.isnan(x) else ("inf" if x > 0 else "-inf")
    return x


def _nums(d):
    return [_nums(x) for x in d] if isinstance(d, list) else _num(d)


class _Echo(ast.NodeTransformer):
    def _scope(self, node):  # a new scope: CPython's REPL echoes nothing inside it
        return node

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = visit_Lambda = _scope

    def visit_Expr(self, node):
        self.generic_visit(node)
        call = ast.Call(func=ast.Name(id="__echo__", ctx=ast.Load()),
                        args=[node.value, ast.Constant(node.lineno)], keywords=[])
        return ast.copy_location(ast.Expr(call), node)



class _Stream:
    """sys.stdout / sys.stderr while a script runs: what it writes (sys.stderr.write, a
    logging handler) is its print events, as gradcli's are."""

    def __init__(self, write, name):
        self._write, self.name = write, name

    def write(self, text):
        self._write(text, self.name)
        return len(text)

    def flush(self):
        pass


def _printed(line, text, stream):
    event = {"kind": "print", "line": line, "text": text}
    return event if stream == "stdout" else {**event, "stream": stream}


def _script_line(path):
    """The line of the script that is running (a logging call writes from deep inside
    logging)."""
    frame = sys._getframe(1)
    while frame is not None and frame.f_code.co_filename != path:
        frame = frame.f_back
    return frame.f_lineno if frame is not None else 0

@contextlib.contextmanager
def _tqdm_draws_nothing():
    """tqdm's bar (drawn on stderr, timed by the clock, never the same twice) goes nowhere
    while a script runs, as gradcli's stand-in draws none; tqdm.write still prints."""
    try:
        from tqdm import std
    except ImportError:
        yield
        return
    original = std.tqdm.__init__

    def init(self, *args, **kwargs):
        kwargs.setdefault("file", io.StringIO())
        original(self, *args, **kwargs)
    std.tqdm.__init__ = init
    try:
        yield
    finally:
        std.tqdm.__init__ = original


def trace(path):
    """Run one script in this process; return {"events": [...]}."""
    import torch
    import torch.nn.functional as F

    # one thread, always: a forked child may or may not get the parent's OpenMP pool, and a
    # convolution's sums then differ in a last printed digit from one trace to the next
    torch.set_num_threads(1)
    path = str(path)
    tree = _Echo().visit(ast.parse(Path(path).read_text(), path))
    ast.fix_missing_locations(tree)
    code = compile(tree, path, "exec")
    events = []

    pending = []  # a line print() left unfinished (end=""): [text, line, stream]

    def flush():
        if pending:
            text, line, stream = pending.pop()
            events.append(_printed(line, text, stream))

    def echo(value, line):
        if value is not None:
            flush()
            events.append({"kind": "value", "line": line, "value": encode(value)})

    def write(text, stream):
        # one event per line printed; an unfinished line waits for the rest of it (a line
        # on the other stream ends it)
        line = _script_line(path)
        if pending and pending[0][2] != stream:
            flush()
        if pending:  # (a line ends at the print that ends it; flushed, where it began)
            earlier, began, _ = pending.pop()
            text = earlier + text
        else:
            began = line
        if text.endswith("\n"):
            events.append(_printed(line, text[:-1], stream))
        else:
            pending.append([text, began, stream])

    def _print(*args, sep=" ", end="\n", file=None, **_):
        if file is not None and file not in (sys.stdout, sys.stderr):
            return print(*args, sep=sep, end=end, file=file)  # (Python's own error for it)
        write((" " if sep is None else sep).join(str(a) for a in args) +
              ("\n" if end is None else end), "stderr" if file is sys.stderr else "stdout")

    def _warn(message, category, filename, lineno, file=None, line=None):
        if filename == path:
            flush()
            text = str(message).splitlines()[0] if str(message) else ""
            text = text.split(" (Triggered internally at")[0]
            events.append({"kind": "warning", "line": lineno, "type": category.__name__,
                           "message": text})

    env = {"__name__": "__main__", "torch": torch, "F": F, "__echo__": echo, "print": _print}
    streams = (contextlib.redirect_stdout(_Stream(write, "stdout")),
               contextlib.redirect_stderr(_Stream(write, "stderr")))
    with warnings.catch_warnings(), streams[0], streams[1], _tqdm_draws_nothing():
        warnings.simplefilter("default")  # what a user sees: once per line
        warnings.showwarning = _warn
        try:
            exec(code, env)
        except Exception as e:  # the script's own uncaught error ends it, as in Python
            tb, line = e.__traceback__, None
            while tb is not None:
                if tb.tb_frame.f_code.co_filename == path:
                    line = tb.tb_lineno
                tb = tb.tb_next
            flush()
            events.append({"kind": "error", "line": line, "type": type(e).__name__,
                           "message": str(e).splitlines()[0] if str(e) else ""})
    flush()
    return {"events": events}


def trace_isolated(path):
    """trace(path) in a forked child, so nothing leaks between scripts."""
    # torch imported once, before forking, and with it what torch imports on an optimizer's
    # first construction (torch._compile's _disable_dynamo; ~800 modules, sympy among them),
    # which took ~1 s in every child
    import torch._dynamo  # noqa: F401

    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # child
        os.close(r)
        try:
            out = json.dumps(trace(path)).encode()
        except BaseException as e:  # a broken script file, not a script error
            out = json.dumps({"events": [], "oracle_error": repr(e)}).encode()
        with os.fdopen(w, "wb") as f:
            f.write(out)
        os._exit(0)
    os.close(w)
    with os.fdopen(r, "rb") as f:
        data = f.read()
    _, status = os.waitpid(pid, 0)
    if not data:
        return {"events": [], "oracle_error": f"child died (wait status {status})"}
    return json.loads(data)


def serve(stdin, stdout):
    """Trace program after program sent as JSON lines (the property test's oracle): one
    `import torch` for all of them, each run in a fork of its own, from a file of its own."""
    import tempfile

    import torch  # noqa: F401

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "program.py")
        for line in stdin:
            request = json.loads(line)
            if "path" in request:  # a script file, traced where it lies
                stdout.write(json.dumps(trace_isolated(request["path"])) + "\n")
                stdout.flush()
                continue
            with open(path, "w") as f:
                f.write(request["source"])
            stdout.write(json.dumps(trace_isolated(path)) + "\n")
            stdout.flush()


def main(argv):
    if argv[:1] == ["--serve"]:
        serve(sys.stdin, sys.stdout)
    elif argv[:1] == ["--many"]:
        print(json.dumps({p: trace_isolated(p) for p in argv[1:]}))
    elif argv[:1] == ["--write"]:
        for p in map(Path, argv[1:]):
            out = p.parent / "expected" / f"{p.stem}.json"
            out.parent.mkdir(exist_ok=True)
            out.write_text(json.dumps(trace_isolated(p), indent=1) + "\n")
            print(out)
    elif len(argv) == 1:
        print(json.dumps(trace(argv[0]), indent=1))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
