"""The check's tables keyed by op name are tied to the op table (engine OPS): every key is an op,
no entry is dead, and an op that moves elements (a view, a rearrangement, an unfold) has its
matrix form, or says here why not. Facts about an op itself live on its row (Op.matrix_form,
tested in tests/engine/test_op_record.py); these tables hold the check's code for an op."""
import ast
import importlib
import pkgutil
from pathlib import Path

import pytest

import gradcli.check
from gradcli.check import forms_nn, matrix_form, spread
from gradcli.check import matrix_forms_nn as nn
from gradcli.engine.ops import OPS

# every module-level table of gradcli/check keyed by op names
OP_TABLES = {"forms_nn.FORMS": forms_nn.FORMS, "matrix_forms_nn.REVERSE": nn.REVERSE,
             "matrix_forms_nn.FORWARD": nn.FORWARD,
             "spread.EXP_LESS_OUTPUT": spread.EXP_LESS_OUTPUT}
# tables whose keys are other names, some of which an op shares
OTHER_TABLES = {
    "matrix_forms_nn.GLOSSARY": "the named operations of the matrix forms (index_add(G, idx))",
    "derive.STEP_FUNCTIONS": "sympy's functions (tests/engine/test_op_record.py ties them to "
                             "the step ops' forms)",
}
# The ops that move elements whose gradient the matrix form writes as the placeholder ∂op(G)
NO_MATRIX_FORM = {
    "dual_primal": "forward AD's primal: a backward through it is an identity no form shows",
    "backward_hook": "a module's backward hook: the placeholder shows where it sits",
    "squeeze_last": "matmul's squeeze of its product with a vector: not written yet",
    "repeat": "not written yet",
    "flip": "not written yet",
    "roll": "not written yet",
    "scatter": "not written yet",
    "diagonal": "not written yet",
    "unfold": "Tensor.unfold's windows: not written yet",
    "im2col": "nn.Unfold's windows: not written yet",
    "rot90": "not written yet",
    "pixel_shuffle": "a reshape, permute, reshape: not written yet",
    "pixel_unshuffle": "a reshape, permute, reshape: not written yet",
    "channel_shuffle": "a reshape, transpose, reshape: not written yet",
    "unsqueeze_": "an in-place unsqueeze (dropout's unbatched input): not written yet",
    "as_strided_view": "an as_strided's arbitrary strides: not written yet",
    "embedding_bag": "its bags' sums, means and maxima of rows: not written yet",
    "embedding_bag_weighted": "its bags' weighted sums of rows: not written yet",
}


def moves_elements(op) -> bool:
    return op.layout == "view" or op.rearranges or op.unfold is not None


def has_matrix_form(op) -> bool:
    """A form of its own, its row's matrix_form, or a contraction's (read from its spec)."""
    return op.name in nn.REVERSE or op.matrix_form is not None or \
        (op.contraction is not None and op.unfold is None)


@pytest.mark.parametrize("table", sorted(OP_TABLES))
def test_every_key_is_an_op(table):
    assert not set(OP_TABLES[table]) - set(OPS), table


def test_no_table_of_the_check_escapes_these_tests():
    """A new module-level table keyed by names, one of them an op's, is listed above."""
    found = set()
    for module in pkgutil.iter_modules(gradcli.check.__path__):
        values = vars(importlib.import_module(f"gradcli.check.{module.name}"))
        for name, value in values.items():
            if not name.startswith("__") and value is not OPS and \
                    isinstance(value, dict | set | frozenset) and value and \
                    all(isinstance(key, str) for key in value) and set(value) & set(OPS):
                found.add(f"{module.name}.{name}")
    assert found == set(OP_TABLES) | set(OTHER_TABLES)


def test_an_op_that_moves_elements_has_its_matrix_form_or_says_why_not():
    missing = [name for name, op in OPS.items()
               if moves_elements(op) and not has_matrix_form(op) and name not in NO_MATRIX_FORM]
    assert not missing, "give each a form in check/matrix_forms_nn.py (REVERSE), a " \
        f"matrix_form on its row, or a reason in NO_MATRIX_FORM: {missing}"
    listed = [name for name in NO_MATRIX_FORM
              if name not in OPS or not moves_elements(OPS[name]) or has_matrix_form(OPS[name])]
    assert not listed, f"listed in NO_MATRIX_FORM, but no longer without a form: {listed}"


def test_no_entry_is_dead():
    """forms_nn.FORMS is read only for an op whose row's facts give no structured gradient
    first (check/opgrads.input_grads); FORWARD only for an op that is not its input again."""
    earlier = [name for name in forms_nn.FORMS
               if OPS[name].pointwise or OPS[name].reduces or OPS[name].contraction or
               OPS[name].layout == "view" or OPS[name].elements_read == "selection" or
               OPS[name].rearranges]  # (along_dim and linear ops ask FORMS first)
    assert not earlier, earlier
    assert not [name for name in nn.FORWARD if OPS[name].matrix_form == "same"]


def _op_names_compared(tree: ast.AST) -> set[str]:
    """The strings compared with an op's name: `op.name == "copy"`, `r.op.name in (...)`."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Attribute) and \
                node.left.attr == "name" and (
                    isinstance(node.left.value, ast.Name) and node.left.value.id == "op" or
                    isinstance(node.left.value, ast.Attribute) and node.left.value.attr == "op"):
            for compared in node.comparators:
                items = compared.elts if isinstance(compared, ast.Tuple | ast.List | ast.Set) \
                    else [compared]
                found |= {item.value for item in items if isinstance(item, ast.Constant)}
    return found


def test_every_op_name_the_check_compares_with_is_an_op():
    root = Path(gradcli.check.__file__).parent
    for path in sorted(root.glob("*.py")):
        unknown = _op_names_compared(ast.parse(path.read_text())) - set(OPS)
        assert not unknown, (path.name, unknown)


def test_the_scan_sees_the_comparisons():
    names = _op_names_compared(ast.parse(Path(matrix_form.__file__).read_text()))
    assert {"addmm", "copy"} <= names

