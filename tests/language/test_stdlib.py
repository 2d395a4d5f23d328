"""The standard library real programs import around their PyTorch code (issue #33): functools,
itertools, typing, __future__, time, dataclasses' neighbours os/sys/gc/argparse/inspect as inert
stand-ins, functorch, `if __name__ == "__main__":`. Python judges every print that does not
depend on the host; what would touch the world is refused at its call."""
import pytest
from test_builtins import gradcli_prints, python_prints

from gradcli.app.api import run_json

# Each prints the same under Python and gradcli (nothing here reads the host).
SNIPPETS = [
    "from __future__ import annotations\nprint(1)",
    "import functools\nprint(functools.reduce(lambda a, b: a * b, [1, 2, 3, 4]),"
    " functools.reduce(lambda a, b: a + b, [], 7))",
    "import functools\ndef power(b, e):\n    return b ** e\nsquare = functools.partial(power, e=2)"
    "\nprint(square(5), list(map(functools.partial(power, 2), [1, 2, 3])))",
    "import functools\n@functools.lru_cache(maxsize=None)\ndef fib(n):\n"
    "    return n if n < 2 else fib(n - 1) + fib(n - 2)\nprint(fib(60))",
    "import functools\n@functools.lru_cache\ndef f(n):\n    print('computing', n)\n    return n\n"
    "print(f(1), f(1), f(2))",
    "import functools\n@functools.cache\ndef f(n):\n    print('computing', n)\n    return n\n"
    "print(f(3), f(3))",
    "import functools\ndef logged(fn):\n    @functools.wraps(fn)\n    def inner(*a):\n"
    "        print('call', a)\n        return fn(*a)\n    return inner\n@logged\ndef add(a, b):\n"
    "    return a + b\nprint(add(1, 2))",
    "import itertools\nprint(list(itertools.chain([1, 2], (3,), 'ab')),"
    " list(itertools.chain.from_iterable([[1], [2, 3]])))",
    "import itertools\nprint(list(itertools.product([0, 1], 'ab')),"
    " list(itertools.product(range(2), repeat=2)))",
    "import itertools\nfor i, c in zip(itertools.count(1), 'xyz'):\n    print(i, c)",
    "import itertools\nprint(list(itertools.islice(itertools.cycle('ab'), 5)),"
    " list(itertools.repeat(7, 3)), list(itertools.accumulate([1, 2, 3])))",
    "import itertools\nprint(list(itertools.combinations(range(4), 2)),"
    " list(itertools.permutations('abc', 2)), list(itertools.pairwise([1, 2, 3])))",
    "import itertools as it\nprint([(k, len(list(g))) for k, g in it.groupby('aabccc')],"
    " list(it.zip_longest([1, 2], 'a', fillvalue=0)))",
    "from typing import List, Optional, Dict, Tuple\nprint(List[int], Optional[float],"
    " Dict[str, Tuple[int, float]])",
    "from typing import cast\nprint(cast(int, 3), cast('float', 2.5))",
    "import time\nt0 = time.time()\nt1 = time.perf_counter()\nprint(time.time() >= t0,"
    " time.perf_counter() >= t1, time.process_time() >= 0)",
    "import os\nprint(os.path.join('data', 'mnist', 'train.pt'), os.path.basename('a/b.py'),"
    " os.path.splitext('model.ckpt'), os.path.dirname('/a/b/c'), os.sep)",
    "import os\nprint(os.environ.get('GRADCLI_NO_SUCH_VARIABLE', 'default'),"
    " os.getenv('GRADCLI_NO_SUCH_VARIABLE'), 'GRADCLI_NO_SUCH_VARIABLE' in os.environ)",
    "import gc\nimport sys\nprint(gc.collect() >= 0, sys.version_info >= (3, 8),"
    " isinstance(sys.version, str), sys.maxsize > 2**31)",
    "import argparse\np = argparse.ArgumentParser(description='demo')\n"
    "p.add_argument('--lr', type=float, default=0.01, help='step')\n"
    "p.add_argument('--batch-size', type=int, default=32)\n"
    "p.add_argument('--cuda', action='store_true')\np.add_argument('-n', '--epochs', default=3,"
    " type=int)\nargs = p.parse_args([])\nprint(args, args.lr, args.batch_size, args.cuda)\n"
    "print(p.parse_args(['--lr', '0.5', '--cuda', '-n', '7', '--batch-size=8']))\n"
    "args.lr = 1\nprint(args.lr, p.parse_known_args(['--x', '1'])[1])",
]


