#!/usr/bin/env python3
"""Benchmarks: gradcli against python + PyTorch on the same scripts, side by side.

    python scripts/bench.py              # every workload, 5 interleaved rounds
    python scripts/bench.py --rounds 9 --only mlp chain
    python scripts/bench.py --formats plain          # plain output only (the quickest)
    python scripts/bench.py --formats plain,json,jsonl   # every output format everywhere
    python scripts/bench.py --smoke      # tiny sizes, one round, no targets (what CI runs)

Whole-process wall time, one thread each (OMP/MKL/OpenBLAS pinned to 1), medians with the
min-max spread; ratios are gradcli / PyTorch, so below 1 is faster. Each gradcli run is
measured in the output format users run: `plain` for every workload, and by default `json`
and `jsonl` too where the output is big (the chains, the MLP, the nn loops), one line per
format, each with its own ratio, peak memory (gradcli's / the reference's, MiB) and output
size (stdout + stderr). Then figures for the engine alone: bytes per graph node, time per
node from 1e3 to 1e6 nodes, and big-tensor ops against hand-written numpy; and what the
symbolic check costs on large sessions.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ENV = {**os.environ, "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1",
       "NO_COLOR": "1"}
# Installed packages run from cached bytecode (pip compiles it, as PyTorch's was): so does
# gradcli here, even from a checkout whose environment says not to write any.
ENV.pop("PYTHONDONTWRITEBYTECODE", None)
os.environ.update({k: ENV[k] for k in ("OMP_NUM_THREADS", "MKL_NUM_THREADS",
                                        "OPENBLAS_NUM_THREADS")})

ACCUMULATE = """import torch
x = torch.ones(1, requires_grad=True)
y = x**2
z = x**3
y.backward()
x.grad
z.backward()
x.grad
x.grad.zero_()
"""
CHAIN = """import torch
x = torch.ones(1, requires_grad=True)
y = x
for i in range({n}):
    y = y * 1.00001
y.backward()
x.grad
"""
CHAIN2 = """import torch
x = torch.ones(1, requires_grad=True)
y = x
for i in range({n}):
    y = y * 1.0001 + 0.001
y.backward()
x.grad
"""
# The two-op chain through a function call: a `def`, a method, a closure (issue 18: calls may
# cost gradcli no more, against PyTorch, than the inline loop does)
CALL = """import torch
def step(y):
    return y * 1.0001 + 0.001
x = torch.ones(1, requires_grad=True)
y = x
for i in range({n}):
    y = step(y)
y.backward()
x.grad
"""
METHOD = """import torch
class Stepper:
    def __init__(self, a):
        self.a = a
    def step(self, y):
        return y * self.a + 0.001
s = Stepper(1.0001)
x = torch.ones(1, requires_grad=True)
y = x
for i in range({n}):
    y = s.step(y)
y.backward()
x.grad
"""
CLOSURE = """import torch
def make(a):
    def step(y):
        return y * a + 0.001
    return step
step = make(1.0001)
x = torch.ones(1, requires_grad=True)
y = x
for i in range({n}):
    y = step(y)
y.backward()
x.grad
"""
ELEMENTWISE = """import torch
torch.manual_seed(0)
x = torch.rand({n}, requires_grad=True)
for step in range(10):
    y = ((x.sin() * x + x.exp()).tanh() * 0.5).sum()
    y.backward()
