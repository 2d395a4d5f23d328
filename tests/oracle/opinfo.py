"""PyTorch's own OpInfo and ModuleInfo samples as gradcli session scripts (issue #29).

PyTorch's test-suite describes its operators in
`torch.testing._internal.common_methods_invocations.op_db` (OpInfos) and its modules in
`torch.testing._internal.common_modules.module_db` (ModuleInfos), each with a generator of
sample inputs. Here every float32 CPU sample of a differentiable op (the first MAX_SAMPLES)
becomes a session script that anyone could paste:

    a0 = torch.tensor([[0.5, -1.25], ...], requires_grad=True)   # the sample's exact values
    out = torch.add(a0, a1, alpha=2)                             # the op by its public name
    out
    loss = (out * torch.tensor([...])).sum()                     # fixed weights, as literals
    loss.backward()
    [a0.grad, a1.grad]

and runs under real PyTorch (torch_trace.trace, in this process: torch is imported here anyway
to read op_db) and under gradcli (run_json, with the check). The traces are compared at core
level by compare.py; gradcli's check must report no mismatch.

A module sample constructs the module by its public name, copies into every parameter and
buffer the values PyTorch's module got after torch.manual_seed(0), runs forward on literal
inputs, and echoes the output and the gradients of the inputs and of every parameter.

Needs torch and expecttest (torch's test internals import it). Nothing is cached on disk: the
samples are generated afresh, deterministically (torch.manual_seed(0) before each op's samples).
"""
from __future__ import annotations

import math
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from .compare import differences

MAX_SAMPLES = 8  # per op or module: bounds the time, and 8 samples cover an op's kinds of call
# a sample with more elements in all is passed over: the check's time grows with the elements
# (a broadcasting div of 300 elements takes it ~10 s), and edge cases live in small samples
MAX_ELEMENTS = 300
MAX_ALONE = 4096  # when no sample is that small: the smallest one, if under this
MAX_PARAMETERS = 4096  # a module's parameters and buffers
MAX_LOOKED_AT = 64  # samples looked at for the MAX_SAMPLES small enough
SEED = "_ = torch.manual_seed(0)"  # first line of every script: random ops (dropout) compare too

COVERED, PARTIAL, REJECTED, FAILING = "covered", "partial", "rejected", "failing"
SKIPPED = "skipped"


class Unwritable(Exception):
    """A sample that cannot be written as a session script (a complex tensor, an object with
    no literal form, an op with no public name)."""


# ---- literals --------------------------------------------------------------------------------

def _float(x: float) -> str:
    if math.isnan(x):
        return "float('nan')"
    if math.isinf(x):
        return "float('inf')" if x > 0 else "-float('inf')"
    return repr(x)  # the shortest text that reads back as this double: exact for a float32


def _nested(data) -> str:
    if isinstance(data, list):
        return "[" + ", ".join(_nested(x) for x in data) + "]"
    if isinstance(data, bool):
        return repr(data)
    if isinstance(data, float):
        return _float(data)
    return repr(data)


