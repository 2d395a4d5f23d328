"""Parse a session script and validate all of it against the session language, before it runs."""
from __future__ import annotations

import ast
import re
import warnings
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from itertools import repeat

from gradcli.engine.limits import Limits, limit_message
from gradcli.sandbox.formatting import LOOKUP_HINT, NO_LOOKUPS, lookup_field
from gradcli.sandbox.hints import Hints, closest
from gradcli.sandbox.limits import digits_exceed
from gradcli.sandbox.module_attributes import ModuleAttributes, bound_names, written
from gradcli.sandbox.script_errors import CATCHABLE, TORCH_EXCEPTIONS
from gradcli.sandbox.type_objects import MODULE_DUNDERS, READABLE_DUNDERS

# Attributes the interpreter itself answers (on a caught exception), beyond the API table's.
INTERPRETER_ATTRIBUTES = frozenset({"args"})
# nn.Module methods that define an attribute named by their first argument
REGISTERING = frozenset({"register_buffer", "register_parameter", "register_module",
                         "add_module"})
GRAD_MODE_MANAGERS = frozenset({"no_grad", "enable_grad", "set_grad_enabled", "inference_mode",
                                "detect_anomaly", "set_detect_anomaly", "dual_level",
                                "saved_tensors_hooks"})
CONTEXT_MANAGERS = GRAD_MODE_MANAGERS | {"tqdm", "trange"}  # (tqdm's bar closes at the end)
BINARY_OPERATORS = {
    ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//",
    ast.Mod: "%", ast.Pow: "**", ast.MatMult: "@",
    ast.BitOr: "|", ast.BitAnd: "&", ast.BitXor: "^",  # sets, dict merges, masks, ints
}
LOOP, FUNCTION, METHOD = 1, 2, 4  # where a statement is: a loop's, function's, method's body
LEAF_TYPES = (ast.expr_context, ast.operator, ast.unaryop, ast.cmpop, ast.boolop)
CONSTANT_TYPES = (int, float, str, bool, type(None), type(Ellipsis))

NO_GENERATORS = "return a list instead; see docs/language.md"
NO_ASYNC = "a session runs from top to bottom: drop `async`/`await`"
# Node types outside the language -> (message, hint).
REJECTED: dict[type, tuple[str, str]] = {
    ast.AsyncFunctionDef: ("`async def` is not part of the session language", NO_ASYNC),
    ast.NamedExpr: ("`:=` is not part of the session language",
                    "assign the value on a line of its own first"),
    ast.Yield: ("generators (`yield`) are not part of the session language", NO_GENERATORS),
    ast.YieldFrom: ("generators (`yield`) are not part of the session language", NO_GENERATORS),
    ast.Await: ("`await` is not part of the session language", NO_ASYNC),
    ast.AsyncFor: ("`async for` is not part of the session language", NO_ASYNC),
    ast.AsyncWith: ("`async with` is not part of the session language", NO_ASYNC),
    ast.TryStar: ("`except*` is not part of the session language", "use `except`"),
    ast.Match: ("`match` is not part of the session language", "use if/elif/else"),
}
DANGEROUS_NAMES = frozenset({
    "open", "eval", "exec", "compile", "delattr", "globals", "locals",
    "vars", "dir", "__import__", "__builtins__", "input", "breakpoint", "help", "memoryview",
    "object", "super", "classmethod", "staticmethod", "property",
})
ATTRIBUTE_BUILTINS = frozenset({"getattr", "setattr", "hasattr"})
CLASS_HINT = "see Classes in docs/language.md"
CLASS_DECORATORS = frozenset({"staticmethod", "classmethod", "property"})
PROPERTY_ACCESSORS = frozenset({"setter", "getter"})  # `@name.setter` in a class body
# the special methods a script's class may define: each is one ScriptInstance answers
METHOD_DUNDERS = frozenset({"__init__", "__call__", "__repr__", "__str__", "__len__",
                            "__getitem__", "__post_init__"})
CLASS_DECORATOR = "dataclass"  # the one decorator a class takes: @dataclass, @dataclasses.dataclass
# Dunder methods a script may not define -> what to write instead.
DUNDER_HINTS = {
    "__iter__": "return a list from a method and iterate over it, or define __getitem__",
}
OPERATOR_HINT = "write a method such as `add(self, other)` and call it"
SANDBOX_HINT = ("sessions run PyTorch code only; files, modules and Python's internals are "
                "out of reach")


class ScriptInvalid(Exception):
    """The script is not in the session language. Columns are 1-based; end_col is inclusive.
    The first problem in the script; `problems` holds every one, in the script's order (the
    validator reports them all at once, as ruff and mypy do)."""

    def __init__(self, line: int, col: int, end_col: int | None, message: str, hint: str = ""):
        super().__init__(f"line {line}, column {col}: {message}")
        self.line, self.col, self.end_col = line, col, end_col
        self.message, self.hint = message, hint
        self.problems: list[ScriptInvalid] = [self]

    @classmethod
    def of(cls, problems: list[ScriptInvalid]) -> ScriptInvalid:
        """All `problems` at once: raised as the first, its text every one's."""
        problems = sorted(problems, key=lambda p: (p.line, p.col))
        first = problems[0]
        first.problems = problems
        first.args = ("\n".join(str(p.args[0]) for p in problems),)
        return first


