"""The exceptions a session script can see and catch, Python's matching rules, and error hints."""
from __future__ import annotations

# What `except NAME:` accepts in a session (the spec's list), with Python's class hierarchy
# for every exception type a script can meet: name -> parent name.
CATCHABLE = (
    "RuntimeError", "TypeError", "ValueError", "IndexError", "KeyError", "LookupError",
    "AttributeError", "ZeroDivisionError", "ArithmeticError", "OverflowError",
    "NotImplementedError", "AssertionError", "StopIteration", "Exception",
)
PARENTS: dict[str, str] = {
    "ArithmeticError": "Exception", "ZeroDivisionError": "ArithmeticError",
    "OverflowError": "ArithmeticError", "LookupError": "Exception", "IndexError": "LookupError",
    "KeyError": "LookupError", "RuntimeError": "Exception", "NotImplementedError": "RuntimeError",
    "RecursionError": "RuntimeError", "TypeError": "Exception", "ValueError": "Exception",
    "AttributeError": "Exception", "AssertionError": "Exception", "NameError": "Exception",
    "StopIteration": "Exception",
    "UnboundLocalError": "NameError", "LinAlgError": "RuntimeError",
    "OutOfMemoryError": "RuntimeError", "GradcheckError": "RuntimeError",
}
# Exception classes torch defines, which a script imports and catches by name: their modules.
TORCH_EXCEPTION_MODULES = {"GradcheckError": "torch.autograd.gradcheck"}
TORCH_EXCEPTIONS = tuple(TORCH_EXCEPTION_MODULES)
# gradcli's own error types: they end the run and no `except` catches them.
UNCATCHABLE = frozenset({"LimitExceeded", "InternalError"})


class ScriptError(BaseException):
    """An exception raised inside the script, as Python/PyTorch would raise it.

    A BaseException so that engine code between a hook and the script (which may catch
    `Exception`) lets it through untouched, as a Python exception passes through PyTorch.
    The script sees this object itself in `except ... as e`: str(e), repr(e), e.args.
    """

    def __init__(self, type_name: str, message: str, args: tuple | None = None):
        super().__init__(*(args if args is not None else (message,)))
        self.type_name = type_name
        self.message = message
        self.line: int | None = None
        self.col: int | None = None
        self.end_col: int | None = None

    def locate(self, line: int, col: int | None, end_col: int | None) -> ScriptError:
        """Record where it was raised, unless an inner frame already did (Python's innermost)."""
        if self.line is None:
            self.line, self.col, self.end_col = line, col, end_col
        return self

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"{self.type_name}({', '.join(map(repr, self.args))})"


def exception_message(type_name: str, args: tuple) -> str:
    """str() of Python's exception made with these arguments."""
    if not args:
        return ""
    if len(args) > 1:
        return str(args)
    return repr(args[0]) if type_name == "KeyError" else str(args[0])


class ExceptionClass:
    """A Python exception class as a script sees it (`ValueError`): called, it makes the
    exception (a ScriptError, as `except ... as e` gives); `raise`, `except` and isinstance
    take it. Its name is all it holds."""

    __slots__ = ("name", "module")
    script_lambda = True  # consumes no iterable it is given

    def __init__(self, name: str, module: str | None = None):
        self.name = name
        self.module = module  # where torch defines it (None: a builtin)

    def __call__(self, *args, **kwargs) -> ScriptError:
        if kwargs:
            raise TypeError(f"{self.name}() takes no keyword arguments")
        return ScriptError(self.name, exception_message(self.name, args), args)

    def is_instance(self, obj: object) -> bool:
        return type(obj) is ScriptError and is_caught_by(obj.type_name, self.name)

    def __repr__(self) -> str:
        where = f"{self.module}." if self.module else ""
        return f"<class '{where}{self.name}'>"


EXCEPTION_CLASSES = {name: ExceptionClass(name) for name in CATCHABLE}
TORCH_EXCEPTION_CLASSES = {name: ExceptionClass(name, module)
                           for name, module in TORCH_EXCEPTION_MODULES.items()}


def is_caught_by(type_name: str, handler_name: str) -> bool:
    """Python's `except handler_name:` rule, over type names."""
    if type_name in UNCATCHABLE:
        return False
    name: str | None = type_name
    while name is not None:
        if name == handler_name:
            return True
        # PyTorch's own exception types (not in PARENTS) are all Exceptions.
        name = PARENTS.get(name, "Exception" if name != "Exception" else None)
    return False


# A substring of PyTorch's message -> advice shown with the error.
HINTS: dict[str, str] = {
    "backward through the graph a second time":
        "pass retain_graph=True to the first backward() to backward through the graph again",
    "grad can be implicitly created only for scalar outputs":
        "reduce the output first (y.sum().backward()) or pass gradient= shaped like it",
    "leaf Variable that requires grad is being used in an in-place operation":
        "do the update inside `with torch.no_grad():` or write a new tensor (w = w - ...)",
    "has been modified by an inplace operation":
        "use an out-of-place op (y = y * 2, not y *= 2), or .clone() before modifying",
    "does not require grad and does not have a grad_fn":
        "nothing that needs a gradient led here: create a leaf with requires_grad=True, "
        "or check that it was not computed under torch.no_grad()",
    "appears to not have been used in the graph":
        "pass allow_unused=True to torch.autograd.grad to get None for unused inputs",
    "Mismatch in shape":
        "gradient= must have the same shape as the tensor backward() is called on",
    "Only Tensors of floating point and complex dtype can require gradients":
        "make it a float tensor: torch.tensor([1.0, 2.0]) or dtype=torch.float32",
    "'NoneType' object has no attribute":
        "the value is None here: .grad stays None until a backward() reaches that tensor",
    "is not defined": "assign the name before this line",
    "Jacobian mismatch for output":
        "the numerical Jacobian is finite differences of the forward, the analytical one is what "
        "backward returns: with float64 inputs (x.double()) a mismatch means backward is wrong; "
        "with float32 ones, finite differences are too coarse for the default eps and atol",
}


def hint_for(message: str) -> str:
    for needle, hint in HINTS.items():
        if needle in message:
            return hint
    return ""
