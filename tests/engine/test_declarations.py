"""The API surface declared once (torch/_declare.py): every public name a script can call
is a declaration, and the tables a script meets are built from them and only from them."""
import importlib
import pkgutil

import numpy as np
import pytest

import gradcli.torch
from gradcli.engine.tensor import Tensor
from gradcli.torch import _arguments as arguments
from gradcli.torch import api as torch_api
from gradcli.torch._declare import DECLARED, method_signatures

FUNCTIONS = [d for d in DECLARED if d.namespace != "Tensor"]
METHODS = [d for d in DECLARED if d.namespace == "Tensor"]


def test_every_declaring_module_is_loaded_before_the_tables_are_built():
    before = len(DECLARED)
    for module in pkgutil.walk_packages(gradcli.torch.__path__, "gradcli.torch."):
        importlib.import_module(module.name)
    assert len(DECLARED) == before, [f"{d.namespace}.{d.name}" for d in DECLARED[before:]]


def test_each_name_is_declared_once():
    seen = [(d.namespace, d.name) for d in DECLARED]
    assert len(seen) == len(set(seen)), sorted({k for k in seen if seen.count(k) > 1})


@pytest.mark.parametrize("d", DECLARED, ids=lambda d: f"{d.namespace}.{d.name}")
def test_signatures_parse_and_name_the_declared_name(d):
    # (torch names a namespace's functions after it: torch.special.expit is special_expit)
    prefixed = f"{d.namespace.rsplit('.', 1)[-1]}_{d.name}"
    for text in d.signatures:
        assert text.split("(", 1)[0] in (d.name, prefixed)
    if d.signatures:
        for s in arguments.Parser(d.signatures).signatures:
            assert all(p.kind in arguments.KIND_NAMES for p in s.params), (d.name, str(s))


@pytest.mark.parametrize("d", FUNCTIONS, ids=lambda d: f"{d.namespace}.{d.name}")
def test_every_declared_function_resolves_at_run_time(d):
    namespace = torch_api.MODULES[d.namespace]
    assert callable(torch_api.get_attribute(namespace, d.name))
    assert d.name in torch_api.ALL_ATTRIBUTE_NAMES


@pytest.mark.parametrize("d", METHODS, ids=lambda d: d.name)
def test_every_declared_method_resolves_at_run_time(d):
    assert callable(torch_api.get_attribute(Tensor(np.ones(2, np.float32)), d.name))
    assert d.name in torch_api.ALL_ATTRIBUTE_NAMES


def test_a_method_derived_from_a_function_takes_its_input_as_self():
    assert method_signatures(("add(Tensor input, Tensor other, *, Scalar alpha=1, "
                              "Tensor out=None)",)) == ("add(Tensor other, *, Scalar alpha=1)",)
    assert method_signatures(("pow(Scalar self, Tensor exponent, *, Tensor out=None)",)) == ()
    assert method_signatures(("exp(Tensor input, *, Tensor out=None)",)) == ("exp()",)


def test_every_namespace_member_the_validator_accepts_resolves():
    for name, namespace in torch_api.MODULES.items():
        for member in namespace.members:
            assert member in torch_api.ALL_ATTRIBUTE_NAMES, (name, member)
            torch_api.get_attribute(namespace, member)