@dataclass(frozen=True)
class Vocabulary:
    """The names a script may use without assigning them, the importable modules and the
    attribute names the API table knows."""

    names: frozenset[str]
    modules: frozenset[str]
    attributes: frozenset[str]
    script_classes: bool = False  # earlier inputs defined classes: later ones use their instances
    hints: Hints = Hints()  # how an unknown name's hint is worded
    # each importable module's own attribute names (`torch.vander` is not torch.linalg's)
    module_members: Mapping[str, frozenset[str]] = field(default_factory=dict, compare=False)

    @classmethod
    def from_api(cls, api) -> Vocabulary:
        return cls(
            names=frozenset(api.ROOT_NAMES) | frozenset(api.BUILTINS) | {"print"},
            modules=frozenset(api.MODULES),
            attributes=frozenset(api.ALL_ATTRIBUTE_NAMES) | INTERPRETER_ATTRIBUTES,
            hints=getattr(api, "HINTS", Hints()),
            module_members={name: frozenset(m.members) for name, m in api.MODULES.items()
                            if hasattr(m, "members")},  # (an API of plain modules: unchecked)
        )


def defines_classes(source: str) -> bool:
    """Whether `source` may hold a class statement: its instances' attributes are then
    checked once the whole script (or session) is known."""
    return re.search(r"^\s*class\b", source, re.M) is not None


@dataclass(frozen=True)
class Program:
    """A validated script: its syntax tree, its text, the names it assigns anywhere and the
    attribute names its classes and attribute assignments define."""

    tree: ast.Module
    source: str
    filename: str
    assigned: frozenset[str]
    attributes: frozenset[str]

    def lines(self) -> list[str]:
        return self.source.splitlines()


def parse(source: str, filename: str, limits: Limits | None, vocabulary: Vocabulary) -> Program:
    """Parse and validate the whole script; raise ScriptInvalid with every problem."""
    limits = limits or Limits()
    if len(source) > limits.max_script_chars:
        raise ScriptInvalid(1, 1, None, limit_message(limits, "max_script_chars"),
                            "split the session into several scripts")
    tree = _python_parse(source, filename, limits)
    validator = _Validator(source, limits, vocabulary)
    validator.check(tree)
    problems = validator.found()
    if problems:
        raise ScriptInvalid.of(problems)
    return Program(tree, source, filename, frozenset(validator.assigned),
                   frozenset(validator.script_attributes))


def _python_parse(source: str, filename: str, limits: Limits) -> ast.Module:
    try:
        with warnings.catch_warnings():  # `1if x else 2`, '\d': not for the user's terminal
            warnings.simplefilter("ignore")
            return ast.parse(source, filename)
    except (SyntaxError, ValueError) as e:  # ValueError: NUL bytes, before Python 3.11.4
        if "null bytes" in str(e):
            nul = source.find("\0")
            line, col = source.count("\n", 0, nul) + 1, nul - source.rfind("\n", 0, nul)
            raise ScriptInvalid(line, col, None, "source code string cannot contain null bytes",
                                "remove the NUL characters") from None
        line, col = e.lineno or 1, e.offset or 1
        end = e.end_offset - 1 if e.end_offset and e.end_lineno == line and e.end_offset > col \
            else None
        raise ScriptInvalid(line, col, end, e.msg, "") from None
    except (RecursionError, MemoryError):  # e.g. a sum of 200,000 terms
        raise ScriptInvalid(1, 1, None, f"{limit_message(limits, 'max_nesting')}: the "
                            "expression is nested too deeply even for Python's own parser",
                            "split the expression into several assignments") from None


def _split_attribute(node: ast.AST) -> ast.Attribute | None:
    """The attribute of `obj\n.name` or `obj\n.name(...)`, whose name is on a later line."""
    attr = node.func if isinstance(node, ast.Call) else node
    if isinstance(attr, ast.Attribute) and attr.end_lineno != attr.lineno:
        return attr
    return None


def reported_line(node: ast.AST) -> int:
    """The line Python reports for an operation: an attribute access or method call split over
    lines is reported at the attribute's name (as CPython 3.11 compiles it)."""
    attr = _split_attribute(node)
    return attr.end_lineno if attr else node.lineno


def node_span(lines: list[str], node: ast.AST) -> tuple[int, int, int | None]:
    """(line, 1-based col, inclusive end col or None) in characters; ast counts UTF-8 bytes."""
    attr = _split_attribute(node)
    if attr:
        line, start = attr.end_lineno, attr.end_col_offset - len(attr.attr.encode())
    else:
        line, start = getattr(node, "lineno", 1) or 1, node.col_offset
    text = lines[line - 1].encode() if 0 < line <= len(lines) else b""
    col = len(text[:start].decode(errors="replace")) + 1
    end = None
    if getattr(node, "end_lineno", None) == line and node.end_col_offset is not None:
        end = len(text[: node.end_col_offset].decode(errors="replace"))
    return line, col, end