x.grad.sum()
"""
MLP = """import torch
torch.manual_seed(0)
X = torch.randn({n}, 64)
Y = torch.randn({n}, 1)
W1 = (torch.randn(64, 64) * 0.1).requires_grad_()
b1 = torch.zeros(64, requires_grad=True)
W2 = (torch.randn(64, 1) * 0.1).requires_grad_()
b2 = torch.zeros(1, requires_grad=True)
for step in range({steps}):
    h = torch.tanh(X @ W1 + b1)
    pred = h @ W2 + b2
    loss = ((pred - Y) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        for p in [W1, b1, W2, b2]:
            p -= 0.01 * p.grad
            p.grad.zero_()
loss
"""
MMCHAIN = """import torch
torch.manual_seed(0)
x = torch.randn({n}, {n})
layers = [(torch.randn({n}, {n}) / {n} ** 0.5).requires_grad_() for _ in range(10)]
h = x
for W in layers:
    h = torch.tanh(h @ W)
h.sum().backward()
layers[0].grad.sum()
"""
CLASSIFIER = """import torch
import torch.nn as nn
torch.manual_seed(0)
X = torch.randn({n}, 64)
Y = torch.randint(0, 10, ({n},))
model = nn.Sequential(nn.Linear(64, 128), nn.Tanh(), nn.Linear(128, 10))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
loss_fn = nn.CrossEntropyLoss()
for step in range({steps}):
    opt.zero_grad()
    loss = loss_fn(model(X), Y)
    loss.backward()
    opt.step()
loss
"""
LSTM = """import torch
import torch.nn as nn
torch.manual_seed(0)
lstm = nn.LSTM(16, 32, num_layers=2)
x = torch.randn({seq}, 8, 16)
for step in range({steps}):
    lstm.zero_grad()
    out, (h, c) = lstm(x)
    out.sum().backward()
lstm.weight_hh_l0.grad.sum()
"""
# PyTorch's tutorial two_layer_net_autograd.py, shrunk (issue 15): 8x6 inputs, 5 hidden units,
# 2 outputs; its `device=` arguments left out (gradcli has no torch.device yet)
TUTORIAL = """import torch
dtype = torch.float
N, D_in, H, D_out = 8, 6, 5, 2
torch.manual_seed(0)
x = torch.randn(N, D_in, dtype=dtype)
y = torch.randn(N, D_out, dtype=dtype)
w1 = torch.randn(D_in, H, dtype=dtype, requires_grad=True)
w2 = torch.randn(H, D_out, dtype=dtype, requires_grad=True)
learning_rate = 1e-6
for t in range({steps}):
    y_pred = x.mm(w1).clamp(min=0).mm(w2)
    loss = (y_pred - y).pow(2).sum()
    if t % 5 == 4:
        print(t, loss.item())
    loss.backward()
    with torch.no_grad():
        w1 -= learning_rate * w1.grad
        w2 -= learning_rate * w2.grad
        w1.grad.zero_()
        w2.grad.zero_()
"""
ACCUMULATE_NN = ACCUMULATE.replace("import torch\n", "import torch\nimport torch.nn\n", 1)
MATMUL = """import torch
torch.manual_seed(0)
A = torch.rand({n}, {n}, requires_grad=True)
B = torch.rand({n}, {n})
(A @ B).tanh().sum().backward()
A.grad.sum()
"""
def _lm_training(model: str, optimizer: str) -> str:
    """A language model's training loop: next-token cross-entropy on B random sequences of
    T + 1 tokens of a vocabulary of V, `{steps}` steps (a template, as the workloads are)."""
    return f"""model = {model}()
opt = torch.optim.{optimizer}
data = torch.randint(0, V, (B, T + 1))
for step in range({{steps}}):
    opt.zero_grad()
    logits = model(data[:, :-1])
    loss = F.cross_entropy(logits.reshape(-1, V), data[:, 1:].reshape(-1))
    loss.backward()
    opt.step()
print(round(loss.item(), 4))
"""


# The models of issue 35, where users go: each trained as its users write it, checked on every
# element. The tiny transformer LM: embedding 65x64, 2 layers of 4 heads, GELU feed-forward
# 256, causal mask, {batch} sequences of {tokens} tokens, AdamW
TRANSFORMER_LM = """import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
V, D, T, B = 65, 64, {tokens}, {batch}
class TinyLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(V, D)
        self.pos = nn.Parameter(torch.randn(T, D) * 0.02)
        layer = nn.TransformerEncoderLayer(D, 4, dim_feedforward=256, dropout=0.0,
                                           activation="gelu", batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers=2)
        self.head = nn.Linear(D, V)
    def forward(self, idx):
        mask = torch.triu(torch.full((T, T), float("-inf")), diagonal=1)
        h = self.encoder(self.embed(idx) + self.pos, mask=mask, is_causal=True)
        return self.head(h)
""" + _lm_training("TinyLM", "AdamW(model.parameters(), lr=1e-3)")
# LeNet-5 on 28x28 inputs (padded first convolution), SGD with momentum
LENET = """import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
model = nn.Sequential(
    nn.Conv2d(1, 6, 5, padding=2), nn.ReLU(), nn.MaxPool2d(2),
    nn.Conv2d(6, 16, 5), nn.ReLU(), nn.MaxPool2d(2),
    nn.Flatten(), nn.Linear(16 * 5 * 5, 120), nn.ReLU(),
    nn.Linear(120, 84), nn.ReLU(), nn.Linear(84, 10))
opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
x = torch.randn({batch}, 1, 28, 28)
y = torch.randint(0, 10, ({batch},))
for step in range({steps}):
    opt.zero_grad()
    loss = F.cross_entropy(model(x), y)
    loss.backward()
    opt.step()
print(round(loss.item(), 4))
"""
# A character-level LM: embedding 65x32, 2-layer LSTM(32, 64), a 65-way head, Adam
LSTM_LM = """import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
V, E, H, T, B = 65, 32, 64, {tokens}, {batch}
class LSTMLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(V, E)
        self.lstm = nn.LSTM(E, H, num_layers=2, batch_first=True)
        self.head = nn.Linear(H, V)
    def forward(self, idx):
        out, _ = self.lstm(self.embed(idx))
        return self.head(out)
""" + _lm_training("LSTMLM", "Adam(model.parameters(), lr=3e-3)")
# An MLP as nn.Sequential (ReLU, GELU), MSE, Adam
SEQUENTIAL_MLP = """import torch
import torch.nn as nn
torch.manual_seed(0)
X = torch.randn({n}, 32)
Y = torch.randn({n}, 1)
model = nn.Sequential(nn.Linear(32, 128), nn.ReLU(), nn.Linear(128, 128), nn.GELU(),
                      nn.Linear(128, 1))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for step in range({steps}):
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(X), Y)
    loss.backward()
    opt.step()
