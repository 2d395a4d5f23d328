"""What every test starts from."""
import pytest


@pytest.fixture(autouse=True)
def _no_terminal_size(monkeypatch):
    """pytest-xdist's workers inherit COLUMNS=80 and LINES=24: the width gradcli sees in a pipe
    must not depend on how the tests were started."""
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)