def _inner_chain(node: ast.AST) -> Iterable[ast.AST]:
    """What `node` reads from, inwards: `a.b(c)[0].d` gives `a.b(c)[0]`, `a.b(c)`, `a.b`, `a`."""
    while isinstance(node, (ast.Attribute, ast.Subscript, ast.Call)):
        node = node.func if isinstance(node, ast.Call) else node.value
        yield node


def _property_accessor(node: ast.expr) -> bool:
    """`@name.setter`: the class body's own property `name`, resolved when the class runs."""
    return (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
            and node.attr in PROPERTY_ACCESSORS)


def argument_destinations(node: ast.Call) -> set[str]:
    """The attribute names `parser.add_argument(...)` gives the parsed arguments, as argparse
    names them: `dest=`, else the first long option (else the first name) without its dashes."""
    dest = [k.value.value for k in node.keywords if k.arg == "dest" and
            isinstance(k.value, ast.Constant) and isinstance(k.value.value, str)]
    names = [a.value for a in node.args if isinstance(a, ast.Constant) and
             isinstance(a.value, str)]
    chosen = dest or [n for n in names if n.startswith("--")][:1] or names[:1]
    return {n.lstrip("-").replace("-", "_") for n in chosen}


def class_targets(node: ast.Assign | ast.AnnAssign) -> list[ast.expr]:
    return node.targets if isinstance(node, ast.Assign) else [node.target]


def _is_dataclass(node: ast.expr) -> bool:
    """@dataclass, @dataclass(...), @dataclasses.dataclass(...)"""
    node = node.func if isinstance(node, ast.Call) else node
    return getattr(node, "id", getattr(node, "attr", None)) == CLASS_DECORATOR


def _is_super(node: ast.expr) -> bool:
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id == "super")