print(round(loss.item(), 4))
"""


@dataclass
class Workload:
    name: str
    script: str
    target: float | None  # the ratio to meet (gradcli / reference), None = informative
    # "torch"; "nocheck": the same script with --no-check; "one": `gradcli run` of one of the
    # `files` scripts that gradcli checks in one `gradcli check` process
    reference: str = "torch"
    note: str = ""
    files: int = 1
    # the output formats measured by default: json and jsonl too where the output is big
    formats: tuple[str, ...] = ("plain",)
    memory_target: bool = False  # peak RSS ≤ the reference process's (issue 18)
    rows: bool = False  # say how the check verified the gradient rows (issue 35's models)


ALL_FORMATS = ("plain", "json", "jsonl")


def workloads(smoke: bool) -> list[Workload]:
    s, every = smoke, ALL_FORMATS
    return [
        Workload("accumulate", ACCUMULATE, 0.40, note="the seed session, with the check"),
        Workload("chain", CHAIN.format(n=1000 if s else 100_000), 1.0,
                 note="1e5-op chain in a for loop, then backward", formats=every,
                 memory_target=True),
        Workload("chain2", CHAIN2.format(n=1000 if s else 100_000), 0.7,
                 note="1e5-step two-op chain (y * 1.0001 + 0.001), then backward",
                 formats=every),
        Workload("call", CALL.format(n=1000 if s else 100_000), 0.7,
                 note="chain2 with each step a call of a `def`"),
        Workload("method", METHOD.format(n=1000 if s else 100_000), 0.7,
                 note="chain2 with each step a method call (self.a read inside)"),
        Workload("closure", CLOSURE.format(n=1000 if s else 100_000), 0.7,
                 note="chain2 with each step a call of a closure"),
        Workload("elementwise", ELEMENTWISE.format(n=1000 if s else 1_000_000), 1.0,
                 note="10 passes over 1e6 float32 elements"),
        Workload("mlp", MLP.format(n=16 if s else 512, steps=3 if s else 200), 1.5,
                 note="200-step two-layer MLP, SGD under no_grad", formats=every,
                 memory_target=True),
        Workload("classifier", CLASSIFIER.format(n=16 if s else 512, steps=3 if s else 200),
                 1.0, note="200 Adam steps of Linear-Tanh-Linear, cross-entropy, 512 rows",
                 formats=every),
        Workload("lstm", LSTM.format(seq=3 if s else 20, steps=2 if s else 50), 1.5,
                 note="2-layer LSTM(16, 32), 20 steps, batch 8: forward + backward x50",
                 formats=every),
        Workload("accumulate-nn", ACCUMULATE_NN, 0.40,
                 note="the seed session importing torch.nn, with the check"),
        Workload("check-elementwise", ELEMENTWISE.format(n=1000 if s else 200_000), 2.0,
                 "nocheck", note="the check's cost: 200,000 elements, vs --no-check"),
        Workload("check-matmul", MATMUL.format(n=10 if s else 100), None, "nocheck",
                 note="the check's cost: 100x100 matmul, vs --no-check"),
        Workload("check-mlp", MLP.format(n=16 if s else 512, steps=3 if s else 200), 1.3,
                 "nocheck", note="the exact check of every element of the MLP, vs --no-check"),
        Workload("check-tutorial", TUTORIAL.format(steps=3 if s else 20), 3.0, "nocheck",
                 note="PyTorch's two_layer_net_autograd.py, 8x6 inputs, 20 steps, vs --no-check"),
        Workload("check-mmchain", MMCHAIN.format(n=8 if s else 512), 1.5, "nocheck",
                 note="ten 512x512 mm + tanh layers checked exactly, vs --no-check"),
        Workload("check-many", ACCUMULATE, 4.0, "one", files=5 if s else 100,
                 note="`gradcli check` of 100 small sessions vs `gradcli run` of one"),
        *model_workloads(smoke),
    ]


def model_workloads(smoke: bool) -> list[Workload]:
    """Issue 35's models, each against PyTorch and against --no-check, with the check."""
    s = smoke
    models = [
        ("transformer", TRANSFORMER_LM.format(tokens=8 if s else 32, batch=2 if s else 16,
                                              steps=2 if s else 30),
         "tiny transformer LM (2 layers, 4 heads, GELU, causal), 16x32 tokens, AdamW x30"),
        ("lenet", LENET.format(batch=2 if s else 32, steps=2 if s else 20),
         "LeNet-5 on 32 28x28 inputs, max-pool, SGD momentum x20"),
        ("lstm-lm", LSTM_LM.format(tokens=4 if s else 24, batch=2 if s else 16,
                                   steps=2 if s else 20),
         "embedding, 2-layer LSTM(32, 64), 65-way head, 16x24 tokens, Adam x20"),
        ("seq-mlp", SEQUENTIAL_MLP.format(n=16 if s else 256, steps=3 if s else 100),
         "nn.Sequential MLP (ReLU, GELU) on 256x32, MSE, Adam x100"),
    ]
    return [w for name, script, note in models for w in (
        Workload(name, script, 1.0, note=f"{note}, with the check", rows=True),
        Workload(f"check-{name}", script, 1.5, "nocheck", note=f"{note}: the check's cost"))]


