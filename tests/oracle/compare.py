#!/usr/bin/env python3
"""Compare two event traces (see ../../../shared/spec/output-contract.md).

Adapted from ../../../shared/conformance/compare.py, with one stricter rule:
a Python scalar must keep its type (`True` is not `1`, `3` is not `3.0`),
because the REPL shows them differently.

Usage: python compare.py EXPECTED.json ACTUAL.json [--full]
       prints the differences, exit 1 if any.

Two levels:
  core  value and error events: same order and lines; tensors equal in dtype,
        shape, requires_grad and data (within tolerance); errors equal in type
        and in the first sentence of the message.
  full  core, plus: grad_fn names, reprs of other objects, print text,
        warnings, whole error messages. Numbers written in print and repr text
        compare as the digits shown allow (same_text): PyTorch's own float32
        results differ by an ulp across CPU kinds, and so do the digits printed.
Events of other kinds (backward, ...) are gradcli's own and are ignored.
"""
import json
import math
import numbers
import re
import sys

TOL = {"float16": (1e-2, 1e-3), "bfloat16": (2e-2, 1e-2), "float32": (1e-4, 1e-5),
       "float64": (1e-9, 1e-12)}


def first_sentence(msg):
    msg = (msg or "").strip()
    i = msg.find(". ")
    return msg if i < 0 else msg[: i + 1]


def _close(a, b, rtol, atol):
    if isinstance(a, list) or isinstance(b, list):
        return (isinstance(a, list) and isinstance(b, list) and len(a) == len(b)
                and all(_close(x, y, rtol, atol) for x, y in zip(a, b)))
    if isinstance(a, (str, bool)) or isinstance(b, (str, bool)) or a is None or b is None:
        return a == b  # "nan"/"inf" strings, bool elements, missing data
    return math.isclose(float(a), float(b), rel_tol=rtol, abs_tol=atol)


# a decimal number as Python, numpy and torch print them (`nan`/`inf` are words: compared exactly)
NUMBER = re.compile(r"(?<![\w.])[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?")
TEXT_RTOL = 1e-5  # float32's 1-ulp differences, carried through a few ops before printing


def _last_digit(token):
    """The value of one unit in the last digit `token` shows (0 for an integer: exact)."""
    mantissa, _, exponent = token.lower().partition("e")
    if "." not in mantissa:
        return 0.0 if not exponent else 10.0 ** int(exponent)
    decimals = len(mantissa.split(".")[1])
    return 10.0 ** (int(exponent or 0) - decimals)


def _is_float(token):
    return "." in token or "e" in token.lower()


def same_text(expected, actual, layout=True, scaled=False):
    """Equal text, but for numbers that differ by no more than their printed precision: the
    last digit shown (either way) or TEXT_RTOL, whichever is larger. `layout=False` ignores
    where the spaces and line breaks fall too. `scaled`: TEXT_RTOL of the largest float the
    text prints, as differences' `scaled` does for values (a coefficient trained to ~1e-11
    beside one of ~1 carries the rounding of ~1)."""
    if expected == actual:
        return True
    if not isinstance(expected, str) or not isinstance(actual, str):
        return False
    skeletons = (NUMBER.split(expected), NUMBER.split(actual))
    if not layout:
        skeletons = tuple([re.sub(r"\s+", "", part) for part in parts] for parts in skeletons)
    if skeletons[0] != skeletons[1]:
        return False
    numbers = NUMBER.findall(expected)
    scale = max((abs(float(n)) for n in numbers if _is_float(n)), default=0.0) if scaled else 0.0
    for e, a in zip(numbers, NUMBER.findall(actual)):
        x, y = float(e), float(a)
        allowed = max(_last_digit(e), _last_digit(a),
                      TEXT_RTOL * max(abs(x), abs(y), scale)) * 1.000001
        if e != a and (not _is_float(e + a) or abs(x - y) > allowed):
            return False
    return True


def _scalar_kind(x):
    if isinstance(x, bool):
        return "bool"
    if isinstance(x, numbers.Integral):
        return "int"
    if isinstance(x, numbers.Real):
        return "float"
    return type(x).__name__


def _magnitude(data):
    """The largest finite |element| of nested data (0 if none)."""
    if isinstance(data, list):
        return max((_magnitude(x) for x in data), default=0.0)
    if isinstance(data, bool) or not isinstance(data, numbers.Real) or not math.isfinite(data):
        return 0.0
    return abs(float(data))


def _data(value):
    """The float tensors' data in an echoed value, as one nested list."""
    if isinstance(value, list):
        return [_data(x) for x in value]
    if isinstance(value, dict) and value.get("type") == "tensor" and \
            str(value.get("dtype")).startswith(("float", "bfloat")):
        return value.get("data")
    return 0