class _Validator:
    """A whitelist walk with an explicit stack: every node type must have a check."""

    def __init__(self, source: str, limits: Limits, vocabulary: Vocabulary):
        self.lines = source.splitlines()
        self.limits = limits
        self.vocabulary = vocabulary
        self.assigned: set[str] = set()
        self.loads: list[ast.Name] = []  # names read (or deleted): checked once all are known
        self.context = 0  # LOOP | FUNCTION | METHOD: where the node being checked is
        self.methods: set[int] = set()  # ids of the FunctionDefs in class bodies
        # A script with classes may use the attribute names it defines: checked at the end.
        self.defines_classes = vocabulary.script_classes or defines_classes(source)
        self.script_attributes: set[str] = set()
        self.star_targets: set[int] = set()  # ids of the `*rest` of tuple targets
        self.attribute_uses: list[tuple[ast.AST, str]] = []
        # (line, col) -> the problem found there and its node: every one, one per place
        self.problems: dict[tuple[int, int], tuple[ScriptInvalid, ast.AST]] = {}
        self.refused_imports: set[str] = set()  # the names refused imports would bind
        self.private_uses: list[tuple[ast.AST, str]] = []  # `obj._name`: the script's own?
        # setattr(self, f"layer{i}", ...) defines self.layer0, self.layer1...
        self.attribute_prefixes: set[str] = set()
        self.module_attributes = ModuleAttributes(vocabulary.module_members)
        self.checks: dict[type, Callable[[ast.AST], Iterable[ast.AST] | None]] = {
            ast.Module: self.generic, ast.Expr: self.generic, ast.Assign: self.generic,
            ast.If: self.generic, ast.Pass: self.generic, ast.Assert: self.generic,
            ast.AugAssign: self.aug_assign, ast.AnnAssign: self.annotated,
            ast.For: self.generic, ast.While: self.generic,
            ast.With: self.with_block,
            ast.withitem: self.generic, ast.Try: self.generic, ast.ExceptHandler: self.handler,
            ast.Delete: self.delete, ast.Import: self.import_, ast.ImportFrom: self.import_from,
            ast.Break: self.loop_jump, ast.Continue: self.loop_jump,
            ast.FunctionDef: self.function, ast.Return: self.return_, ast.Nonlocal: self.nonlocal_,
            ast.Global: self.global_,
            ast.ClassDef: self.class_,
            ast.Name: self.name, ast.Constant: self.constant, ast.Attribute: self.attribute,
            ast.BinOp: self.binary, ast.UnaryOp: self.unary, ast.BoolOp: self.generic,
            ast.Compare: self.generic, ast.IfExp: self.generic, ast.Call: self.call,
            ast.keyword: self.keyword, ast.Subscript: self.generic, ast.Slice: self.generic,
            ast.List: self.display, ast.Tuple: self.display, ast.ListComp: self.generic,
            ast.Dict: self.dict_, ast.Set: self.display, ast.SetComp: self.generic,
            ast.DictComp: self.generic, ast.GeneratorExp: self.generic,
            ast.Starred: self.starred, ast.Raise: self.raise_,
            ast.comprehension: self.comprehension, ast.Lambda: self.lambda_,
            ast.JoinedStr: self.generic, ast.FormattedValue: self.formatted_value,
        }

    # -- the walk ---------------------------------------------------------------------------
    def check(self, tree: ast.Module) -> None:
        stack: list[tuple[ast.AST, int, int]] = [(tree, 0, 0)]
        while stack:
            node, depth, context = stack.pop()
            if isinstance(node, ast.expr):
                depth += 1
                if depth > self.limits.max_nesting:
                    self.reject(node, limit_message(self.limits, "max_nesting"),
                                "split the expression into several assignments")
                    continue  # (not again for each node deeper in it)
            elif isinstance(node, ast.stmt):
                depth = 0
            check = self.checks.get(type(node))
            if check is None:
                unknown = f"`{type(node).__name__}` is not part of the session language"
                message, hint = REJECTED.get(type(node), (unknown, ""))
                self.reject(node, message, hint)
                self.assigned.update(bound_names(node))  # (no cascade of undefined names)
                continue  # what it holds is part of the rejected construct
            self.context = context
            children = check(node) or ()
            if isinstance(node, (ast.For, ast.While, ast.FunctionDef)):
                # a loop's body is in the loop, a function's in the function (and in no loop)
                inner = FUNCTION if isinstance(node, ast.FunctionDef) else context | LOOP
                if id(node) in self.methods:
                    inner |= METHOD
                body = {id(s) for s in node.body}
                stack.extend((c, depth, inner if id(c) in body else context)
                             for c in reversed(children))
            else:  # at C speed: a script of 100,000 lines has a million nodes
                stack.extend(zip(reversed(children), repeat(depth), repeat(context)))
        self.check_names()
        for node, module in self.module_attributes.missing(tree, self.script_attributes):
            self.lacked_attribute(node, node.attr, module)

    def reject(self, node: ast.AST, message: str, hint: str = "") -> None:
        """Note a problem and go on: the script is rejected with all of them at the end (the
        first found at a place is the one reported there)."""
        line, col, end = node_span(self.lines, node)
        if isinstance(node, ast.Attribute) and end is not None:
            col = end - len(node.attr) + 1  # point at the attribute's name, not its object
        self.problems.setdefault((line, col), (ScriptInvalid(line, col, end, message, hint), node))

    def found(self) -> list[ScriptInvalid]:
        """The problems, less those that follow from another: `torch.fft.fft` once `torch.fft`
        is refused, `os.getcwd()` once `import os` is."""
        rejected = {id(node) for _, node in self.problems.values()}
        return [problem for problem, node in self.problems.values()
                if not any(id(inner) in rejected or isinstance(inner, ast.Name) and
                           inner.id in self.refused_imports for inner in _inner_chain(node))]

    def generic(self, node: ast.AST) -> list[ast.AST]:
        return [c for c in ast.iter_child_nodes(node) if not isinstance(c, LEAF_TYPES)]

    # -- statements ------------------------------------------------------------------------
    def aug_assign(self, node: ast.AugAssign) -> list[ast.AST]:
        self.operator(node, node.op)
        if isinstance(node.target, ast.Name):  # reads the name first: it binds nothing new
            self.loads.append(node.target)
            return [node.value]
        return [node.target, node.value]

    def loop_jump(self, node: ast.stmt) -> None:
        if not self.context & LOOP:
            word = "'break' outside loop" if isinstance(node, ast.Break) else \
                "'continue' not properly in loop"
            self.reject(node, word, "`break` and `continue` belong inside a `for` or `while` loop")

    def function(self, node: ast.FunctionDef) -> list[ast.AST]:
        a = node.args
        if a.posonlyargs:
            self.reject(node, "positional-only parameters (`/`) are not part of the session "
                        "language", "drop the `/`; see docs/language.md")
        decorators = node.decorator_list
        if id(node) in self.methods:  # the method's wrappers: builtins no name check sees
            decorators = [d for d in decorators
                          if not (isinstance(d, ast.Name) and d.id in CLASS_DECORATORS)
                          and not _property_accessor(d)]
        self.parameters(node, [*a.args, *a.kwonlyargs, *[p for p in (a.vararg, a.kwarg) if p]])
        self.assigned.add(node.name)
        # annotations are never evaluated: not checked, not run
        return [*decorators, *a.defaults, *[d for d in a.kw_defaults if d], *node.body]

    def annotated(self, node: ast.AnnAssign) -> list[ast.AST]:
        """`y: Tensor = model(x)` is `y = model(x)`; the annotation is never evaluated (as
        under `from __future__ import annotations`), nor checked."""
        return [node.target] + ([node.value] if node.value else [])

    def class_(self, node: ast.ClassDef) -> list[ast.AST]:
        decorators = [d for d in node.decorator_list if not _is_dataclass(d)]
        if node.keywords or decorators:
            self.reject(node, "class keywords and class decorators (but @dataclass) are not "
                        "part of the session language", "write `class Name:` or "
                        "`class Name(Base):`")
        if len(node.bases) > 1:
            self.reject(node.bases[1], "multiple inheritance is not yet supported in gradcli",
                        "derive from one class")
        for base in class_bases(node):
            self.base(base)
        for statement in node.body:
            self.class_statement(statement)
        self.assigned.add(node.name)
        return [*node.decorator_list, *class_bases(node), *node.body]

    def base(self, node: ast.expr) -> None:
        """A class by its name or its dotted path (`nn.Module`, `torch.utils.data.Dataset`):
        what it names is checked to be a class when the statement runs; nothing computed."""
        while isinstance(node, ast.Attribute):
            node = node.value
        if not isinstance(node, ast.Name):
            self.reject(node, "a class's base in a gradcli session is a class named by its "
                        "name or dotted path (another class of the script, torch.nn.Module, "
                        "torch.utils.data.Dataset, torch.autograd.Function...), not computed",
                        CLASS_HINT)

    def class_statement(self, node: ast.stmt) -> None:
        if isinstance(node, ast.FunctionDef):
            name = node.name
            if name.startswith("__") and name.endswith("__") and name not in METHOD_DUNDERS:
                self.reject(node, f"the special method `{name}` is not part of the session "
                            "language (only __init__, __call__, __repr__, __str__, __len__ "
                            "and __getitem__ are)",
                            DUNDER_HINTS.get(name, OPERATOR_HINT))
            self.methods.add(id(node))
            self.script_attributes.add(name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and all(
                isinstance(t, ast.Name) for t in class_targets(node)):
            for target in class_targets(node):
                if target.id.startswith("__"):
                    self.reject(target, f"the special class attribute `{target.id}` is not "
                                "part of the session language", CLASS_HINT)
                self.script_attributes.add(target.id)
        elif not isinstance(node, ast.Pass) and not (
                isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)):
            self.reject(node, "a class body in a gradcli session holds methods, class "
                        "attributes (`name = value`, `name: type = value`) and a docstring",
                        CLASS_HINT)

    def parameters(self, node: ast.AST, params: list[ast.arg]) -> None:
        seen: set[str] = set()
        for arg in params:
            if arg.arg in seen:
                self.reject(arg, f"duplicate argument '{arg.arg}' in function definition",
                            "give each parameter its own name")
            seen.add(arg.arg)
        self.assigned.update(seen)

    def return_(self, node: ast.Return) -> list[ast.AST]:
        if not self.context & FUNCTION:
            self.reject(node, "'return' outside function", "`return` belongs inside a `def`")
        return [node.value] if node.value else []

    def nonlocal_(self, node: ast.Nonlocal) -> None:
        if not self.context & FUNCTION:
            self.reject(node, "nonlocal declaration not allowed at module level",
                        "at the top level, just assign the name")

    def global_(self, node: ast.Global) -> None:
        self.assigned.update(node.names)  # (a function may make the name: `global count`)

    def with_block(self, node: ast.With) -> list[ast.AST]:
        for item in node.items:
            call = item.context_expr
            callee = call.func if isinstance(call, ast.Call) else None
            name = getattr(callee, "attr", getattr(callee, "id", None))
            # (a variable may hold a manager: the interpreter checks what it holds)
            if name not in CONTEXT_MANAGERS and not isinstance(call, ast.Name):
                self.reject(call, "`with` takes only torch.no_grad(), torch.enable_grad(), "
                            "torch.set_grad_enabled(flag), torch.inference_mode(), "
                            "torch.autograd.detect_anomaly() or "
                            "torch.autograd.graph.saved_tensors_hooks(pack, unpack) or "
                            "tqdm(...) in a gradcli session",
                            "files and other context managers are out of reach in a session")
            if item.optional_vars is not None and not isinstance(item.optional_vars, ast.Name):
                self.reject(item.optional_vars, "`with ... as` takes a single name here",
                            "write `with torch.no_grad():`")
        return self.generic(node)

    def handler(self, node: ast.ExceptHandler) -> list[ast.AST]:
        types = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
        for t in types:
            if t is not None and not (isinstance(t, ast.Name) and
                                      t.id in CATCHABLE + TORCH_EXCEPTIONS):
                self.reject(t, "a session can catch only "
                            + ", ".join(CATCHABLE + TORCH_EXCEPTIONS),
                            "catch the error PyTorch raises, e.g. `except RuntimeError as e:`")
        if node.name:
            self.assigned.add(node.name)
        return node.body

    def delete(self, node: ast.Delete) -> list[ast.AST]:
        attributes = []  # (checked as any attribute: `del ctx.result`)
        for target in node.targets:
            if not isinstance(target, (ast.Name, ast.Attribute, ast.Subscript)):
                self.reject(target, "`del` takes only names, attributes and items in a "
                            "gradcli session",
                            "to drop a gradient, assign None: `x.grad = None`")
            elif isinstance(target, ast.Name):
                self.loads.append(target)
            else:
                attributes.append(target)  # (and items: their object and key are checked)
        return attributes

    def import_(self, node: ast.Import) -> None:
        for alias in node.names:  # (each refused at its own name: `import os, sys`)
            name = alias.asname or alias.name.split(".")[0]
            if not self.importable(alias, alias.name):
                self.refused_imports.add(name)
            self.module_attributes.imported(name, alias.name if alias.asname else name)
            self.assigned.add(name)

    def import_from(self, node: ast.ImportFrom) -> None:
        if node.level:
            self.reject(node, "relative imports are not part of the session language",
                        "import torch, torch.nn.functional or math by name")
        elif not self.importable(node, node.module or ""):
            self.refused_imports.update(alias.asname or alias.name for alias in node.names)
        else:
            for alias in node.names:  # (each refused at its own name)
                name = alias.name
                if name == "*":
                    self.reject(node, "`import *` is not part of the session language",
                                f"import the names you use: from {node.module} import ...")
                elif f"{node.module}.{name}" in self.vocabulary.modules:
                    self.module_attributes.imported(alias.asname or name, f"{node.module}.{name}")
                elif self.module_attributes.lacks(node.module, name):  # `from torch import vander`
                    self.lacked_attribute(alias, name, node.module)
                else:
                    self.check_attribute_name(alias, name)
        self.assigned.update(alias.asname or alias.name for alias in node.names)

    def importable(self, node: ast.AST, module: str) -> bool:
        if module in self.vocabulary.modules:
            return True
        allowed = ", ".join(sorted(self.vocabulary.modules))
        hint = self.vocabulary.hints.module(module) or SANDBOX_HINT
        self.reject(node, f"`{module}` cannot be imported in a gradcli session: it can "
                    f"import only {allowed}", hint)
        return False

    # -- expressions -----------------------------------------------------------------------
    def name(self, node: ast.Name) -> None:
        if isinstance(node.ctx, ast.Store):
            self.assigned.add(node.id)
        else:
            self.loads.append(node)

    def constant(self, node: ast.Constant) -> None:
        value = node.value
        if not isinstance(value, CONSTANT_TYPES):
            kind = "complex numbers" if isinstance(value, complex) else "bytes literals"
            self.reject(node, f"{kind} are not part of the session language",
                        "use real numbers and str")
        if type(value) is int and value.bit_length() > self.limits.max_int_bits:
            self.reject(node, limit_message(self.limits, "max_int_bits"),
                        "tensors hold float32/float64 or int64 values anyway")

    def attribute(self, node: ast.Attribute) -> list[ast.AST]:
        if node.attr == "__init__" and _is_super(node.value):
            return [node.value]
        if node.attr in READABLE_DUNDERS | MODULE_DUNDERS:  # answered, and nothing else
            if not isinstance(node.ctx, ast.Load):
                self.reject(node, f"`{node.attr}` can be read but not assigned in a gradcli "
                            "session", SANDBOX_HINT)
            return [node.value]
        if node.attr == "__init__" and self.defines_classes:
            self.reject(node, "`__init__` is reachable only as `super().__init__(...)`",
                        "call the base class's __init__ as `super().__init__(...)`")
        if isinstance(node.ctx, ast.Store):
            self.script_attributes.add(node.attr)
        if self.lacked_module(node.value):  # `torch.fft.fft`: said once, of the whole path
            self.reject(node, f"`{node.attr}` is not an attribute gradcli knows",
                        self.vocabulary.hints.attribute(node.attr, node.value, ()))
            return list(_inner_chain(node))[-1:]  # (the name `torch` is checked still)
        self.check_attribute_name(node, node.attr, self.defines_classes, node.value)
        self.module_attributes.note(node)
        return [node.value]

    def lacked_attribute(self, node: ast.AST, name: str, module: str) -> None:
        """`module.name`, a module gradcli has, without that name: PyTorch's hint for its
        modules (the module as written in full: `t.vander` is torch's), else Python's words."""
        members = self.vocabulary.module_members[module]
        hint = self.vocabulary.hints.attribute(name, written(module), members) \
            if module.split(".")[0] == "torch" else \
            closest(name, members) or f"module '{module}' has no attribute '{name}'"
        self.reject(node, f"`{name}` is not an attribute gradcli knows", hint)

    def lacked_module(self, node: ast.AST) -> bool:
        """Whether `node` is a module the API lacks: `torch.fft`, `torch.distributions`."""
        return self.vocabulary.hints.is_module(node) and any(
            inner.attr not in self.vocabulary.attributes
            for inner in [node, *_inner_chain(node)] if isinstance(inner, ast.Attribute))

    def note_registered_attribute(self, node: ast.Call) -> None:
        """`self.register_buffer("name", ...)` (or a parameter, a submodule) defines
        `self.name` as an assignment would; so do the keys of an OrderedDict of layers."""
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in REGISTERING and node.args and \
                isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            self.script_attributes.add(node.args[0].value)
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name == "add_argument":  # parser.add_argument("--batch-size"): args.batch_size
            self.script_attributes.update(argument_destinations(node))
        if name == "namedtuple" and len(node.args) > 1:  # its fields: transition.reward
            self.script_attributes.update(_field_names(node.args[1]))
        if name in NAMING_CONTAINERS and node.args:
            # nn.Sequential(OrderedDict([("fc1", ...)])) names its layers: model.fc1, as
            # nanoGPT's nn.ModuleDict(dict(wte=...)) does: self.transformer.wte
            self.script_attributes.update(_keys_named(node.args[0]))

    def named_attribute(self, node: ast.Call) -> None:
        """getattr(obj, "name") is `obj.name`: checked as the syntax is (hasattr, and getattr
        with a default, answer for a name nothing has); setattr(obj, "name", v) defines it."""
        func, args = node.func, node.args
        if not (isinstance(func, ast.Name) and func.id in ATTRIBUTE_BUILTINS and len(args) >= 2):
            return
        prefix = args[1].values[0] if isinstance(args[1], ast.JoinedStr) and args[1].values \
            else None
        if func.id == "setattr" and isinstance(prefix, ast.Constant) and prefix.value:
            self.attribute_prefixes.add(prefix.value)  # setattr(self, f"layer{i}", ...)
        if not (isinstance(args[1], ast.Constant) and isinstance(args[1].value, str)):
            return
        name = args[1].value
        if name.startswith("__"):
            self.reject(args[1], f"attribute `{name}`: names starting with '__' are not "
                        f"reachable through {func.id}() in a gradcli session", SANDBOX_HINT)
        elif func.id == "setattr":
            self.script_attributes.add(name)
        elif func.id == "getattr" and len(args) == 2 and not node.keywords:
            self.check_attribute_name(args[1], name, self.defines_classes, args[0])

    def check_attribute_name(self, node: ast.AST, name: str, later: bool = False,
                             owner: ast.AST | None = None) -> None:
        """`later`: the script may define `name` (a class attribute, `self.name = ...`)."""
        if name.startswith("_") and not name.startswith("__") and \
                name in self.vocabulary.attributes:
            return  # one of torch's that scripts read: x._version
        if name.startswith("_"):
            if later and not name.startswith("__"):  # `self._value`: if the script sets it
                self.private_uses.append((node, name))
                return
            self.reject(node, f"attribute `{name}`: names starting with '_' are not reachable "
                        "in a gradcli session", SANDBOX_HINT)
            return
        if later and name not in self.vocabulary.attributes:
            self.attribute_uses.append((node, name))
        elif name not in self.vocabulary.attributes and name not in self.script_attributes:
            self.reject(node, f"`{name}` is not an attribute gradcli knows",
                        self.vocabulary.hints.attribute(name, owner, self.vocabulary.attributes))

    def operator(self, node: ast.AST, op: ast.AST) -> None:
        if type(op) not in BINARY_OPERATORS:
            self.reject(node, f"the operator `{type(op).__name__}` is not part of the session "
                        "language", "the operators are + - * / // % ** @ and | & ^")

    def binary(self, node: ast.BinOp) -> list[ast.AST]:
        self.operator(node, node.op)
        return [node.left, node.right]

    def unary(self, node: ast.UnaryOp) -> list[ast.AST]:
        return [node.operand]  # - + not ~: each is Python's (guards.UNARY)

    def call(self, node: ast.Call) -> list[ast.AST]:
        if isinstance(node.func, ast.Name) and node.func.id == "super":
            if not self.context & METHOD:
                self.reject(node, "`super()` is reachable only in a method of a class",
                            CLASS_HINT)
            if len(node.args) not in (0, 2) or node.keywords:
                self.reject(node, "write `super()` (or `super(Class, self)`)", CLASS_HINT)
            return list(node.args)  # `super` itself: the method's own, no name to check
        self.note_registered_attribute(node)
        self.named_attribute(node)
        template = node.func.value if isinstance(node.func, ast.Attribute) and \
            node.func.attr == "format" else None
        if isinstance(template, ast.Constant) and isinstance(template.value, str):
            field = lookup_field(template.value)
            if field is not None:
                self.reject(template, f"{NO_LOOKUPS}: `{{{field}}}`", LOOKUP_HINT)
        # f(*args, **kwargs): unpacking an iterable into arguments, as Python does
        self.star_targets.update(id(a) for a in node.args if isinstance(a, ast.Starred))
        return [node.func, *node.args, *node.keywords]

    def display(self, node: ast.List | ast.Tuple | ast.Set) -> list[ast.AST]:
        """`[*a, *b]`, `(*xs, 1)`, `{*s}` unpack iterables; a target takes one `*rest`."""
        stars = [e for e in node.elts if isinstance(e, ast.Starred)]
        if isinstance(getattr(node, "ctx", None), ast.Store) and len(stars) > 1:
            self.reject(stars[1], "multiple starred expressions in assignment",
                        "unpack with one `*`: `first, *rest = items`")
        self.star_targets.update(map(id, stars))
        return list(node.elts)

    def starred(self, node: ast.Starred) -> list[ast.AST]:
        if id(node) not in self.star_targets:
            self.reject(node, "`*` unpacking is part of the session language in calls "
                        "(`f(*args)`), displays (`[*a, *b]`) and assignment targets "
                        "(`first, *rest = items`)",
                        "write the items out one by one, or build the list with `+`")
        return [node.value]

    def dict_(self, node: ast.Dict) -> list[ast.AST]:
        # `{**d, 'k': 1}`: a None key is a `**` of a mapping
        return [*(k for k in node.keys if k is not None), *node.values]

    def raise_(self, node: ast.Raise) -> list[ast.AST]:
        return [n for n in (node.exc, node.cause) if n is not None]

    def keyword(self, node: ast.keyword) -> list[ast.AST]:
        return [node.value]  # (`**kwargs` too: the call unpacks a dict)

    def comprehension(self, node: ast.comprehension) -> list[ast.AST]:
        if node.is_async:
            self.reject(node.target, "`async for` is not part of the session language", NO_ASYNC)
        return [node.target, node.iter, *node.ifs]

    def lambda_(self, node: ast.Lambda) -> list[ast.AST]:
        a = node.args
        if a.posonlyargs or a.vararg or a.kwonlyargs or a.kwarg:
            self.reject(node, "lambdas take plain parameters in a gradcli session",
                        "write `lambda g: ...` or `lambda a, b=1: ...`")
        self.parameters(node, a.args)
        return [*a.defaults, node.body]

    def formatted_value(self, node: ast.FormattedValue) -> list[ast.AST]:
        spec = node.format_spec
        if spec is not None:
            if not all(isinstance(v, ast.Constant) for v in spec.values):
                self.reject(spec, "f-string format specs must be plain, like `.2f` or `>8`",
                            "compute the width first and format with a fixed spec")
                return [node.value]
            text = "".join(v.value for v in spec.values)
            widths = re.findall(r"\d+", text)
            if any(digits_exceed(n, self.limits.max_sequence) for n in widths):
                self.reject(spec, limit_message(self.limits, "max_sequence", "by a format width"),
                            "use a smaller width or precision")
        return [node.value]

    # -- names, once every assignment is known ------------------------------------------------
    def check_names(self) -> None:
        # (the vocabulary's: a REPL's earlier inputs defined them; at run time only the
        # script's own objects answer `_` names, objects.holds_private)
        defined = self.script_attributes | self.vocabulary.attributes
        for node, name in self.private_uses:
            if name not in defined:
                self.reject(node, f"attribute `{name}`: names starting with '_' are reachable "
                            "in a gradcli session only when the script's classes define them",
                            SANDBOX_HINT)
        prefixes = tuple(self.attribute_prefixes)
        for node, name in self.attribute_uses:
            if name not in self.script_attributes and not name.startswith(prefixes):
                refused = self.vocabulary.hints.refused(name)
                self.reject(node, f"`{name}` is not an attribute gradcli knows or the script "
                            "defines", refused or closest(name, self.vocabulary.attributes
                                                          | self.script_attributes)
                            or "assign it (`self.name = ...`) or define it in a class body")
        known = self.vocabulary.names | self.assigned
        for node in self.loads:
            if node.id not in known:
                self.reject(node, f"name '{node.id}' is not defined",
                            self.name_hint(node.id, known))

    def name_hint(self, name: str, known: frozenset[str]) -> str:
        if name in DANGEROUS_NAMES or name.startswith("__"):
            return f"there is no `{name}` in a gradcli session: {SANDBOX_HINT}"
        if name == "math":
            return "add `import math` first"
        return self.vocabulary.hints.name(name, known, self.vocabulary.attributes)


