"""What every test starts from."""
import importlib.util
import os

import pytest


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
