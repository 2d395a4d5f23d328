"""Both array namespaces VJPs run on implement the one protocol, and the protocol names every
function the VJPs call on `xp`."""
import ast
import importlib
import inspect
import pkgutil

import pytest

import gradcli.engine
from gradcli.engine import opkit
from gradcli.engine.namespace import ArrayNamespace, GraphNamespace, members
from gradcli.torch._tensor import xp


@pytest.mark.parametrize("namespace, protocol", [(opkit.NUMPY, ArrayNamespace),
                                                 (xp.TENSORS, GraphNamespace)])
def test_a_namespace_has_every_protocol_function_and_no_other(namespace, protocol):
    assert set(vars(namespace)) == members(protocol)
    assert all(callable(getattr(namespace, name)) for name in members(protocol))
    assert isinstance(namespace, protocol)


def _xp_calls(module) -> set[str]:
    tree = ast.parse(inspect.getsource(module))
    return {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name) and node.value.id == "xp"}


# every engine module whose VJPs (or backward pass) call `xp`, found rather than listed so a
# new ops_*.py cannot be missed; namespace.py declares the protocol and is not a caller
VJP_MODULES = [module for module in (importlib.import_module(f"gradcli.engine.{info.name}")
                                     for info in pkgutil.iter_modules(gradcli.engine.__path__))
               if module.__name__ != "gradcli.engine.namespace" and _xp_calls(module)]


@pytest.mark.parametrize("module", VJP_MODULES)
def test_every_xp_function_a_vjp_calls_is_a_protocol_member(module):
    assert _xp_calls(module) <= members(GraphNamespace)


def test_numpy_side_calls_only_the_shared_protocol():
    # the create_graph extras are called only behind `xp is not opkit.NUMPY` (or where the
    # dtypes agree on numpy's side): everything else both sides must provide
    extras = members(GraphNamespace) - members(ArrayNamespace)
    assert extras == {"cast", "as_strided", "saved_tensors"}
    assert set().union(*map(_xp_calls, VJP_MODULES)) >= members(ArrayNamespace)