def session_files(w: Workload, folder: Path) -> Path:
    """The workload's script, or a folder of `w.files` variants of it (other exponents)."""
    if w.files == 1:
        path = folder / f"{w.name}.py"
        path.write_text(w.script)
        return path
    batch = folder / w.name
    batch.mkdir()
    for i in range(w.files):
        (batch / f"session_{i:03d}.py").write_text(w.script.replace("**3", f"**{3 + i % 7}"))
    return batch


@dataclass
class Run:
    """One process's measures."""

    seconds: float
    rss_kib: int  # peak resident memory
    output_bytes: int  # what it wrote to stdout and stderr
    cpu_seconds: float = 0.0  # user + system: what a busy machine's wall clock stretches


def timed(cmd: list[str], cwd: str) -> Run:
    """Wall time, peak RSS and output size of one process."""
    # files, not pipes: a chatty run would block on a pipe; a file takes what a user's
    # redirection takes (/dev/null would hide the cost of writing the output)
    with tempfile.TemporaryFile() as out_file, tempfile.TemporaryFile() as err_file:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=cwd, env=ENV, stdout=out_file, stderr=err_file)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        written = os.fstat(out_file.fileno()).st_size + os.fstat(err_file.fileno()).st_size
        err_file.seek(0)
        err = err_file.read().decode(errors="replace")
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):  # 1: a mismatch is still a finished run
        raise RuntimeError(f"{' '.join(cmd)} exited {code}: {err.strip()[-400:]}")
    return Run(elapsed, usage.ru_maxrss, written, usage.ru_utime + usage.ru_stime)


