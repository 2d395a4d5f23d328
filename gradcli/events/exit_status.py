"""The process exit status every command ends with (the output contract): one code per kind of
ending, so CI can tell a user's mistake from a script's failure from a gradcli bug."""
from enum import IntEnum


class ExitStatus(IntEnum):
    OK = 0
    MISMATCH = 1  # a gradient disagreed, an assert failed, or an outcome was not the expected one
    INVALID = 2  # the script was rejected before running
    SCRIPT_ERROR = 3  # the script raised, as PyTorch would, or hit a limit
    USAGE = 4  # the command line was wrong (click's own code, 2, would read as an invalid script)
    NO_SCRIPTS = 5  # `check` found no scripts, as pytest's "no tests collected"
    INTERNAL = 70  # a bug in gradcli (EX_SOFTWARE in sysexits.h)
    INTERRUPTED = 130  # SIGINT: the shell's code for Ctrl-C (128 + the signal)
    BROKEN_PIPE = 141  # SIGPIPE: the reader went away
    TERMINATED = 143  # SIGTERM


STATUS_EXIT = {"ok": ExitStatus.OK, "mismatch": ExitStatus.MISMATCH,
               "assertion": ExitStatus.MISMATCH, "invalid": ExitStatus.INVALID,
               "error": ExitStatus.SCRIPT_ERROR, "internal": ExitStatus.INTERNAL,
               "unchecked": ExitStatus.MISMATCH}  # a result's status -> its exit status
