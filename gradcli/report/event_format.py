"""The one dispatch over a session's event types that every format shares: a format writes
a method per kind of event (`on_value`, `on_print`, ...) and `dispatch` calls the event's.

A new event type is one more abstract method here: each format then has to say how it shows
it, as a format that lacks one cannot be made.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Generic, TypeVar

from gradcli.events.events import (
    BackwardEvent,
    ErrorEvent,
    Event,
    FindingEvent,
    InvalidEvent,
    PrintEvent,
    ValueEvent,
    WarningEvent,
)

Shown = TypeVar("Shown")  # what the format makes of an event: nothing (it writes), a dict, …


class EventFormat(ABC, Generic[Shown]):
    """How one format shows each kind of event."""

    def dispatch(self, event: Event) -> Shown:
        """`event` shown by the method named for its kind."""
        return getattr(self, f"on_{event.kind}")(event)

    def end_of_input(self) -> None:
        """A repl input ended: a format that holds events back (folded calls) writes them."""

    @abstractmethod
    def on_value(self, event: ValueEvent) -> Shown: ...

    @abstractmethod
    def on_print(self, event: PrintEvent) -> Shown: ...

    @abstractmethod
    def on_warning(self, event: WarningEvent) -> Shown: ...

    @abstractmethod
    def on_finding(self, event: FindingEvent) -> Shown: ...

    @abstractmethod
    def on_backward(self, event: BackwardEvent) -> Shown: ...

    @abstractmethod
    def on_error(self, event: ErrorEvent) -> Shown: ...

    @abstractmethod
    def on_invalid(self, event: InvalidEvent) -> Shown: ...