# calls whose first argument's keys name attributes of what they make (or of what holds it)
NAMING_CONTAINERS = {"OrderedDict", "ModuleDict", "ParameterDict"}


def _keys_named(node: ast.AST) -> list[str]:
    """The string keys a mapping written in the source gives: `{"a": ...}`, `dict(a=...)`,
    `[("a", ...), ...]` (what OrderedDict, nn.ModuleDict and nn.ParameterDict take)."""
    if isinstance(node, ast.Dict):
        keys = node.keys
    elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "dict":
        return [k.arg for k in node.keywords if k.arg] + \
            [key for arg in node.args[:1] for key in _keys_named(arg)]
    elif isinstance(node, (ast.List, ast.Tuple)):
        keys = [pair.elts[0] for pair in node.elts if isinstance(pair, ast.Tuple) and pair.elts]
    else:
        return []
    return _strings(keys)


def _field_names(node: ast.AST) -> list[str]:
    """namedtuple's field names written in the source: 'a b', 'a, b' or ('a', 'b')."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.replace(",", " ").split()
    return _strings(node.elts) if isinstance(node, (ast.List, ast.Tuple)) else []


def _strings(nodes) -> list[str]:
    """The string literals among `nodes` (a dict's keys may be None: `{**d}`)."""
    return [n.value for n in nodes if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def class_bases(node: ast.ClassDef) -> list[ast.expr]:
    """A class statement's bases, but `object`: `class A(object):` is Python 3's `class A:`."""
    return [b for b in node.bases if not (isinstance(b, ast.Name) and b.id == "object")]
