"""Run a validated session script with Python's semantics, emitting events as things happen.

The script is compiled once into closures (one per node, chosen from a table by node type);
running it calls them. Nothing evaluates script text, and every attribute goes through the
API table, so the sandbox holds by construction.
"""
from __future__ import annotations

import ast
import os
import warnings
from collections.abc import Callable
from functools import partial
from typing import Any

from gradcli.engine import autograd, type_names
from gradcli.engine.errors import TorchError, set_warning_handler
from gradcli.engine.limits import Limits, limit_message
from gradcli.engine.runtime import Runtime, activated
from gradcli.events.encode import encode_value, repl_text
from gradcli.events.events import (
    FINDING,
    ErrorEvent,
    Event,
    FindingEvent,
    PrintEvent,
    ValueEvent,
    WarningEvent,
)
from gradcli.sandbox import deletion, py_system
from gradcli.sandbox.classes import compile_class
from gradcli.sandbox.explain import Explanation, Scene, explain_error, explain_warning
from gradcli.sandbox.expressions import ExpressionCompiler, Scope, Store
from gradcli.sandbox.forecast import Forecast, ends_only_by_its_items, refuse_steps
from gradcli.sandbox.functions import compile_def, compile_return
from gradcli.sandbox.guards import check_nested, count_sequence, known_length
from gradcli.sandbox.limits import LimitHit
from gradcli.sandbox.objects import ScriptFunction, ScriptInstance
from gradcli.sandbox.parse import Program, node_span
from gradcli.sandbox.provenance import Origin, Provenance, may_write_in_place, names_in
from gradcli.sandbox.script_errors import (
    UNCATCHABLE,
    ExceptionClass,
    ScriptError,
    hint_for,
    is_caught_by,
)
from gradcli.sandbox.watchdog import watchdog

Run = Callable[[], None]
SANDBOX_PACKAGE = "gradcli.sandbox."
# Python's exceptions that a script can cause by itself (1 / 0, [][1], int("x"), f(1, 2, 3)).
PYTHON_LEVEL = frozenset({ZeroDivisionError, IndexError, TypeError, ValueError, KeyError,
                          OverflowError, NameError, AttributeError, UnboundLocalError})
CLOCK_EVERY = 1023  # the time limit is read when the step count is a multiple of 1024
COMPOUND = (ast.For, ast.While, ast.If, ast.With, ast.Try)
INTERNAL_HINT = ("this is a bug in gradcli, not in your script; "
                 "run with GRADCLI_DEBUG=1 to see the traceback")


class InternalError(BaseException):
    """Something escaped from gradcli's own code: not the script's fault, never catchable."""

    def __init__(self, original: BaseException):
        super().__init__(repr(original))
        self.original = original


class _Break(BaseException):
    pass


class _Continue(BaseException):
    pass


class _Print:
    """The script's `print`: each line it completes is a PrintEvent at the current line. Text
    after the last newline (`end=""`) waits for the rest of its line, as parts (a loop of
    `print(i, end=" ")` must not copy the line each time): the next print that ends a line,
    the script's next event, or its end."""

    name = "print"  # in Python's messages about a call

    def __init__(self, rt: Interpreter):
        self.rt = rt
        self.parts: list[str] = []  # the unfinished line
        self.length, self.line = 0, 0  # its length, and the line of its first print
        self.stream = "stdout"  # which stream the unfinished line is on

    def __call__(self, *args, sep=" ", end="\n", file=None, flush=False) -> None:
        for name, value in (("sep", sep), ("end", end)):
            if value is not None and type(value) is not str:
                raise TypeError(f"{name} must be None or a string, not {type(value).__name__}")
        if not isinstance(file, (py_system.Stream, type(None))):  # (print calls file.write)
            raise ScriptError("AttributeError",
                              f"'{type_names.type_name(file)}' object has no attribute 'write'")
        stream = "stdout" if file is None else file.name
        pieces = [str(a) for a in args]
        for piece in (*pieces, sep or "", end or ""):
            _encodable(piece)
        text = (" " if sep is None else sep).join(pieces)
        text += "\n" if end is None else end
        count_sequence(text)
        if self.parts and stream != self.stream:
            self.flush()  # (the other stream's unfinished line goes out as it is)
        if not self.parts:
            self.line, self.stream = self.rt.current_line, stream
        self.parts.append(text)
        self.length += len(text)
        if self.length > self.rt.limits.max_sequence:
            raise LimitHit(limit_message(self.rt.limits, "max_sequence", "by one printed line"))
        if text.endswith("\n"):
            self.flush(self.rt.current_line)

    @property
    def pending(self) -> bool:
        return bool(self.parts)

    def flush(self, line: int | None = None) -> None:
        """The line so far as one event, at `line` (default: where it began), the final
        newline dropped (each event is a line)."""
        if self.parts:
            text = "".join(self.parts)
            self.parts, self.length = [], 0
            self.rt.emit(PrintEvent(self.line if line is None else line,
                                    text[:-1] if text.endswith("\n") else text,
                                    stream=self.stream))

    def __repr__(self) -> str:
        return "<built-in function print>"