def reference_cmd(reference: str, path: Path) -> list[str]:
    """What a workload's gradcli run is measured against (see Workload.reference)."""
    if reference == "torch":
        return [sys.executable, str(path)]
    if reference == "nocheck":
        return gradcli_cmd(path, check=False)
    return gradcli_cmd(next(path.iterdir()))  # "one": one of the files `check` runs


def gradcli_cmd(path: Path, check: bool = True, fmt: str = "plain") -> list[str]:
    # no time limit: a busy machine stretches the wall clock the limit counts (60 s)
    return [sys.executable, "-m", "gradcli", "run", str(path), "--format", fmt,
            "--max-seconds", "3600", *(() if check else ("--no-check",))]


def gradcli_check_cmd(folder: Path) -> list[str]:
    return [sys.executable, "-m", "gradcli", "check", str(folder)]


def has_torch() -> bool:
    return subprocess.run([sys.executable, "-c", "import torch"], env=ENV,
                          capture_output=True).returncode == 0


SPREAD = 26  # columns of a spread: the table stays aligned up to runs of 999 s


def spread(values: list[float]) -> str:
    text = f"{statistics.median(values):7.3f}s [{min(values):.3f}-{max(values):.3f}]"
    return text.ljust(SPREAD)


def measured_formats(w: Workload, chosen: tuple[str, ...] | None) -> tuple[str, ...]:
    """The workload's own formats, or those `--formats` chose; a workload measured against
    gradcli itself (the check's cost, `check` vs `run`) is measured in plain alone."""
    if w.reference != "torch":
        return ("plain",)
    return chosen or w.formats


def size(n: int) -> str:
    return f"{n / 1e6:.1f} MB" if n >= 100_000 else f"{n / 1e3:.1f} kB"


def measure(w: Workload, path: Path, formats: tuple[str, ...], rounds: int,
            cwd: str) -> tuple[list[Run], dict[str, list[Run]]]:
    """The reference's runs and gradcli's in each format, interleaved: who goes first
    alternates from round to round."""
    ref_cmd = reference_cmd(w.reference, path)
    ours: dict[str, list[Run]] = {fmt: [] for fmt in formats}
    theirs: list[Run] = []
    cmds = [(theirs, ref_cmd)] + [
        (ours[fmt], gradcli_check_cmd(path) if w.files > 1 else gradcli_cmd(path, fmt=fmt))
        for fmt in formats]
    for r in range(rounds):
        for sink, cmd in (cmds if r % 2 else cmds[::-1]):
            sink.append(timed(cmd, cwd))
    return theirs, ours


def workload_lines(w: Workload, theirs: list[Run], ours: dict[str, list[Run]],
                   smoke: bool) -> tuple[list[str], list[str]]:
    """One line per format (the reference's figures on the first) and the targets missed."""
    lines, missed = [], []
    ref_times = [run.seconds for run in theirs]
    ref_rss = max(run.rss_kib for run in theirs) // 1024
    for i, (fmt, runs) in enumerate(ours.items()):
        times = [run.seconds for run in runs]
        ratio = statistics.median(times) / statistics.median(ref_times)
        verdict = ""
        if w.target is not None and not smoke:
            verdict = f" {'✓' if ratio <= w.target else '✗'} (≤ {w.target}x)"
            if ratio > w.target:
                missed.append(f"{w.name} {fmt}")
        cpu = _median_ratio([run.cpu_seconds for run in runs],
                            [run.cpu_seconds for run in theirs])
        rss = max(run.rss_kib for run in runs) // 1024
        memory = f"{rss}/{ref_rss} MiB"
        if w.memory_target and not smoke:
            memory += " ✓" if rss <= ref_rss else " ✗"
            if rss > ref_rss:
                missed.append(f"{w.name} {fmt} memory")
        reference = f"{w.reference:7} {spread(ref_times)}" if i == 0 else " " * (8 + SPREAD)
        name, note = (w.name, f"   # {w.note}") if i == 0 else ("", "")
        lines.append(f"{name:17} {fmt:5} gradcli {spread(times)}  {reference}  ratio "
                     f"{ratio:5.2f}x{verdict:13} cpu {cpu} mem {memory:16} out "
                     f"{size(runs[-1].output_bytes):>8}{note}")
    return lines, missed


