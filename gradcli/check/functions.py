"""The verdict on a script's own derivative: where a gradient flowed through a custom
autograd.Function, its row says whether the Function's backward agrees with sympy's
derivative of its forward (the check replays the forward, never the backward)."""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from gradcli.engine import trace
from gradcli.events.events import GradRow


def functions_under(roots) -> list[trace.FunctionOutput]:
    """The custom Function outputs the records under `roots` pass through."""
    if not trace.FunctionOutput.ever_made:  # (no walk of a graph that cannot hold one)
        return []
    return records_under(roots, lambda r: isinstance(r, trace.FunctionOutput))


def records_under(roots, keep) -> list:
    """The records under `roots` for which keep(record) holds, each once."""
    seen, out, stack = set(), [], list(roots)
    while stack:
        r = stack.pop()
        if r is None or id(r) in seen:
            continue
        seen.add(id(r))
        if keep(r):
            out.append(r)
        stack.extend(getattr(r, "args", ()))
    return out


def with_verdict(row: GradRow, tensor, functions: list[trace.FunctionOutput],
                 backwards: dict | None = None, declared: dict | None = None) -> GradRow:
    """The row, naming the Functions whose backward this gradient went through; `backwards`
    holds the verdicts on what each one's backward returned, `declared` the notes of the
    declared surrogates whose backward was not sympy's (custom_backward.verdicts)."""
    names = tuple(dict.fromkeys(f.function for f in functions if reaches(f, tensor)))
    if not names:
        return row
    surrogates = [declared[n] for n in names if declared and n in declared]
    if surrogates:  # (their backward is taken as given: what the row says is its relation)
        verdict = "; ".join(surrogates) + ("" if row.match is not False else
                                           ", and the mismatch is elsewhere in the graph" +
                                           _worst_element(row))
        note = f"{verdict}; {row.note}" if row.note else verdict
        return replace(row, note=note, functions=names)
    backward = ", ".join(f"{n}.backward" for n in names)
    forward = ", ".join(f"{n}.forward" for n in names)
    verb = "agree" if len(names) > 1 else "agrees"
    if row.match is True:
        verdict = f"{backward} (the script's own derivative) {verb} with sympy's d/d{row.name} " \
                  f"of {forward}"
    elif row.match is False:
        verdict = _mismatch(row, names, backwards or {}, backward, forward)
    else:
        verdict = f"{backward} not checked against {forward}"  # (the note says why)
    note = f"{verdict}; {row.note}" if row.note else verdict
    return replace(row, note=note, functions=names)


def _mismatch(row: GradRow, names: tuple, backwards: dict, backward: str, forward: str) -> str:
    """Which backward returned what where (its own check), or that all of them returned
    sympy's values and the mismatch comes from elsewhere (an engine op)."""
    wrong = [backwards[n] for n in names if backwards.get(n)]
    if wrong:
        return "; ".join(wrong)
    if all(backwards.get(n) == "" for n in names):
        return f"{backward} returned sympy's values (checked on what it was given), so the " \
               f"mismatch is elsewhere in the graph" + _worst_element(row)
    return f"{backward} disagree{'' if len(names) > 1 else 's'} with sympy's " \
           f"d/d{row.name} of {forward}" + _worst_element(row)


def reaches(record, tensor) -> bool:
    """Whether the record (a Function's output) reads `tensor`, a leaf (an intermediate: taken
    as yes)."""
    if tensor.grad_fn is not None:
        return True
    seen, stack = set(), [record]
    while stack:
        r = stack.pop()
        if id(r) in seen:
            continue
        seen.add(id(r))
        if isinstance(r, trace.Leaf) and r.tensor is tensor:
            return True
        stack.extend(getattr(r, "args", ()))
    return False


def _worst_element(row: GradRow) -> str:
    """`: element [1] of x's gradient is 1.359, sympy's exp(x[1]) = 2.718`: where the
    script's backward is furthest from sympy (nothing when the values cannot say)."""
    grad, expected = _floats(row.grad), _floats(row.expected)
    if grad is None or expected is None or grad.shape != expected.shape or not grad.size:
        return ""
    error = np.abs(grad - expected)
    if not np.isfinite(error).any():
        return ""
    flat = int(np.nanargmax(np.where(np.isfinite(error), error, -1)))
    where = [int(i) for i in np.unravel_index(flat, grad.shape)] if grad.ndim else []
    formula = row.formula[flat] if row.formula and flat < len(row.formula) and \
        not row.matrix_form else ""  # (a matrix form is the whole gradient's, not one element's)
    said = f"{formula} = " if formula and formula != f"{expected.flat[flat]:.4g}" else ""
    return (f": element {where} of {row.name}'s gradient is {grad.flat[flat]:.4g}, sympy's "
            f"{said}{expected.flat[flat]:.4g}")


def _floats(data) -> np.ndarray | None:
    """A row's nested lists as floats ("nan"/"inf" strings read, an unchecked element nan)."""
    try:
        return np.vectorize(lambda x: np.nan if x is None else float(x), otypes=[float])(
            np.asarray(data, dtype=object))
    except (TypeError, ValueError):
        return None