type_names.TYPE_NAMES[_Print] = "builtin_function_or_method"


def _encodable(text: str) -> None:
    """Python's error where print writes text UTF-8 cannot hold (a lone surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as e:
        raise ScriptError("UnicodeEncodeError", str(e)) from None


def _in_grad_mode(manager: Any, fn: Callable) -> Callable:
    """fn, run in the manager's grad mode, the caller's restored after (even on error)."""
    def call(*args, **kwargs):
        with manager:
            return fn(*args, **kwargs)
    return call


def _raised_by_python(e: BaseException, python_modules: tuple[str, ...]) -> bool:
    """True when every frame of the traceback is the sandbox's or one of the API's modules
    written as Python over the script's objects: none from the engine, numpy..."""
    tb = e.__traceback__
    while tb is not None:
        if not tb.tb_frame.f_globals.get("__name__", "").startswith(python_modules):
            return False
        tb = tb.tb_next
    return True


def classify(e: Exception, limits: Limits, python_modules: tuple[str, ...] = (SANDBOX_PACKAGE,)
             ) -> ScriptError | InternalError | LimitHit:
    """What an exception escaping from an operation means for the script."""
    if isinstance(e, TorchError):
        return ScriptError(e.type_name, e.message)
    if isinstance(e, RecursionError):  # deep calls ran Python's stack out before the limit
        return LimitHit(limit_message(limits, "max_call_depth", "(Python's stack ran out)"))
    if isinstance(e, MemoryError):
        return ScriptError("LimitExceeded", "the host ran out of memory")
    if type(e) in PYTHON_LEVEL and _raised_by_python(e, python_modules):
        return ScriptError(type(e).__name__, str(e), e.args)
    return InternalError(e)