def _median_ratio(ours: list[float], theirs: list[float]) -> str:
    """Ours / theirs by medians, as a column ('  n/a' where the reference took no time)."""
    reference = statistics.median(theirs)
    return f"{statistics.median(ours) / reference:5.2f}x" if reference > 0 else "  n/a "


def check_rows(path: Path, cwd: str) -> str:
    """How the check verified a run's gradient rows: counts by method (its JSON output's
    rows), the structured ones apart, and how many are unchecked (numeric or sampled rows
    and rows not verified whole: issue 35 wants every model row exact)."""
    done = subprocess.run(gradcli_cmd(path, fmt="json"), cwd=cwd, env=ENV,
                          capture_output=True, text=True, check=False)
    report = json.loads(done.stdout)
    rows = [g for e in report["events"] if e["kind"] == "backward" for g in e["grads"]]
    methods = Counter(g["method"] for g in rows)
    structured = sum("structured" in (g.get("note") or "") for g in rows)
    unchecked = sum(bool(g.get("unchecked")) for g in rows)
    inexact = len(rows) - methods["symbolic"]
    by_method = ", ".join(f"{n} {m}" for m, n in methods.most_common())
    share = f"{inexact / len(rows):.0%}" if rows else "n/a"
    return (f"{'':17} rows  {len(rows)}: {by_method or 'none'} ({structured} structured); "
            f"not symbolic {share}, unchecked {unchecked}, status {report['status']}")


def run_workloads(rounds: int, smoke: bool, only: list[str] | None, torch: bool,
                  formats: tuple[str, ...] | None = None) -> list[str]:
    """Print each workload's lines as it finishes (a full run takes minutes); returns the
    line that lists the targets missed, if any."""
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        for w in workloads(smoke):
            if only and w.name not in only:
                continue
            if w.reference == "torch" and not torch:
                print(f"{w.name:17} skipped: torch not installed", flush=True)
                continue
            path = session_files(w, Path(tmp))
            theirs, ours = measure(w, path, measured_formats(w, formats), rounds, tmp)
            lines, missed = workload_lines(w, theirs, ours, smoke)
            failures += missed
            if w.rows:
                lines.append(check_rows(path, tmp))
            for line in lines:
                print(line, flush=True)
    return [f"targets missed: {', '.join(failures)}"] if failures else []


def check_scaling(smoke: bool) -> list[str]:
    """Exact (vectorised) checks must scale linearly in the number of elements: the cost of
    each further element stays the same from size to size (a fixed cost aside)."""
    from gradcli.app.api import run_session
    from gradcli.app.running import RunOptions

    sizes = (1_000, 2_000, 4_000) if smoke else (50_000, 100_000, 200_000)
    costs = []
    for n in sizes:
        src = ELEMENTWISE.format(n=n)
        checked = _best(lambda src=src: run_session(src, "s.py"), 5)
        unchecked = _best(lambda src=src: run_session(src, "s.py", RunOptions(check=False)), 5)
        costs.append(checked - unchecked)
    marginal = [(c1 - c0) / (n1 - n0) for (n0, c0), (n1, c1)
                in zip(zip(sizes, costs), zip(sizes[1:], costs[1:]))]
    # linear: a further element costs no more at the largest size than at the smallest (a
    # fixed cost that the larger sizes amortise makes it cost less: still linear)
    growth = marginal[-1] / marginal[0] if marginal[0] > 0 else float("inf")
    verdict = "" if smoke else f": {'linear' if growth <= 1.5 else 'NOT linear'}"
    return [f"check cost at {', '.join(f'{n:,}' for n in sizes)} elements: "
            f"{', '.join(f'{c * 1e3:.0f} ms' for c in costs)}; per further element "
            f"{', '.join(f'{m * 1e9:.0f} ns' for m in marginal)} (last/first "
            f"{f'{growth:.2f}x' if growth != float('inf') else 'n/a: too small to time'}"
            f"{verdict})"]


def engine_figures(smoke: bool, rounds: int) -> list[str]:
    return [bytes_per_node(smoke), *time_per_node(smoke), *big_tensor_ops(smoke, rounds)]