def same_value(e, a, full, scale=1.0):
    """None when the echoed values agree, else what differs. A tensor's absolute tolerance is
    atol * scale."""
    if isinstance(e, dict) and e.get("type") == "tensor":
        if not (isinstance(a, dict) and a.get("type") == "tensor"):
            return f"expected a tensor, got {a!r}"
        for k in ("dtype", "shape", "requires_grad") + (("grad_fn",) if full else ()):
            if e.get(k) != a.get(k):
                return f"{k}: expected {e.get(k)!r}, got {a.get(k)!r}"
        rtol, atol = TOL.get(e["dtype"], (0, 0))
        atol *= scale
        if not _close(e["data"], a.get("data"), rtol, atol):
            return f"data: expected {e['data']!r}, got {a.get('data')!r}"
        return None
    if isinstance(e, list):
        if not isinstance(a, list) or len(a) != len(e):
            return f"expected {e!r}, got {a!r}"
        for x, y in zip(e, a):
            d = same_value(x, y, full, scale)
            if d:
                return d
        return None
    if isinstance(e, dict) and e.get("type") == "grad_fn":
        return None if e == a else f"expected {e!r}, got {a!r}"
    if isinstance(e, dict):  # {"type": "repr"}: the text is only compared at full level
        ok = isinstance(a, dict) and a.get("type") == e.get("type") and (
            not full or (e.keys() == a.keys() and same_text(e.get("text"), a.get("text"))
                         and all(e[k] == a[k] for k in e if k != "text")))
        return None if ok else f"expected {e!r}, got {a!r}"
    if _scalar_kind(e) != _scalar_kind(a):
        return f"expected {e!r} ({_scalar_kind(e)}), got {a!r} ({_scalar_kind(a)})"
    if isinstance(e, float):
        return None if _close(e, a, 1e-6, 1e-9) else f"expected {e!r}, got {a!r}"
    return None if e == a else f"expected {e!r}, got {a!r}"


def differences(expected, actual, full=False, scaled=False, layout=True):
    """The differences of `actual` from `expected` at core (or full) level; [] if none.
    `scaled`: a float tensor's absolute tolerance grows with the largest element of the echoed
    value it is part of, atol * max(1, max|e|): the gradients echoed together share the scale
    of one loss, and an element that a sum cancels to ~0 keeps the rounding of its terms.
    `layout=False`: printed text may lay its numbers out otherwise (torch's repr of a tensor
    turns to scientific notation, and wraps anew, when one element moves by an ulp from 0)."""
    kinds = {"value", "error"} | ({"print", "warning"} if full else set())
    exp = [e for e in expected["events"] if e["kind"] in kinds]
    act = [e for e in actual.get("events", []) if e.get("kind") in kinds]
    out = []
    for i, e in enumerate(exp):
        where = f"event #{i} (line {e.get('line')})"
        if i >= len(act):
            out.append(f"{where}: missing {e['kind']} event")
            break
        a = act[i]
        if a.get("kind") != e["kind"] or a.get("line") != e.get("line"):
            detail = a.get("message") or a.get("text") or ""
            out.append(f"{where}: expected {e['kind']} at line {e.get('line')}, "
                       f"got {a.get('kind')} at line {a.get('line')} {detail}".rstrip())
            break  # the traces are out of step: later differences mean nothing
        if e["kind"] == "value":
            scale = max(1.0, _magnitude(_data(e["value"]))) if scaled else 1.0
            d = same_value(e["value"], a.get("value"), full, scale)
            if d:
                out.append(f"{where}: {d}")
        elif e["kind"] in ("error", "warning"):
            if a.get("type") != e["type"]:
                out.append(f"{where}: {e['kind']} type expected {e['type']}, "
                           f"got {a.get('type')}: {a.get('message')!r}")
            elif full and a.get("message") != e["message"]:
                out.append(f"{where}: message expected {e['message']!r}, got {a.get('message')!r}")
            elif first_sentence(a.get("message")) != first_sentence(e["message"]):
                out.append(f"{where}: message expected {first_sentence(e['message'])!r}, "
                           f"got {first_sentence(a.get('message'))!r}")
        elif e["kind"] == "print" and not same_text(e["text"], a.get("text"), layout, scaled):
            out.append(f"{where}: print expected {e['text']!r}, got {a.get('text')!r}")
    if len(act) > len(exp) and not out:
        extra = act[len(exp)]
        out.append(f"unexpected extra event: {extra.get('kind')} at line {extra.get('line')} "
                   f"{extra.get('message') or extra.get('text') or ''}".rstrip())
    return out


if __name__ == "__main__":
    paths = [p for p in sys.argv[1:] if not p.startswith("--")]
    if len(paths) != 2:
        sys.exit(__doc__)
    exp, act = (json.load(open(p)) for p in paths)
    diffs = differences(exp, act, full="--full" in sys.argv)
    for d in diffs:
        print(d)
    sys.exit(1 if diffs else 0)
