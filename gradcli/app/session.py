"""A session: one run of gradcli, with its own engine state (a Runtime), interpreter and check.

`run` runs a whole script; the repl feeds it input after input in the same variables and
graph; `graph` feeds it a script and then looks at the tensors it left. Every command drives
a run this one way. It never prints: events go to `on_event`.
"""
from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import Any

from gradcli.app.running import RunOptions, checked_rows, lightened, new_runtime
from gradcli.engine import autograd
from gradcli.events.events import BackwardEvent, Event, InvalidEvent, SessionResult, count_rows

MAX_PROBLEMS_SHOWN = 50  # a rejected script's problems shown, each with its line (all counted)


class Session:
    """One session, run whole or fed input by input; `result` holds every event so far."""

    def __init__(self, source_name: str, options: RunOptions | None = None,
                 on_event: Callable[[Event], None] | None = None) -> None:
        from gradcli.check.checker import Checker
        from gradcli.sandbox.interp import Interpreter
        from gradcli.sandbox.parse import parse
        from gradcli.torch import api

        self.options = options or RunOptions()
        self.result = SessionResult(source_name, "", strict=self.options.strict)
        self._on_event = on_event
        self._vocabulary = api.VOCABULARY
        self._assigned: frozenset[str] = frozenset()
        self._attributes: frozenset[str] = frozenset()  # those earlier inputs' classes define
        self._classes = False  # whether any input so far held a class statement
        self._piece: SessionResult | None = None  # the input being run
        self._clock_origin = self.options.clock_origin  # the first input's, then each's own
        runtime = new_runtime(self.options)  # grad mode, seed...: kept from input to input
        self.interpreter = Interpreter(
            parse("", source_name, self.options.limits, self._vocabulary), self._emit, runtime,
            api=api)
        self.checker = Checker(self.interpreter.name_of, self.options.rtol, self.options.atol,
                               enabled=self.options.check, const_name=self._const_name,
                               names_of=self.interpreter.names_of)
        runtime.backward_listeners.append(self._on_pass)
        runtime.tangent_listeners.append(self._on_pass)  # (forward AD's: rows as a pass's)

    def _const_name(self, record) -> str | None:
        """The variable holding the tensor a graph read as a constant (X in `X @ W1`): same
        memory, same shape. For matrix forms only; asked once per graph shape."""
        value = getattr(record.value, "array", record.value)
        for name, v in self.interpreter.env.items():
            if getattr(v, "_storage", None) is record.storage and \
                    tuple(getattr(v, "shape", ())) == tuple(value.shape):
                return name
        return None

    @property
    def variables(self) -> dict[str, Any]:
        """The script's variables now, by name."""
        return self.interpreter.env

    def run(self, source: str) -> SessionResult:
        """Run a whole script in this (fresh) session; `result` then holds its events."""
        self.feed(source)
        return self.result

    def feed(self, text: str) -> SessionResult:
        """Run `text` after everything fed before; its lines continue the session's numbering.
        Returns this input's events alone (its own status); `result` gathers them all."""
        from gradcli.app.sources import undecodable
        from gradcli.events.expectations import surrogates
        from gradcli.sandbox.parse import ScriptInvalid, defines_classes, parse

        offset = len(self.result.source.splitlines())
        unreadable = undecodable(text)
        if unreadable is not None:  # bytes that were not UTF-8: shown as U+FFFD, never run
            text = text.encode("utf-8", "replace").decode("utf-8")
        self.result.source += text if text.endswith("\n") else text + "\n"
        piece = SessionResult(self.result.source_name, self.result.source,
                              strict=self.options.strict)
        self._piece = piece
        if unreadable is not None:
            self._emit(InvalidEvent(offset + (unreadable.line or 1), unreadable.col,
                                    unreadable.message, unreadable.hint))
            return piece
        self._classes |= defines_classes(text)
        self.checker.surrogates |= surrogates(text)
        known = dataclasses.replace(
            self._vocabulary, names=self._vocabulary.names | self._assigned | set(self.variables),
            attributes=self._vocabulary.attributes | self._attributes,
            script_classes=self._classes)
        try:
            # blank lines in front: line numbers, and so every location, count from the start
            program = parse("\n" * offset + text, self.result.source_name,
                            self.options.limits, known)
        except ScriptInvalid as e:
            self._reject(e.problems)
            return piece
        # names assigned by earlier inputs are variables too (the compiler reads them from env)
        self._assigned |= program.assigned
        self._attributes |= program.attributes
        self._run(dataclasses.replace(program, source=self.result.source,
                                      assigned=self._assigned))
        return piece

    def _run(self, program: Any) -> None:
        interpreter, summary = self.interpreter, self.result.summary
        interpreter.statements_executed = 0  # the step budget is per input
        # and so are the time limit (the first from the options' origin) and the work
        interpreter.runtime.start_budgets(self._clock_origin)
        self._clock_origin = None
        try:
            interpreter.feed(program)
        finally:
            summary.statements += interpreter.statements_executed
            self._piece.summary.statements = interpreter.statements_executed

    def _reject(self, problems: list[Any]) -> None:
        """Every problem the validator found, counted; the first MAX_PROBLEMS_SHOWN shown."""
        for summary in (self.result.summary, self._piece.summary):
            summary.problems += len(problems)
        for p in problems[:MAX_PROBLEMS_SHOWN]:
            self._emit(InvalidEvent(p.line, p.col, p.message, p.hint, p.end_col))

    def _on_pass(self, record: autograd.PassRecord | autograd.TangentRead) -> None:
        started = time.monotonic()
        rows = checked_rows(self.checker, record)
        self.interpreter.runtime.check_seconds += time.monotonic() - started
        for summary in (self.result.summary, self._piece.summary):
            summary.backward += 1
            count_rows(summary, rows)
        interpreter = self.interpreter
        api = record.api
        self._emit(BackwardEvent(interpreter.current_line, interpreter.current_source,
                                 tuple(rows), self.result.summary.backward, api=api))

    def _emit(self, event: Event) -> None:
        kept = event if self.options.keep_event_data else lightened(event)
        self.result.events.append(kept)
        if self._piece is not None:
            self._piece.events.append(kept)
        if self._on_event is not None:
            self._on_event(event)