def _best(fn, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def _chain(n: int):
    from gradcli.torch._tensor import creation as torch

    x = torch.ones(1, requires_grad=True)
    y = x
    for _ in range(n):
        y = y * 1.00001
    return x, y


def bytes_per_node(smoke: bool) -> str:
    import tracemalloc

    from gradcli.engine.runtime import Runtime, activated

    n = 2_000 if smoke else 100_000
    lines = []
    for checking in (False, True):
        with activated(Runtime(tracing=checking)):
            tracemalloc.start()
            kept = _chain(n)
            used = tracemalloc.get_traced_memory()[0]
            tracemalloc.stop()
            del kept
        lines.append(f"{used / n:.0f} bytes/node {'with' if checking else 'without'} the check's "
                     "record")
    return f"engine memory: {'; '.join(lines)} (target ≤ 600 without)"


def time_per_node(smoke: bool) -> list[str]:
    sizes = (1_000, 10_000) if smoke else (1_000, 10_000, 100_000, 1_000_000)
    per_node = []
    for n in sizes:
        def run(n=n):
            x, y = _chain(n)
            y.backward()
        per_node.append(_best(run, 2 if n >= 1_000_000 else 3) / n)
    growth = max(per_node) / min(per_node)
    return [f"engine time per node (forward + backward) at "
            f"{', '.join(f'{n:.0e}' for n in sizes)}: "
            f"{', '.join(f'{t * 1e6:.2f} µs' for t in per_node)} (spread {growth:.2f}x, "
            f"target ≤ 1.5x)"]


def big_tensor_ops(smoke: bool, rounds: int) -> list[str]:
    """(x * w + b).tanh().sum() forward and backward on 1e6 elements, vs the same in numpy."""
    import numpy as np

    n = 10_000 if smoke else 1_000_000
    rng = np.random.default_rng(0)
    xs, ws, bs = (rng.random(n, dtype=np.float32) for _ in range(3))
    leaves = [_leaf(a) for a in (xs, ws, bs)]  # by_hand's very inputs

    def engine():
        for leaf in leaves:
            leaf.set_grad(None)  # each run starts from no gradient
        x, w, b = leaves
        (x * w + b).tanh().sum().backward()

    def by_hand():
        t = np.tanh(xs * ws + bs)
        t.sum()
        g = 1 - t * t
        return g * ws, g * xs, g

    ratios = []
    for r in range(rounds):
        # each round: the best of 20 runs of each (a run takes about a millisecond), in turn
        # (who goes first alternates); runs of one alternating with the other's would measure
        # how each evicts the other's memory from the caches
        first, second = (engine, by_hand) if r % 2 == 0 else (by_hand, engine)
        best = {first: _best(first, 20), second: _best(second, 20)}
        ratios.append(best[engine] / best[by_hand])
    return [f"big-tensor ops vs hand-written numpy ({n:.0e} elements, forward + backward): "
            f"{statistics.median(ratios):.2f}x [{min(ratios):.2f}-{max(ratios):.2f}] over "
            f"{rounds} round(s) (target ≤ 1.15x)"]


def _leaf(array):
    from gradcli.engine.tensor import Tensor

    return Tensor(array, requires_grad=True)


def output_formats(text: str) -> tuple[str, ...]:
    chosen = tuple(dict.fromkeys(f.strip() for f in text.split(",") if f.strip()))
    unknown = [f for f in chosen if f not in ALL_FORMATS]
    if unknown or not chosen:
        raise argparse.ArgumentTypeError(f"formats are {', '.join(ALL_FORMATS)}, "
                                         f"comma-separated (not {text!r})")
    return chosen


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--smoke", action="store_true", help="tiny sizes, one round, no targets")
    ap.add_argument("--only", nargs="*", help="workload names to run")
    ap.add_argument("--formats", type=output_formats, default=None, metavar="LIST",
                    help="comma-separated output formats to measure every workload in "
                    f"({', '.join(ALL_FORMATS)}); default: plain, and json and jsonl too "
                    "where the output is big")
    args = ap.parse_args()
    rounds = 1 if args.smoke else args.rounds
    torch = has_torch()
    print(f"gradcli vs python + PyTorch, {rounds} interleaved round(s), one thread each",
          flush=True)
    for line in run_workloads(rounds, args.smoke, args.only, torch, args.formats):
        print(line, flush=True)
    if not args.only:
        from gradcli.engine.process import tune_process

        tune_process()  # as the CLI runs the engine
        for line in check_scaling(args.smoke) + engine_figures(args.smoke, rounds):
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
