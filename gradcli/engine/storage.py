"""A tensor's memory as its views and detached aliases share it: the version counter autograd
checks, the trace snapshots to freeze before a write, and whether inference mode made it."""
from __future__ import annotations

from . import runtime
from .errors import runtime_error


class Storage:
    """What a tensor shares with its views and detached aliases: the version counter, and the
    trace snapshots to freeze before the shared memory is written."""

    __slots__ = ("version", "watchers", "hidden_writes")
    inference = False  # made under torch.inference_mode() (InferenceStorage), with its views

    def __init__(self):
        self.version = 0
        self.watchers = None
        self.hidden_writes = 0  # how many writes through `.data` the memory has had

    def before_write(self, bump: bool = True) -> None:
        if not bump:  # a write through `.data`: invisible to autograd, as torch
            self.hidden_writes += 1  # (the check must know)
            runtime.current.hidden_writes = True
            return
        if self.inference and not runtime.current.inference_mode:
            raise runtime_error(INFERENCE_INPLACE)
        if self.watchers:
            for w in self.watchers:
                w.freeze()
            self.watchers = None
        self.version += 1


class InferenceStorage(Storage):
    """The memory of an inference tensor: torch refuses to write it in place, to save it for
    a backward or to let it require grad outside inference mode (`.data` writes pass)."""

    __slots__ = ()
    inference = True


INFERENCE_INPLACE = (
    "Inplace update to inference tensor outside InferenceMode is not allowed.You can make a "
    "clone to get a normal tensor before doing inplace update.See "
    "https://github.com/pytorch/rfcs/pull/17 for more details.")
INFERENCE_SAVED = (
    "Inference tensors cannot be saved for backward. Please do not use Tensors created in "
    "inference mode in computation tracked by autograd. To work around this, you can make a "
    "clone to get a normal tensor and use it in autograd, or use `torch.no_grad()` instead of "
    "`torch.inference_mode()`.")
INFERENCE_REQUIRES_GRAD = ("Setting requires_grad=True on inference tensor outside "
                           "InferenceMode is not allowed.")
