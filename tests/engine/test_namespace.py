"""Both array namespaces VJPs run on implement the one protocol, and the protocol names every
function the VJPs call on `xp`."""
import ast
import inspect

import pytest

from gradcli.engine import (
    autograd,
    convkit,
    opkit,
    ops,
    ops_conv,
    ops_linalg,
    ops_nn,
    ops_pointwise,
    ops_selection,
)
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


# every module whose VJPs (or backward pass) call `xp`
VJP_MODULES = [ops, ops_nn, ops_pointwise, ops_selection, ops_linalg, ops_conv, opkit, convkit,
               autograd]


@pytest.mark.parametrize("module", VJP_MODULES)
def test_every_xp_function_a_vjp_calls_is_a_protocol_member(module):
    assert _xp_calls(module) <= members(GraphNamespace)


def test_numpy_side_calls_only_the_shared_protocol():
    # the create_graph extras are called only behind `xp is not opkit.NUMPY` (or where the
    # dtypes agree on numpy's side): everything else both sides must provide
    extras = members(GraphNamespace) - members(ArrayNamespace)
    assert extras == {"cast", "as_strided", "saved_tensors"}
    assert set().union(*map(_xp_calls, VJP_MODULES)) >= members(ArrayNamespace)