class Writer:
    """The lines of one script: tensors that require grad become named leaves `a0, a1, ...`,
    other values literals."""

    def __init__(self):
        self.lines: list[str] = []
        self.leaves: list[str] = []
        self._names: dict[int, str] = {}

    def tensor_literal(self, t, requires_grad: bool = False) -> str:
        import torch

        if t.is_complex() or t.layout != torch.strided or t.is_quantized:
            raise Unwritable(f"a {t.dtype} {t.layout} tensor")
        dtype = str(t.dtype)
        if dtype not in DTYPES:
            raise Unwritable(f"a {dtype} tensor")
        kw = ("" if t.dtype == torch.float32 else f", dtype={dtype}") + \
            (", requires_grad=True" if requires_grad else "")
        if t.numel() == 0:
            return f"torch.zeros({tuple(t.shape)!r}{kw})"
        return f"torch.tensor({_nested(t.detach().tolist())}{kw})"

    def value(self, v) -> str:
        import torch
        import torch.nn.functional as F

        if isinstance(v, torch.Tensor):
            if not v.requires_grad:
                return self.tensor_literal(v)
            if id(v) not in self._names:
                name = f"a{len(self.leaves)}"
                self.lines.append(f"{name} = {self.tensor_literal(v, requires_grad=True)}")
                self.leaves.append(name)
                self._names[id(v)] = name
            return self._names[id(v)]
        if v is None or isinstance(v, (bool, int, str)):
            return repr(v)
        if isinstance(v, float):
            return _float(v)
        if isinstance(v, torch.dtype):
            return str(v)
        if callable(v) and getattr(F, getattr(v, "__name__", "_"), None) is v:
            return f"F.{v.__name__}"  # an activation passed to a module: F.gelu
        if isinstance(v, torch.nn.PairwiseDistance):  # triplet_margin_with_distance_loss's
            return (f"torch.nn.PairwiseDistance(p={_float(float(v.norm))}, eps={_float(v.eps)}, "
                    f"keepdim={v.keepdim})")
        if isinstance(v, torch.Size):
            v = tuple(v)
        if isinstance(v, list):
            return "[" + ", ".join(self.value(x) for x in v) + "]"
        if isinstance(v, tuple):
            inner = ", ".join(self.value(x) for x in v)
            return f"({inner},)" if len(v) == 1 else f"({inner})"
        raise Unwritable(f"an argument of type {type(v).__name__}")

    def call(self, path: str, method: bool, inp, args, kwargs) -> str:
        parts = [self.value(a) for a in args] + [f"{k}={self.value(v)}" for k, v in kwargs.items()]
        if method:
            return f"{self.value(inp)}.{path}({', '.join(parts)})"
        return f"{path}({', '.join([self.value(inp), *parts])})"

    def weighted_sum(self, out, expr: str = "out") -> str | None:
        """`loss = ...`: the sum of each differentiable output times fixed weights; None if no
        output requires grad."""
        import torch

        terms = []
        if isinstance(out, torch.Tensor):
            outs = [(expr, out)]
        elif isinstance(out, (tuple, list)):
            outs = [(f"{expr}[{i}]", o) for i, o in enumerate(out)]
        else:
            return None
        for text, o in outs:
            if isinstance(o, torch.Tensor) and o.requires_grad and o.is_floating_point():
                w = weights(tuple(o.shape), len(terms))
                terms.append(f"({text} * {self.tensor_literal(w)}).sum()")
        return " + ".join(terms) or None


def weights(shape: tuple, salt: int):
    """Fixed weights of a shape: multiples of 1/4 in [-1.5, 1.5], never 0, exact in float32."""
    import torch

    n = math.prod(shape)
    values = [((k * 7 + salt * 3 + 2) % 12 - 6) / 4 or 1.5 for k in range(n)]
    return torch.tensor(values, dtype=torch.float32).reshape(shape)


DTYPES = {"torch.float32", "torch.float64", "torch.int64", "torch.int32", "torch.bool",
          "torch.float16", "torch.bfloat16", "torch.int16", "torch.int8", "torch.uint8"}


def _elements(v) -> int:
    import torch

    if isinstance(v, torch.Tensor):
        return v.numel()
    if isinstance(v, (list, tuple)):
        return sum(_elements(x) for x in v)
    if isinstance(v, dict):
        return sum(_elements(x) for x in v.values())
    return 0


# ---- ops --------------------------------------------------------------------------------------

def op_key(op) -> str:
    return f"{op.name}.{op.variant_test_name}" if op.variant_test_name else op.name


def differentiable_ops() -> list:
    """The OpInfos that support autograd in float32 on the CPU, in op_db's order."""
    import torch
    from torch.testing._internal.common_methods_invocations import op_db

    return [op for op in op_db if op.supports_autograd
            and torch.float32 in op.supported_dtypes("cpu")]


