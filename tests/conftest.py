"""What every test starts from."""
import importlib.util
import os

import pytest

# One BLAS and OpenMP thread per test process (inherited by pytest-xdist's workers, which start
# after this file is read): the suite's parallelism is its workers, and a second thread per
# worker only spins for a core another worker has (gradcli's benchmarks pin one thread too).
for _threads in ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS"):
    os.environ.setdefault(_threads, "1")


def pytest_xdist_auto_num_workers(config) -> int:
    """`-n auto`: a worker per core, and one more for each process already running on the
    cores (at most one a core). The suite is CPU-bound and the kernel shares the cores by
    process: beside two CPU-bound processes on 2 cores, 2 workers get half of the machine and
    4 two thirds. On a quiet machine: one per core."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else \
        os.cpu_count() or 1
    return cores + min(cores, _other_runnable_processes())


def _other_runnable_processes() -> int:
    """Processes running or ready to run now, but this one (/proc/loadavg's fourth field,
    `running/total`); 0 where there is no /proc."""
    try:
        with open("/proc/loadavg") as f:
            running = int(f.read().split()[3].partition("/")[0])
    except (OSError, ValueError, IndexError):
        return 0
    return max(0, running - 1)


def pytest_configure(config):
    """Tests run gradcli's sessions in their own process, as its CLI runs them: tuned
    (engine/process.py: the cycle collector run rarely, freed memory kept for reuse; ~15% of
    the suite's time)."""
    from gradcli.engine.process import tune_process

    tune_process()


@pytest.fixture(autouse=True)
def _no_terminal_size(monkeypatch):
    """pytest-xdist's workers inherit COLUMNS=80 and LINES=24: the width gradcli sees in a pipe
    must not depend on how the tests were started."""
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)


@pytest.fixture(autouse=True, scope="session")
def _own_derivative_cache(tmp_path_factory):
    """The check's cache of sympy's derivatives (check/derivcache.py) in a folder of the test
    session's own: never the user's, and every session derives afresh."""
    os.environ["GRADCLI_CACHE"] = str(tmp_path_factory.mktemp("derivatives"))


# Fixtures that hand a test real PyTorch (or a process running it): such a test is an oracle test.
ORACLE_FIXTURES = {"torch", "torch_trace", "oracle"}


@pytest.fixture(scope="module")
def oracle():
    """One PyTorch tracer process (oracle/differential.py) for a test module's programs."""
    if importlib.util.find_spec("torch") is None:
        pytest.skip("torch not installed: pip install torch==2.13.0 to run the live oracle")
    from oracle.differential import TorchOracle

    oracle = TorchOracle()
    yield oracle
    oracle.close()


def pytest_collection_modifyitems(items):
    """Mark the tests that compare with live PyTorch `oracle`, so that CI can run them again
    under each of PyTorch's CPU capabilities (`-m oracle` with ATEN_CPU_CAPABILITY set)."""
    for item in items:
        if ORACLE_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.oracle)