@pytest.mark.parametrize("source", SNIPPETS)
def test_prints_what_python_prints(source):
    assert gradcli_prints(source) == python_prints(source)


def test_a_session_is_the_main_module():
    """`if __name__ == "__main__":` runs its block, as `python script.py` does."""
    assert gradcli_prints("def main():\n    print('main', __name__)\n"
                          "if __name__ == '__main__':\n    main()") == ["main __main__"]


def run(source: str) -> dict:
    return run_json(source, "train.py")


def test_a_sessions_command_line_and_environment_are_its_own():
    """sys.argv is the script's name alone, parse_args() gives the defaults, os.environ starts
    empty and keeps what the script sets, for this session only."""
    trace = run("import sys, os, argparse\np = argparse.ArgumentParser()\n"
                "p.add_argument('--epochs', type=int, default=3)\n"
                "print(sys.argv, p.parse_args().epochs, os.environ.get('HOME'))\n"
                "os.environ['CUDA_VISIBLE_DEVICES'] = '0'\n"
                "print(os.environ['CUDA_VISIBLE_DEVICES'])\n")
    assert trace["status"] == "ok", trace
    assert [e["text"] for e in trace["events"] if e["kind"] == "print"] == \
        ["['train.py'] 3 None", "0"]
    assert "CUDA_VISIBLE_DEVICES" not in run("import os\nprint(dict(os.environ.items()))"
                                             )["events"][0]["text"]


@pytest.mark.parametrize("source, refused", [
    ("import os\nos.makedirs('checkpoints', exist_ok=True)", "os.makedirs() would touch the "
     "file system"),
    ("import os\nos.system('nvidia-smi')", "os.system() would run or signal a process"),
    ("import os\nos.path.exists('data')", "os.path.exists() would read the file system"),
    ("import sys\nprint(1)\nsys.exit(0)", "sys.exit() would end the process"),
])
def test_what_touches_the_world_is_refused_at_its_call(source, refused):
    trace = run(source)
    error = trace["events"][-1]
    assert (trace["status"], error["kind"], error["type"]) == ("error", "error",
                                                               "PermissionError")
    assert error["message"].startswith(refused) and "touches nothing outside it" in \
        error["message"]
    assert error["line"] == source.count("\n") + 1


def test_a_refusal_can_be_caught_and_the_program_goes_on():
    trace = run("import os\ntry:\n    os.makedirs('out')\nexcept Exception as e:\n"
                "    print(type(e).__name__)\nprint('trained')")
    assert [e["text"] for e in trace["events"] if e["kind"] == "print"] == \
        ["PermissionError", "trained"]


def test_inspect_signature_of_torchs_callables():
    """nanoGPT's `'fused' in inspect.signature(torch.optim.AdamW).parameters`."""
    import inspect

    import torch
    expected = list(inspect.signature(torch.optim.AdamW).parameters)
    trace = run("import inspect\nprint(list(inspect.signature(torch.optim.AdamW).parameters),"
                " 'fused' in inspect.signature(torch.optim.AdamW).parameters)")
    assert trace["events"][0]["text"] == f"{expected} True"


def test_functorch_is_torch_func_with_pytorchs_warning():
    trace = run("import functorch\nfrom functorch import vmap\n"
                "g = functorch.grad(lambda t: (t ** 2).sum())(torch.ones(2))\nprint(g)\n"
                "print(vmap(torch.sin)(torch.zeros(2)))\nfunctorch.vjp")
    warnings = [e for e in trace["events"] if e["kind"] == "warning"]
    assert [w["type"] for w in warnings] == ["FutureWarning"] * 2
    assert "`functorch.grad` is deprecated" in warnings[0]["message"]
    assert "Please use `torch.vmap` instead" in warnings[1]["message"]
    assert [e["text"] for e in trace["events"] if e["kind"] == "print"] == \
        ["tensor([2., 2.])", "tensor([0., 0.])"]
