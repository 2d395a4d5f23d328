"""The process exit status every command ends with (the output contract)."""
from enum import IntEnum


class ExitStatus(IntEnum):
    OK = 0
    MISMATCH = 1  # a gradient disagreed, or an assert failed
    INVALID = 2  # the script was rejected before running, or the command line was wrong
    SCRIPT_ERROR = 3  # the script raised (or gradcli itself broke)


STATUS_EXIT = {"ok": ExitStatus.OK, "mismatch": ExitStatus.MISMATCH,
               "assertion": ExitStatus.MISMATCH, "invalid": ExitStatus.INVALID,
               "error": ExitStatus.SCRIPT_ERROR}  # a result's status -> its exit status
