"""Fixtures of the language tests."""
import pytest


@pytest.fixture(scope="module")
def torch():
    """Real PyTorch, the oracle of the tests that compare with it."""
    return pytest.importorskip("torch", reason="real torch is the oracle of this test")
