"""A .grad that a known function transformed between passes, carried on: torch.nn.utils'
clip_grad_norm_ scales the gradients by min(max_norm / (total norm + 1e-6), 1) and
clip_grad_value_ clamps them (trace.GradTransform). The check applies the same function, in
float64, to the gradients it verified; where the engine's .grad agrees, the next pass starts
from a checked value, not one "set by hand"."""
from __future__ import annotations

import numpy as np

from .compare import matches, tolerance

SET_BY_HAND = ".grad was set by hand before this call, and never checked"

# what each function did to a .grad, in words
DONE = {"clip_grad_norm_": "scaled by clip_grad_norm_",
        "clip_grads_with_norm_": "scaled by clip_grads_with_norm_",
        "clip_grad_value_": "clamped by clip_grad_value_"}


def start(t, histories: dict, transforms: list, rtol, atol) -> tuple[str, str]:
    """For a pass's target whose .grad before it is not the value the check last verified:
    (why its start is unchecked, "" when the transforms since then carry the verified value
    to it; a note clause naming them when they do)."""
    history = histories.get(id(t.tensor))
    since = 0 if history is None else history.mark
    mine = [tr for tr in transforms[since:] if _holds(tr, t.tensor)]
    if not mine:
        return SET_BY_HAND, ""
    done = " then ".join(dict.fromkeys(DONE[tr.name] for tr in mine))
    value = _Carrier(histories, transforms).before(t.tensor, len(transforms))
    if value is not None and matches(
            t.before, value, *tolerance(t.tensor.dtype.name, rtol, atol))[0]:
        return "", f"its start: the checked .grad {done}"
    return f".grad was {done} from a .grad never checked, or changed besides", ""


def _holds(transform, tensor) -> bool:
    return any(x is tensor for x in transform.tensors)


class _Carrier:
    """Each tensor's .grad just before transform k: the check's verified value carried
    through the transforms of it since (None where that value is not known)."""

    def __init__(self, histories: dict, transforms: list):
        self.histories, self.transforms = histories, transforms
        self.known: dict = {}

    def before(self, tensor, k: int):
        key = (id(tensor), k)
        if key not in self.known:
            self.known[key] = self._worked_out(tensor, k)
        return self.known[key]

    def _worked_out(self, tensor, k: int):
        history = self.histories.get(id(tensor))
        if history is None or not history.verified or history.mark > k:
            return None
        value = np.asarray(history.value, np.float64)
        for j in range(history.mark, k):
            transform = self.transforms[j]
            if not _holds(transform, tensor):
                continue
            value = _applied(transform, value, lambda m, j=j: self.before(m, j))
            if value is None:
                return None
        return value


def _applied(transform, value: np.ndarray, before):
    """The transform of one tensor's .grad `value`; `before(m)` gives any other's."""
    params = transform.params
    if transform.name == "clip_grad_value_":
        return np.clip(value, -params["clip_value"], params["clip_value"])
    total = params.get("total_norm")
    if total is None:  # clip_grad_norm_: the total norm of all the gradients it clipped
        grads = [before(m) for m in transform.tensors]
        if any(g is None for g in grads):
            return None
        p = params["norm_type"]
        total = _norm(np.array([_norm(g, p) for g in grads]), p)
    with np.errstate(all="ignore"):  # (a nan or inf total scales as torch's does)
        return value * np.minimum(params["max_norm"] / (total + 1e-6), 1.0)


def _norm(values: np.ndarray, p: float) -> float:
    """torch's vector norm of order p (inf, -inf, 0 included) of all the values."""
    flat = np.ravel(values)
    return float(np.linalg.norm(flat, ord=p)) if flat.size else 0.0
