"""Which backward calls a report shows whole: a training loop reads as a summary. The first
SHOWN_CALLS calls of each line are shown whole; later ones fold, until something else is shown,
into one line (`backward #4–#99 · line 38 · 396 gradients ✓`). The table and the HTML page
fold alike; each decides how a fold looks."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from gradcli.events.events import BackwardEvent

SHOWN_CALLS = 3
Call = tuple[BackwardEvent, int]  # a call and its number


@dataclass
class Fold:
    """Calls of one line past the third, held back since the last thing shown."""

    first: int  # the first call's number
    last: Call
    mismatched: Call | None = None  # the first call with a ✗: a report shows it whole
    verdicts: dict[str, int] = field(default_factory=dict)  # "✓"/"✗"/"unchecked" -> rows
    calls: list[Call] | None = None  # every call, where the report keeps them

    def add(self, event: BackwardEvent, number: int) -> None:
        self.last = (event, number)
        if self.calls is not None:
            self.calls.append(self.last)
        for row in event.grads:
            mark = {True: "✓", False: "✗", None: "unchecked"}[row.match]
            self.verdicts[mark] = self.verdicts.get(mark, 0) + 1
        if self.mismatched is None and any(row.match is False for row in event.grads):
            self.mismatched = self.last

    @property
    def failed(self) -> bool:
        return "✗" in self.verdicts

    def summary(self) -> str:
        """`backward #4–#99 · line 38 · 396 gradients ✓` (each verdict counted when mixed)."""
        event, number = self.last
        calls = f"#{self.first}" if number == self.first else f"#{self.first}–#{number}"
        rows = sum(self.verdicts.values())
        return (f"{event.api} {calls} · line {event.line} · {rows:,} "
                f"gradients{counted(self.verdicts)}")


def counted(verdicts: Mapping[str, int]) -> str:
    """` ✓` when every row matched, else each verdict's count: ` · 193 ✓ · 1 ✗`."""
    if set(verdicts) == {"✓"}:
        return " ✓"
    return "".join(f" · {count:,} {mark}" for mark, count in verdicts.items())


class Folding:
    """Told each call as it comes, says whether to show it now; holds the rest as folds."""

    def __init__(self, every_call: bool = False, keep_calls: bool = False) -> None:
        self.every_call, self.keep_calls = every_call, keep_calls
        self.calls_per_line: dict[tuple[str, int], int] = {}
        self.folds: dict[tuple[str, int], Fold] = {}  # held back, by (api, line)
        self.last_folded: dict[tuple[str, int], Call] = {}
        self.shown_whole: set[int] = set()  # folded calls a fold showed whole (a mismatch)

    def shows(self, event: BackwardEvent, number: int) -> bool:
        """True: show this call whole now; False: it joins its line's fold."""
        key = (event.api, event.line)
        self.calls_per_line[key] = self.calls_per_line.get(key, 0) + 1
        if self.every_call or self.calls_per_line[key] <= SHOWN_CALLS:
            return True
        fold = self.folds.get(key)
        if fold is None:
            fold = self.folds[key] = Fold(number, (event, number),
                                          calls=[] if self.keep_calls else None)
        fold.add(event, number)
        self.last_folded[key] = (event, number)
        return False

    def settle(self) -> list[Fold]:
        """The folds held back, in the order their calls began (something else is shown)."""
        folds = sorted(self.folds.values(), key=lambda fold: fold.first)
        self.folds.clear()
        self.shown_whole.update(fold.mismatched[1] for fold in folds if fold.mismatched)
        return folds

    def last_calls(self) -> list[Call]:
        """Each folded line's last call, unless a fold showed it whole already; and the next
        calls count afresh (a repl's next input)."""
        last = [call for call in sorted(self.last_folded.values(), key=lambda call: call[1])
                if call[1] not in self.shown_whole]
        self.last_folded.clear()
        self.calls_per_line.clear()
        self.shown_whole.clear()
        return last
