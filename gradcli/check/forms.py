"""Sympy forwards with PyTorch's conventions, for ops whose ops.py form makes sympy's own
derivative differ from torch's. The check's replays use these instead: sympy still derives
everything (no derivative is written here); each form is only shaped so that its derivative
is the one torch computes. (They could live in engine/symforms.py, as the op table's own.)
"""
from __future__ import annotations

import numpy as np

from gradcli.engine.symforms import elementwise, number, sp

# Constants sympy must not fold, by symbol name: a zero divisor keeps its IEEE sign (1/-0 is
# -inf, where sympy has zoo), a zero or negative base of a power keeps log(0) = -inf and
# log(-2) = nan (sympy: zoo, log(2) + I*pi). Names start with a digit or "-": no script
# variable can have one.
CONSTANTS = {"0": 0.0, "-0": -0.0}
DROPPED = "0·"  # the zero torch multiplies a dropped element's derivative by (symbolic.Dropped)
CONSTANTS[DROPPED] = 0.0


def constant(value) -> sp.Symbol:
    """A constant as a real symbol that the numeric evaluator values as `value`."""
    value = float(value)
    if value == 0:
        name = "-0" if np.signbit(value) else "0"
    else:
        name = str(int(value)) if value.is_integer() else repr(value)
    CONSTANTS.setdefault(name, value)
    return sp().Symbol(name, real=True)


def dropped_zero() -> sp.Symbol:
    return sp().Symbol(DROPPED, real=True)


def pow_tensor(a, b):
    return elementwise(_pow, *np.broadcast_arrays(a, b))


def rpow(a, base):
    return elementwise(lambda e: _pow(number(base), e), a)


def _pow(a, b):
    """a**b, with torch's derivative where the base is 0 (derivatives.yaml: pow_backward_self
    is 0 where the exponent is 0; pow_backward_exponent is 0 where the base is 0 and the
    exponent >= 0). sympy's a**b*b/a and a**b*log(a) are nan or -inf there, so at a zero base
    each exponent range gets a form with torch's slope: b*0**(b-1) in a, none in b."""
    a, b = sp().sympify(a), sp().sympify(b)
    if a.is_Number and not a.is_positive:
        a = constant(a)  # log(0) = -inf, log(-2) = nan, as torch
    if a.is_positive:
        return a**b
    return sp().Piecewise(
        (a**b, sp().Ne(a, 0) | (b < 0)),
        (1, sp().Eq(b, 0)),  # 0**0: no slope in either
        (sp().sqrt(a), b < 1),  # 0**b, 0 < b < 1: slope inf in a
        (a, sp().Eq(b, 1)),  # slope 1
        (a**2, b > 1),  # slope 0
        (a**b, True))  # a nan exponent


def abs_(a):
    return elementwise(_abs, a)


def _abs(u):
    # NOTE: |u| = u*sign(u) over the reals. Where sympy cannot tell that u is real (sqrt(x - 1),
    # log(x)), its Abs differentiates as of a complex number (re, im, atan2); torch's abs of a
    # real tensor has the slope sign(u) (and sign(nan) = 0) everywhere.
    u = sp().sympify(u)
    return sp().Abs(u) if u.is_extended_real else u * sp().sign(u)


def relu(a):
    # NOTE: torch's relu' is threshold_backward: 0 where the result is <= 0, else 1, so at
    # nan it is 1 (nan <= 0 is false), where `e if e > 0 else 0` would say 0.
    return elementwise(lambda e: sp().Piecewise((0, e <= 0), (e, True)), a)


FORMS = {"pow_tensor": pow_tensor, "rpow": rpow, "abs": abs_, "relu": relu}
