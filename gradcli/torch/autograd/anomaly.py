"""Anomaly mode: torch.autograd.detect_anomaly / set_detect_anomaly, ported from PyTorch's
torch/autograd/anomaly_mode.py. While it is on, each backward node's gradients are checked
for nan (autograd.py); the error names the node as torch does.

torch also prints the traceback of the forward call that built the failing node, as a
warning it attributes to its own internals (not a script line, so no warning event);
gradcli's explanation of the error shows that line instead (sandbox/explain.py).
"""
from __future__ import annotations

from gradcli.engine import runtime
from gradcli.engine.errors import type_error, warn
from gradcli.torch._declare import torch_function

ENABLED_WARNING = ("Anomaly Detection has been enabled. This mode will increase the runtime and "
                   "should only be enabled for debugging.")


@torch_function(name="is_anomaly_enabled")
def is_anomaly_enabled() -> bool:
    return runtime.current.anomaly_enabled


@torch_function(name="is_anomaly_check_nan_enabled")
def is_anomaly_check_nan_enabled() -> bool:
    return runtime.current.anomaly_check_nan


@torch_function(name="set_anomaly_enabled")
def set_anomaly_enabled(enabled, check_nan=True) -> None:
    """torch.set_anomaly_enabled: its argument parser takes only bools."""
    for name, value in (("enabled", enabled), ("check_nan", check_nan)):
        if not isinstance(value, bool):
            position = 1 if name == "enabled" else 2
            raise type_error(f"set_anomaly_enabled(): argument '{name}' (position {position}) "
                             f"must be bool, not {type(value).__name__}")
    runtime.current.anomaly_enabled, runtime.current.anomaly_check_nan = enabled, check_nan


class detect_anomaly:  # (torch's lower-case name)
    """`with torch.autograd.detect_anomaly():` warns when made, is on inside the block, then
    restores the mode it found when made."""

    def __init__(self, check_nan=True):
        self.prev, self.prev_check_nan = is_anomaly_enabled(), is_anomaly_check_nan_enabled()
        self.check_nan = check_nan
        warn(ENABLED_WARNING)

    def __enter__(self) -> None:
        set_anomaly_enabled(True, self.check_nan)

    def __exit__(self, *exc) -> bool:
        set_anomaly_enabled(self.prev, self.prev_check_nan)
        return False

    def __repr__(self) -> str:
        return "<torch.autograd.anomaly_mode.detect_anomaly object>"


class set_detect_anomaly:  # (torch's lower-case name)
    """torch.autograd.set_detect_anomaly(mode): on or off at once; as a context manager, the
    mode it found is back when the block ends."""

    def __init__(self, mode, check_nan=True):
        self.prev, self.prev_check_nan = is_anomaly_enabled(), is_anomaly_check_nan_enabled()
        set_anomaly_enabled(mode, check_nan)

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc) -> bool:
        set_anomaly_enabled(self.prev, self.prev_check_nan)
        return False

    def __repr__(self) -> str:
        return "<torch.autograd.anomaly_mode.set_detect_anomaly object>"