class Interpreter:
    """Runs one validated Program on the engine state `runtime`; `emit` receives every event.
    `api` is everything the script can name beyond Python (gradcli.torch.api: ROOT_NAMES,
    BUILTINS, MODULES, get_attribute/set_attribute, Watch, named_members...)."""

    def __init__(self, program: Program, emit: Callable[[Event], None],
                 runtime: Runtime | None = None, *, api: Any):
        self.program, self.api = program, api
        # where a Python exception is the script's (as `1 / 0` is): the sandbox, and the API's
        # modules that are Python over the script's objects in torch too (nn.Module, optim...)
        self.python_modules = (SANDBOX_PACKAGE, *getattr(api, "PYTHON_MODULES", ()))
        self.print = _Print(self)
        self.emit = self._after_printing(emit)
        self.runtime = runtime or Runtime()
        self.limits = self.runtime.limits
        py_system.begin(self.runtime, program.filename, self.print)  # sys.argv, sys.stdout
        self.env: dict[str, Any] = {}  # the script's variables
        self.base: dict[str, Any] = {**api.ROOT_NAMES, **api.BUILTINS, "print": self.print}
        self.current_line = 0
        self.current_source = ""
        self.statements_executed = 0
        self._try_depth = 0  # `try` bodies with handlers the compiler is inside
        self.call_depth = 0  # script functions and lambdas running now
        self.handling: list[ScriptError] = []  # the exceptions `except` blocks are handling
        self.provenance = Provenance()  # which line built each node: for explanations
        self.runtime.module_calls = self.provenance  # and which module call
        # told of each backward pass before anyone else (the check) hears of it
        self.runtime.backward_listeners.insert(0, self._pass_finished)
        self.watch = api.Watch(self.name_of)  # what --explain notes about training
        self.runtime.backward_listeners.append(self.watch.pass_finished)
        self._lines = program.source.splitlines()
        self._warned: set[tuple] = set()
        self.expressions = ExpressionCompiler(self)
        self._statements: dict[type, Callable[[Any, Scope | None], Run]] = {
            ast.Expr: self._echo, ast.Assign: self._assign, ast.AugAssign: self._aug_assign,
            ast.AnnAssign: self._annotated_assign,
            ast.For: self._for, ast.While: self._while, ast.If: self._if,
            # (nonlocal and global do nothing when run: they are facts of the scopes, compiled)
            **dict.fromkeys((ast.Pass, ast.Nonlocal, ast.Global), lambda *_: lambda f: None),
            ast.Delete: self._delete, ast.With: self._with, ast.Try: self._try,
            ast.Assert: self._assert, ast.Import: self._import, ast.ImportFrom: self._import_from,
            ast.Break: lambda node, scope: self._raiser(_Break),
            ast.Continue: lambda node, scope: self._raiser(_Continue),
            ast.FunctionDef: self._def, ast.Return: partial(compile_return, self),
            ast.ClassDef: lambda node, scope: compile_class(self, node, scope, self.block,
                                                            self._decorators),
            ast.Raise: self._raise,
        }

    # -- the public surface ----------------------------------------------------------------
    def run(self) -> None:
        """Run to the end, or to the first uncaught error (emitted as an ErrorEvent)."""
        self._execute(self.program.tree.body)

    def feed(self, program: Program) -> None:
        """Run a further program in this session's variables, as run() runs the first (the
        repl's next input). Its source is the whole session so far, its lines numbered so."""
        self.program, self._lines = program, program.source.splitlines()
        self._execute(program.tree.body)

    def _execute(self, statements: list[ast.stmt]) -> None:
        try:
            body = self.block(statements, None) or (lambda f: None)
        except RecursionError:  # only when --max-nesting was raised beyond what Python can do
            self.emit(ErrorEvent(1, "LimitExceeded", "expression nested too deeply for this "
                                 f"Python ({limit_message(self.limits, 'max_nesting')})"))
            return
        set_warning_handler(self._warn)
        self.watch.start()
        try:
            with activated(self.runtime), warnings.catch_warnings():
                # numpy's RuntimeWarnings (overflow in a cast, mean of an empty slice...) are
                # not the script's: torch's own warnings reach it through the engine's handler
                warnings.simplefilter("ignore", RuntimeWarning)
                with watchdog(self.runtime):  # ends what reads no clock, at the time limit
                    body(None)
        except ScriptError as e:
            line = e.line if e.line is not None else self.current_line
            message = e.message.splitlines()[0] if e.message else ""
            why = self._explained(e.message, explain_error)
            self.emit(ErrorEvent(line, e.type_name, message, e.col, e.end_col,
                                 why.hint if why else hint_for(e.message),
                                 clues=why.clues if why else ()))
        except LimitHit as e:
            self.emit(ErrorEvent(self.current_line, "LimitExceeded", e.message))
        except (InternalError, Exception) as e:
            original = e.original if isinstance(e, InternalError) else e
            if os.environ.get("GRADCLI_DEBUG") == "1":
                raise original
            self.emit(ErrorEvent(self.current_line, "InternalError",
                                 f"gradcli internal error: {original!r}; please report it",
                                 hint=INTERNAL_HINT))
        finally:
            set_warning_handler(None)
            self.watch.stop()
            self.print.flush()

    def _after_printing(self, emit: Callable[[Event], None]) -> Callable[[Event], None]:
        """emit, once the line a print left unfinished is out (it comes first on stdout)."""
        def emit_in_order(event: Event) -> None:
            if self.print.pending and not isinstance(event, PrintEvent):
                self.print.flush()
            emit(event)
        return emit_in_order

    def _pass_finished(self, record: autograd.PassRecord) -> None:
        self.provenance.pass_finished(record.number)

    def _explained(self, message: str, explain: Callable[[str, Scene], Explanation | None]
                   ) -> Explanation | None:
        """An explanation of the error or warning, or None. A bug in explaining must not
        hide the message it explains."""
        try:
            return explain(message, Scene(self.env, self.provenance, self.provenance.current,
                                          self.runtime.nan_node))
        except Exception:
            if os.environ.get("GRADCLI_DEBUG") == "1":
                raise
            return None

    def name_of(self, value: Any) -> str | None:
        """The script's name for this exact object: a variable, else an item of a list/tuple,
        else an attribute of an instance of a script class."""
        return self.names_of([value]).get(id(value))

    def names_of(self, values: list) -> dict[int, str]:
        """name_of of each value (by id) that has a name, in one walk of the variables: a
        pass's every parameter named with one listing of each model's parameters."""
        wanted = {id(v) for v in values}
        found = {id(v): name for name, v in reversed(self.env.items()) if id(v) in wanted}
        for name, v in self.env.items():
            if len(found) == len(wanted):
                break
            for label, item in self._named_items(name, v):
                if id(item) in wanted:
                    found.setdefault(id(item), label)
                    if len(found) == len(wanted):
                        break
        return found

    def _named_items(self, name: str, v: Any):
        """(name, item) of each item a variable holds: a list's, a model's parameters, a
        script instance's attributes."""
        if type(v) in (list, tuple):
            return ((f"{name}[{i}]", item) for i, item in enumerate(v))
        if (members := self.api.named_members(v)) is not None:  # model.fc1.weight, model.fc1
            return ((f"{name}.{attribute}", item) for attribute, item in members)
        if isinstance(v, ScriptInstance):
            return ((f"{name}.{attribute}", item) for attribute, item in v.attributes.items())
        return ()

    # -- services for the compiled closures -----------------------------------------------
    def count_step(self) -> None:
        n = self.statements_executed = self.statements_executed + 1
        if n > self.limits.max_steps or not n & CLOCK_EVERY:
            self.step_checks(n)

    def step_checks(self, n: int) -> None:
        """What step n, past the budget or a multiple of 1024, must check (the step counters
        inlined in the hot closures call this only then)."""
        if n > self.limits.max_steps:
            raise LimitHit(limit_message(self.limits, "max_steps"))
        self.runtime.check_clock()

    def enter_call(self) -> None:
        """A call of a script function or lambda begins: a step, and one level deeper (the
        caller's `finally` leaves it)."""
        n = self.statements_executed = self.statements_executed + 1  # (count_step, inlined)
        if n > self.limits.max_steps or not n & CLOCK_EVERY:
            self.step_checks(n)
        if self.call_depth >= self.limits.max_call_depth:
            raise LimitHit(limit_message(self.limits, "max_call_depth"))
        self.call_depth += 1

    def span(self, node: ast.AST) -> tuple[int, int, int | None]:
        return node_span(self._lines, node)

    def error(self, type_name: str, message: str, node: ast.AST,
              args: tuple | None = None) -> ScriptError:
        return ScriptError(type_name, message, args).locate(*self.span(node))

    def fail(self, e: Exception, node: ast.AST) -> BaseException:
        """The exception to raise for `e`, escaping from the operation at `node`."""
        err = classify(e, self.limits, self.python_modules)
        if isinstance(err, ScriptError):
            err.locate(*self.span(node))
        return err

    def _warn(self, category: str, message: str, once_per_process: bool | str) -> None:
        # Python's default filter: once per (message, category, line); some torch warnings
        # are once per process (a str: a once-flag shared by several messages).
        once = message if once_per_process is True else once_per_process
        key = (category, once) if once_per_process else (category, message, self.current_line)
        if key not in self._warned:
            self._warned.add(key)
            if category == FINDING:
                self.emit(FindingEvent(self.current_line, message))
                return
            first = message.splitlines()[0] if message else ""
            why = self._explained(message, explain_warning)
            self.emit(WarningEvent(self.current_line, category, first,
                                   clues=why.clues if why else (), hint=why.hint if why else ""))

    # -- compiling statements ---------------------------------------------------------------
    def _expr(self, node: ast.expr, statement: ast.stmt, scope: Scope | None):
        return self.expressions.compile(node, scope, statement.lineno)

    def _store(self, target: ast.expr, scope: Scope | None) -> Store:
        return self.expressions.store(target, scope)

    def block(self, statements: list[ast.stmt], scope: Scope | None) -> Run | None:
        """One closure running the statements in order (None for none), names in `scope`."""
        runs = [self._statement(s, scope) for s in statements]
        if len(runs) <= 1:
            return runs[0] if runs else None

        def block(f):
            for run in runs:
                run(f)
        return block

    def returning(self, node: ast.Return, scope: Scope | None) -> Run:
        """A function body's last statement, `return v`, as a statement (a step, its line,
        its errors located) whose closure returns v: no Return exception to unwind."""
        value = self._expr(node.value, node, scope) if node.value else (lambda f: None)
        return self._statement(node, scope, value)

    def _statement(self, node: ast.stmt, scope: Scope | None, body: Run | None = None) -> Run:
        """The statement's closure (`body`: what it runs, when not the usual one for its
        kind), counted as a step; it returns what body returns."""
        body = body or self._statements[type(node)](node, scope)
        line, source, rt = node.lineno, self._source_of(node), self
        max_steps = self.limits.max_steps
        origin = Origin(line, source, node)
        started = self.provenance.statement_started
        if may_write_in_place(node):
            body = self._watching_writes(body, node, origin)

        def statement(f):
            n = rt.statements_executed = rt.statements_executed + 1  # (count_step, inlined)
            if n > max_steps or not n & CLOCK_EVERY:
                rt.step_checks(n)
            rt.current_line, rt.current_source = line, source
            started(origin)
            try:
                return body(f)
            except ScriptError as e:
                raise e.locate(*rt.span(node))
            except Exception as e:
                raise rt.fail(e, node) from None
        return statement

    def _watching_writes(self, body: Run, node: ast.stmt, origin: Origin) -> Run:
        """The statement, noting which tensors it modified in place (for explanations)."""
        names, env = names_in(node), self.env
        versions, note = self.provenance.versions, self.provenance.note_writes

        def watched(f):
            before = versions([env.get(name) for name in names])
            try:
                return body(f)
            finally:
                note(before, origin)
        return watched

    def _source_of(self, node: ast.stmt) -> str:
        """The statement's text; for a compound statement, its header line."""
        lines = [line.encode() for line in self._lines[node.lineno - 1: node.end_lineno]]
        if not lines or isinstance(node, COMPOUND):
            return lines[0].decode().strip() if lines else ""
        lines[-1] = lines[-1][: node.end_col_offset]  # ast's offsets count UTF-8 bytes
        lines[0] = lines[0][node.col_offset:]
        return b"\n".join(lines).decode(errors="replace")

    def _raiser(self, kind: type) -> Run:
        def jump(f):
            raise kind
        return jump

    def _def(self, node: ast.FunctionDef, scope: Scope | None) -> Run:
        return compile_def(self, node, scope, self.block,
                           self._decorators(node.decorator_list, scope))

    def _decorators(self, nodes: list[ast.expr], scope: Scope | None
                    ) -> Callable[[ScriptFunction, Any], Any]:
        """decorate(fn, frame): fn as its decorators leave it, innermost first, as Python's
        `f = dec(f)`: a grad-mode manager (`@torch.no_grad()`) runs fn in its mode, any other
        callable the script reaches is called with fn."""
        decorators = [self.expressions.compile(d, scope, d.lineno) for d in reversed(nodes)]
        is_manager, fail = self.api.is_grad_mode_manager, self.fail

        def decorate(fn: Any, f) -> Any:
            for decorator, where in zip(decorators, reversed(nodes)):
                value = decorator(f)
                if is_manager(value):
                    fn = ScriptFunction(getattr(fn, "name", "<lambda>"), _in_grad_mode(value, fn))
                    continue
                try:
                    fn = value(fn)
                except ScriptError as e:
                    raise e.locate(*self.span(where))
                except Exception as e:
                    raise fail(e, where) from None
            return fn
        return decorate

    def _echo(self, node: ast.Expr, scope: Scope | None) -> Run:
        """The REPL's rule: a top-level statement (and its for/while/if/with/try blocks) echoes
        a value that is not None; inside a def or class body (scope set) nothing is echoed, as
        CPython compiles only the top-level statement in 'single' mode."""
        value, emit, line = self._expr(node.value, node, scope), self.emit, node.lineno
        if scope is not None:
            return value
        limits = self.limits

        def echo(f):
            v = value(f)
            if v is not None:
                check_nested(limits, v, "echoing a list")  # repr walks all of it
                emit(ValueEvent(line, encode_value(v), repl_text(v)))
        return echo

    def _assign(self, node: ast.Assign, scope: Scope | None) -> Run:
        value = self._expr(node.value, node, scope)
        if len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            return self.expressions.assign(node.targets[0].id, scope, value)
        stores = [self._store(t, scope) for t in node.targets]
        if len(stores) == 1:
            store = stores[0]
            return lambda f: store(f, value(f))

        def assign(f):
            v = value(f)
            for s in stores:  # a = b = v binds left to right, as Python
                s(f, v)
        return assign

    def _annotated_assign(self, node: ast.AnnAssign, scope: Scope | None) -> Run:
        """`y: Tensor = value` assigns; `y: Tensor` alone does nothing (annotations are never
        evaluated, as under `from __future__ import annotations`)."""
        if node.value is None:
            return lambda f: None
        return self._assign(ast.Assign([node.target], node.value, lineno=node.lineno,
                                       col_offset=node.col_offset, end_lineno=node.end_lineno,
                                       end_col_offset=node.end_col_offset), scope)

    def _aug_assign(self, node: ast.AugAssign, scope: Scope | None) -> Run:
        """Python's order: the target's parts, its current value, the right side, the op."""
        op, target = self.expressions.inplace[type(node.op)], node.target
        value = self._expr(node.value, node, scope)
        if isinstance(target, ast.Name):
            load, store = self._expr(target, node, scope), self._store(target, scope)
            return lambda f: store(f, op(load(f), value(f)))
        obj = self._expr(target.value, node, scope)
        if isinstance(target, ast.Subscript):
            index = self._expr(target.slice, node, scope)

            def aug_item(f):
                o, key = obj(f), index(f)
                o[key] = op(o[key], value(f))
            return aug_item
        get, put, name = self.api.get_attribute, self.api.set_attribute, target.attr

        def aug_attribute(f):
            o = obj(f)
            put(o, name, op(get(o, name), value(f)))
        return aug_attribute

    def _for(self, node: ast.For, scope: Scope | None) -> Run:
        iterable, store = self._expr(node.iter, node, scope), self._store(node.target, scope)
        body, orelse = self.block(node.body, scope), self.block(node.orelse, scope)
        rt, line, max_steps = self, node.lineno, self.limits.max_steps
        # a loop that only its items (or an error no `try` around it catches) can end
        foreseeable = not self._try_depth and ends_only_by_its_items(node.body)

        def loop(f):
            try:
                source = iterable(f)
                items = iter(source)
            except Exception as e:
                raise rt.fail(e, node.iter) from None
            forecast = rt.forecast_loop(source, 2, "a for loop") if foreseeable else None
            n, look_at = 0, -1 if forecast is None else 1  # n items are done; look at look_at
            for item in items:
                # iterations count, so `for i in range(10**12)` ends (count_step, inlined)
                steps = rt.statements_executed = rt.statements_executed + 1
                if steps > max_steps or not steps & CLOCK_EVERY:
                    rt.step_checks(steps)
                if n == look_at:
                    forecast.look(n)
                    look_at = forecast.next_look(n)
                n += 1
                rt.current_line = line
                store(f, item)
                try:
                    body(f)
                except _Break:
                    break
                except _Continue:
                    continue
            else:
                if orelse:
                    orelse(f)
        return loop

    def forecast_loop(self, source: Any, each: int, what: str) -> Forecast | None:
        """The forecast of a loop over `source` (each item at least `each` steps), refused
        at once if its steps cannot fit the budget; None when its length is unknown."""
        total = known_length(source)
        if total is None:
            return None
        refuse_steps(self.limits, self.statements_executed, total, each, what)
        return Forecast(self.runtime, total, f"{what} of {total:,} items")

    def endless_forecast(self) -> Forecast:
        """The forecast of a loop that only the step budget can end: it has as many items as
        the budget has room for (two steps each: the test and a statement)."""
        room = max(self.limits.max_steps - self.statements_executed, 0) // 2 + 1
        return Forecast(self.runtime, room, "a `while True` loop, which only the step budget "
                        f"can end (after {room:,} more iterations at most)")

    def _while(self, node: ast.While, scope: Scope | None) -> Run:
        test = self._expr(node.test, node, scope)
        body = self.block(node.body, scope) or (lambda f: None)
        orelse = self.block(node.orelse, scope)
        rt, line, fail = self, node.lineno, self.fail
        # `while True:` with no way out: only the step budget (or an error) can end it
        endless = (isinstance(node.test, ast.Constant) and bool(node.test.value)
                   and not self._try_depth and ends_only_by_its_items(node.body))

        def loop(f):
            forecast = rt.endless_forecast() if endless else None
            n, look_at = 0, -1 if forecast is None else 1  # n iterations are done
            while True:
                rt.count_step()  # each test counts, so `while True: pass` ends
                if n == look_at:
                    forecast.look(n)
                    look_at = forecast.next_look(n)
                n += 1
                rt.current_line = line
                v = test(f)
                try:
                    go = bool(v)
                except Exception as e:  # bool() of a tensor with several elements
                    raise fail(e, node.test) from None
                if not go:
                    break
                try:
                    body(f)
                except _Break:
                    return
                except _Continue:
                    continue
            if orelse:
                orelse(f)
        return loop

    def _if(self, node: ast.If, scope: Scope | None) -> Run:
        test = self._expr(node.test, node, scope)
        body, orelse = self.block(node.body, scope), self.block(node.orelse, scope)
        fail = self.fail

        def if_(f):
            v = test(f)
            try:
                chosen = body if v else orelse
            except Exception as e:  # bool() of a tensor with several elements
                raise fail(e, node.test) from None
            if chosen:
                chosen(f)
        return if_

    def _delete(self, node: ast.Delete, scope: Scope | None) -> Run:
        unbinds = [self.expressions.unbind(target.id, scope, target)
                   if isinstance(target, ast.Name) else
                   deletion.unset(self.expressions, target, scope) for target in node.targets]

        def delete(f):
            for unbind in unbinds:
                unbind(f)
        return delete

    def _with(self, node: ast.With, scope: Scope | None) -> Run:
        body = self.block(node.body, scope) or (lambda f: None)
        for item in reversed(node.items):  # `with a, b:` is `with a: with b:`
            body = self._with_item(item, body, node, scope)
        return body

    def _with_item(self, item: ast.withitem, body: Run, node: ast.With,
                   scope: Scope | None) -> Run:
        manager = self._expr(item.context_expr, node, scope)
        target = self._store(item.optional_vars, scope) if item.optional_vars else None
        is_manager, error = self.api.is_grad_mode_manager, self.error

        def with_(f):
            m = manager(f)
            if not is_manager(m):
                raise error("TypeError", f"'{type(m).__name__}' object does not support the "
                            "context manager protocol", item.context_expr)
            entered = m.__enter__()
            try:
                if target:
                    target(f, entered)
                body(f)
            finally:
                m.__exit__(None, None, None)  # grad-mode managers never swallow exceptions
        return with_

    def _try(self, node: ast.Try, scope: Scope | None) -> Run:
        self._try_depth += bool(node.handlers)  # its errors may be the way a loop ends
        try:
            body = self.block(node.body, scope)
        finally:
            self._try_depth -= bool(node.handlers)
        names = self.expressions
        handlers = [(self._matcher(h.type), (names.bind(h.name, scope), names.unbind(h.name, scope))
                     if h.name else (None, None), self.block(h.body, scope))
                    for h in node.handlers]
        orelse, final = self.block(node.orelse, scope), self.block(node.finalbody, scope)
        handling = self.handling

        def try_(f):
            try:
                body(f)
            except ScriptError as e:
                for matches, (bind, unbind), handler in handlers:
                    if matches(e.type_name):
                        if bind:
                            bind(f, e)
                        handling.append(e)
                        try:
                            handler(f)
                        finally:
                            handling.pop()
                            if unbind:  # Python unbinds `e` when the handler ends
                                unbind(f)
                        break
                else:
                    raise
            else:
                if orelse:
                    orelse(f)
            finally:
                if final:
                    final(f)
        return try_

    def _matcher(self, handler_type: ast.expr | None) -> Callable[[str], bool]:
        if handler_type is None:  # a bare `except:`
            return lambda type_name: type_name not in UNCATCHABLE
        nodes = handler_type.elts if isinstance(handler_type, ast.Tuple) else [handler_type]
        names = [n.id for n in nodes]
        return lambda type_name: any(is_caught_by(type_name, n) for n in names)

    def _raise(self, node: ast.Raise, scope: Scope | None) -> Run:
        """`raise E(...)`, `raise E` (called without arguments), a bare `raise` in a handler;
        `from` is evaluated, as in Python, and has no other effect on what a session shows."""
        exc = self._expr(node.exc, node, scope) if node.exc else None
        cause = self._expr(node.cause, node, scope) if node.cause else None
        error, handling = self.error, self.handling

        def raise_(f):
            if exc is None:
                if not handling:
                    raise error("RuntimeError", "No active exception to reraise", node)
                raise handling[-1]
            value = exc(f)
            if isinstance(value, ExceptionClass):
                value = value()
            if cause:
                cause(f)
            if type(value) is not ScriptError:
                raise error("TypeError", "exceptions must derive from BaseException", node)
            raise value.locate(*self.span(node))
        return raise_

    def _assert(self, node: ast.Assert, scope: Scope | None) -> Run:
        test = self._expr(node.test, node, scope)
        message = self._expr(node.msg, node, scope) if node.msg else None
        fail, error = self.fail, self.error

        def assert_(f):
            v = test(f)
            try:
                ok = bool(v)
            except Exception as e:
                raise fail(e, node.test) from None
            if not ok:
                if message is None:
                    raise error("AssertionError", "", node, ())
                m = message(f)
                check_nested(self.limits, m, "an assert message")
                raise error("AssertionError", str(m), node, (m,))
        return assert_

    def _import(self, node: ast.Import, scope: Scope | None) -> Run:
        modules, bind = self.api.MODULES, self.expressions.bind
        # `import torch.nn.functional` binds `torch`; with `as F`, F is the module itself.
        bindings = [(bind(a.asname, scope), modules[a.name]) if a.asname else
                    (bind(a.name.split(".")[0], scope), modules[a.name.split(".")[0]])
                    for a in node.names]

        def import_(f):
            for store, module in bindings:
                store(f, module)
        return import_

    def _import_from(self, node: ast.ImportFrom, scope: Scope | None) -> Run:
        modules, get, error = self.api.MODULES, self.api.get_attribute, self.error
        module = modules[node.module]
        stores = [self.expressions.bind(alias.asname or alias.name, scope) for alias in node.names]

        def import_from(f):
            for alias, store in zip(node.names, stores):
                full = f"{node.module}.{alias.name}"
                try:  # Python's order: the attribute, else the submodule
                    value = get(module, alias.name) if alias.name in module.members or \
                        full not in modules else modules[full]
                except TorchError:
                    raise error("ImportError", f"cannot import name '{alias.name}' from "
                                f"'{node.module}'", node) from None
                store(f, value)
        return import_from