def public_path(op) -> tuple[str, bool]:
    """(path, method): the op's public name (`torch.add`, `F.relu`, `torch.linalg.det`), or its
    method name when only the method is public. Unwritable when neither is."""
    import torch
    import torch.nn.functional as F

    f = op.op
    name = getattr(f, "__name__", "") or ""
    short = op.name.split(".")[-1]
    candidates = [name, short, op.aten_name or ""]
    candidates += [c.split("_", 1)[1] for c in candidates if "_" in c]
    spaces = (("torch", torch), ("F", F), ("torch.linalg", torch.linalg),
              ("torch.special", torch.special), ("torch.fft", torch.fft))
    for prefix, space in spaces:
        for c in candidates:
            if c and not c.startswith("_") and getattr(space, c, None) is f:
                return f"{prefix}.{c}", False
    m = op.method_variant
    if m is not None and not short.startswith("_") and getattr(torch.Tensor, short, None) is m:
        return short, True
    if getattr(f, "__name__", "") == "<lambda>":
        # a wrapper of op_db's own (dropout's, embedding's): the public function of the op's
        # name, when there is one; a call that then fails under torch where the wrapper's did
        # not marks the sample unwritable (judge), so a wrong guess is never counted
        *space, last = op.name.split(".")
        prefix = {"": "torch", "nn.functional": "F", "linalg": "torch.linalg",
                  "special": "torch.special"}.get(".".join(space))
        if prefix and not last.startswith("_") and callable(_resolve(f"{prefix}.{last}", None)):
            return f"{prefix}.{last}", False
    raise Unwritable(f"no public name: {getattr(f, '__module__', '?')}.{name}")


@dataclass
class Case:
    """One sample written as a script, or why it could not be."""
    key: str
    index: int
    source: str | None = None
    unwritable: str | None = None
    raises: bool = False  # the OpInfo's own call of the sample raised: an error sample


def op_cases(op, max_samples: int = MAX_SAMPLES) -> list[Case]:
    """The op's first float32 CPU samples as scripts (torch.manual_seed(0) first: the same
    samples every time)."""
    import torch

    key = op_key(op)
    try:
        path, method = public_path(op)
    except Unwritable as e:
        return [Case(key, 0, unwritable=str(e))]
    torch.manual_seed(0)
    cases = []
    try:
        samples = op.sample_inputs("cpu", torch.float32, requires_grad=True)
        smallest = None
        for i, sample in enumerate(samples):
            if len(cases) >= max_samples or i >= MAX_LOOKED_AT:
                break
            n = _elements([sample.input, sample.args, sample.kwargs])
            if n <= MAX_ELEMENTS:
                cases.append(_op_case(op, key, i, path, method, sample))
            elif n <= MAX_ALONE and (smallest is None or n < smallest[0]):
                smallest = (n, i, sample)
        if not cases and smallest:
            cases.append(_op_case(op, key, smallest[1], path, method, smallest[2]))
        if not cases:
            cases.append(Case(key, 0, unwritable=f"every sample has over {MAX_ELEMENTS} elements"))
    except Exception as e:  # noqa: BLE001 - torch's generator itself failed on this machine
        cases.append(Case(key, len(cases), unwritable=f"sample_inputs raised {e!r}"))
    return cases


def _op_case(op, key, i, path, method, sample) -> Case:
    import torch

    w = Writer()
    raises = False
    try:
        call = w.call(path, method, sample.input, sample.args, sample.kwargs)
        with torch.random.fork_rng():
            raises = _raises(op.op, sample.input, sample.args, sample.kwargs)
            fn = getattr(sample.input, path) if method else _resolve(path)
            args = sample.args if method else (sample.input, *sample.args)
            try:
                torch.manual_seed(0)
                out = fn(*args, **sample.kwargs)
            except Exception as e:  # noqa: BLE001 - an error sample: the script shows the error
                if not raises and op.name.endswith("_") and not method and \
                        isinstance(sample.input, torch.Tensor):
                    # an in-place op: op_db calls it on a clone of the leaf (zero_)
                    return _op_case_cloned(op, key, i, path, sample, w)
                if not raises:
                    raise Unwritable(f"{call} raises where op_db's call does not: {e!r}"[:300])
                out = None
        w.lines = [SEED, *w.lines, f"out = {call}", "out"]
        loss = w.weighted_sum(out)
    except Unwritable as e:
        return Case(key, i, unwritable=str(e))
    if loss is not None:
        w.lines += [f"loss = {loss}", "loss.backward()"]
        if w.leaves:
            w.lines.append(f"[{', '.join(n + '.grad' for n in w.leaves)}]")
    return Case(key, i, source="\n".join(w.lines) + "\n", raises=raises)


def _op_case_cloned(op, key, i, path, sample, w) -> Case:
    import torch

    inp = sample.input
    call = w.call(path, False, inp, sample.args, sample.kwargs)
    name = w.value(inp)
    call = call.replace(f"{path}({name}", f"{path}({name}.clone()", 1)
    torch.manual_seed(0)
    out = _resolve(path)(inp.clone(), *sample.args, **sample.kwargs)
    w.lines = [SEED, *w.lines, f"out = {call}", "out"]
    loss = w.weighted_sum(out)
    if loss is not None:
        w.lines += [f"loss = {loss}", "loss.backward()", f"[{name}.grad]"]
    return Case(key, i, source="\n".join(w.lines) + "\n")


def _raises(f, inp, args, kwargs) -> bool:
    """Whether op_db's own call of a sample raises (an error sample)."""
    import torch

    torch.manual_seed(0)
    try:
        f(inp, *args, **kwargs)
    except Exception:  # noqa: BLE001
        return True
    return False


def _resolve(path: str, *default):
    import torch
    import torch.nn.functional as F

    head, *rest = path.split(".")
    obj = F if head == "F" else torch
    for part in rest:
        obj = getattr(obj, part, *default)
    return obj


# ---- modules ----------------------------------------------------------------------------------

def module_key(info) -> str:
    return f"{info.name}.{info.variant_name}" if getattr(info, "variant_name", "") else info.name


def all_modules() -> list:
    from torch.testing._internal.common_modules import module_db

    return list(module_db)


def module_path(info) -> str:
    import torch

    cls = info.module_cls
    if getattr(torch.nn, cls.__name__, None) is cls:
        return f"torch.nn.{cls.__name__}"
    raise Unwritable(f"no public name: {cls.__module__}.{cls.__name__}")


def _attribute(name: str) -> str:
    return "m" + "".join(f"[{p}]" if p.isdigit() else f".{p}" for p in name.split("."))


def module_cases(info, max_samples: int = MAX_SAMPLES) -> list[Case]:
    import torch

    key = module_key(info)
    try:
        path = module_path(info)
    except Unwritable as e:
        return [Case(key, 0, unwritable=str(e))]
    torch.manual_seed(0)
    cases = []
    try:
        inputs = info.module_inputs_func(info, device="cpu", dtype=torch.float32,
                                         requires_grad=True, training=True)
        smallest = None
        for i, mi in enumerate(inputs):
            if len(cases) >= max_samples or i >= MAX_LOOKED_AT:
                break
            fwd = mi.forward_input
            n = _elements([fwd.args, fwd.kwargs]) if fwd is not None else MAX_ALONE + 1
            if n <= MAX_ELEMENTS:
                cases.append(_module_case(key, i, path, info, mi))
            elif n <= MAX_ALONE and (smallest is None or n < smallest[0]):
                smallest = (n, i, mi)
        if not cases and smallest:
            cases.append(_module_case(key, smallest[1], path, info, smallest[2]))
        if not cases:
            cases.append(Case(key, 0, unwritable=f"no sample under {MAX_ELEMENTS} elements"))
    except Exception as e:  # noqa: BLE001 - torch's generator itself failed on this machine
        cases.append(Case(key, len(cases), unwritable=f"module_inputs_func raised {e!r}"))
    return cases


def _module_case(key, i, path, info, mi) -> Case:
    import torch

    ctor, fwd = mi.constructor_input, mi.forward_input
    w = Writer()
    raises = False
    try:
        args = [w.value(a) for a in ctor.args] + \
            [f"{k}={w.value(v)}" for k, v in ctor.kwargs.items()]
        torch.manual_seed(0)
        module = info.module_cls(*ctor.args, **ctor.kwargs)
        module.train()
        # (a lazy module's parameters have no values until its forward: the script's forward,
        # after its seed, draws them as torch's)
        state = [(n, t) for n, t in [*module.named_parameters(), *module.named_buffers()]
                 if not torch.nn.parameter.is_lazy(t)]
        if sum(t.numel() for _, t in state) > MAX_PARAMETERS:
            return Case(key, i, unwritable=f"more than {MAX_PARAMETERS} parameter elements")
        head = [SEED, f"m = {path}({', '.join(args)})"]
        # (a private buffer, FractionalMaxPool's _random_samples, is the constructor's argument,
        # not a seeded draw; and no session can name it)
        state = [(n, t) for n, t in state if not n.rpartition(".")[2].startswith("_")]
        if state:
            head.append("with torch.no_grad():")
            head += [f"    {_attribute(n)}.copy_({w.tensor_literal(t.detach())})" for n, t in state]
        parts = [w.value(a) for a in fwd.args] + \
            [f"{k}={w.value(v)}" for k, v in fwd.kwargs.items()]
        torch.manual_seed(0)
        try:
            out = module(*fwd.args, **fwd.kwargs)
        except Exception:  # noqa: BLE001 - an error sample: the script shows the error
            out, raises = None, True
        lines = [*head, *w.lines, SEED, f"out = m({', '.join(parts)})", "out"]
        w.lines = lines
        loss = w.weighted_sum(out)
    except Unwritable as e:
        return Case(key, i, unwritable=str(e))
    if loss is not None:
        w.lines += [f"loss = {loss}", "loss.backward()"]
        grads = [n + ".grad" for n in w.leaves] + \
            [_attribute(n) + ".grad" for n, p in module.named_parameters()]
        if grads:
            w.lines.append(f"[{', '.join(grads)}]")
    return Case(key, i, source="\n".join(w.lines) + "\n", raises=raises)


# ---- running and judging ------------------------------------------------------------------------

def torch_trace(source: str) -> dict:
    """PyTorch's trace of a script, run in this process by torch_trace.trace."""
    from . import torch_trace as tracer

    fd, path = tempfile.mkstemp(suffix=".py", prefix="opinfo_")
    try:
        with os.fdopen(fd, "w") as f:
            f.write(source)
        return tracer.trace(path)
    finally:
        Path(path).unlink()


def gradcli_result(source: str, name: str) -> dict:
    from gradcli.app.api import run_json
    from gradcli.app.running import RunOptions
    from gradcli.engine.limits import Limits

    return run_json(source, name, RunOptions(limits=Limits(max_seconds=600)))


@dataclass
class Verdict:
    """How one case went: ok, or the first thing that differs."""
    case: Case
    ok: bool
    rejected: str | None = None  # gradcli's validator refused the script
    problem: str | None = None
    written: bool = True  # False: no fair script (unwritable, or torch fails on the script)


def judge(case: Case) -> Verdict:
    if case.source is None:
        return Verdict(case, False, problem=f"unwritable: {case.unwritable}", written=False)
    actual = gradcli_result(case.source, f"{case.key}#{case.index}.py")
    if actual.get("status") == "invalid":
        bad = next((e for e in actual["events"] if e.get("kind") == "invalid"), {})
        return Verdict(case, False, rejected=bad.get("message", "invalid"))
    expected = torch_trace(case.source)
    error = next((e for e in expected["events"] if e["kind"] == "error"), None)
    if "oracle_error" in expected or (error and not case.raises):
        what = expected.get("oracle_error") or f"{error['type']}: {error['message']}"
        return Verdict(case, False, written=False,
                       problem=f"unwritable: torch fails on the script, not on the sample: {what}")
    diffs = differences(expected, actual, scaled=True)
    if diffs:
        return Verdict(case, False, problem=diffs[0])
    if actual.get("status") == "mismatch" or actual.get("summary", {}).get("mismatches"):
        return Verdict(case, False, problem="the check reports a mismatch")
    if actual.get("status") == "internal":
        return Verdict(case, False, problem="gradcli internal error")
    return Verdict(case, True)


@dataclass
class Status:
    key: str
    status: str
    verdicts: list[Verdict] = field(default_factory=list)

    @property
    def reason(self) -> str:
        written = [v for v in self.verdicts if v.written]
        bad = [v for v in written if not v.ok] or [v for v in self.verdicts if not v.ok]
        if not bad:
            return ""
        v = bad[0]
        what = v.rejected or v.problem or ""
        return f"{len(bad)} of {len(written)} written samples differ; " \
            f"sample {v.case.index}: {what}" if written else f"sample {v.case.index}: {what}"


def classify(key: str, cases: list[Case]) -> Status:
    """covered: every sample matches; partial: some do; rejected: gradcli refuses the name;
    failing: none matches; skipped: no sample could be written."""
    verdicts = [judge(c) for c in cases]
    ran = [v for v in verdicts if v.written]
    if not ran:
        return Status(key, SKIPPED, verdicts)
    if all(v.rejected for v in ran):
        return Status(key, REJECTED, verdicts)
    if all(v.ok for v in ran):
        return Status(key, COVERED, verdicts)
    return Status(key, PARTIAL if any(v.ok for v in ran) else FAILING, verdicts)
