"""Hypothesis strategies for the fuzzer: random session scripts, mutated scripts, random bytes.

The scripts are built from the session language's own pieces (tensors, lists, ranges,
builtins, methods, lambdas, comprehensions, f-strings, loops, try/except ...) with a few
hostile ones mixed in (huge ranges and powers, dunder attributes, forbidden names), so that
most of them run far enough to reach the engine and the guards.
"""
from __future__ import annotations

from hypothesis import strategies as st

NAMES = ("a", "b", "c", "x", "w")
PRELUDE = ("import torch\nimport math\n"
           "x = torch.tensor([1.5, -2.0, 0.5], requires_grad=True)\n"
           "w = torch.ones(3, 3, requires_grad=True)\n"
           "a = [1, 2.5, 'z']\nb = 3\nc = 'text'\n")

LEAVES = (
    "0", "1", "-1", "2", "3", "0.5", "-0.0", "1e308", "1e-45", "10**3", "2**62", "True", "None",
    "'s'", "''", "'%s'", "[1, 2]", "[]", "(1,)", "()", "range(4)", "range(10**12)",
    "float('nan')", "float('inf')", "math.inf", "-math.inf", "math.pi",
    "torch.ones(2, requires_grad=True)", "torch.tensor([1.0, -2.0], requires_grad=True)",
    "torch.randn(3)", "torch.zeros(2, 2)", "torch.tensor(0.0)", "torch.arange(4)",
    "torch.tensor([float('nan'), float('inf'), -1.0], requires_grad=True)",
    "torch.tensor([1, 2])", "torch.eye(3)", "torch.float64", "torch.Size([2, 3])",
    *NAMES, "x.grad", "x.grad_fn", "w.T", "x * 2",
)
HOSTILE_LEAVES = (
    "10**10**10", "[0] * 10**9", "'a' * 10**12", "range(10**15)", "torch.ones(10**12)",
    "().__class__", "x.__dict__", "'{0.__class__}'.format(1)", "__import__('os')",
    "open('f', 'w')", "eval('1')", "getattr(x, 'data')", "type(x)", "x._base", "x.numpy()",
    "torch.load('m.pt')", "globals()", "(lambda: 0)", "[a] * 10**6", "x.data.storage()",
)
BINARY = ("+", "-", "*", "/", "//", "%", "**", "@")
COMPARE = ("==", "!=", "<", "<=", ">", ">=", "in", "not in", "is")
BUILTINS_1 = ("sum", "min", "max", "len", "abs", "str", "float", "int", "bool", "round",
              "list", "tuple", "enumerate", "zip", "print")
BUILTINS_2 = ("sum", "min", "max", "round", "zip", "isinstance", "print")
MATH_1 = ("sqrt", "exp", "log", "floor", "ceil", "prod", "isnan", "fabs", "tanh")
TORCH_1 = ("exp", "log", "sin", "sigmoid", "relu", "tanh", "sum", "mean", "abs", "sqrt",
           "tensor", "ones_like", "zeros_like", "clamp", "softmax", "flatten", "isnan", "neg")
TORCH_2 = ("add", "mul", "matmul", "maximum", "minimum", "pow", "div", "allclose", "equal",
           "full", "ones", "arange")
METHODS_0 = ("sum", "mean", "exp", "log", "sigmoid", "relu", "tanh", "abs", "detach", "clone",
             "item", "tolist", "numel", "dim", "t", "float", "double", "long", "backward",
             "retain_grad", "requires_grad_", "zero_", "size", "max", "min", "prod", "norm",
             "upper", "split", "pop", "copy", "reverse", "clear", "name")
METHODS_1 = ("view", "reshape", "pow", "add", "mul", "sum", "unsqueeze", "squeeze", "add_",
             "mul_", "fill_", "clamp", "expand", "append", "extend", "index", "count", "join",
             "replace", "startswith", "backward", "register_hook", "masked_fill", "cumsum")
ATTRIBUTES = ("grad", "shape", "dtype", "data", "T", "requires_grad", "is_leaf", "grad_fn",
              "ndim", "next_functions", "is_floating_point", "values")


def _expressions(leaf: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    def extend(e: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.one_of(
            st.builds("({} {} {})".format, e, st.sampled_from(BINARY), e),
            st.builds("({} {} {})".format, e, st.sampled_from(COMPARE), e),
            st.builds("({} {} {})".format, e, st.sampled_from(("and", "or")), e),
            st.builds("(-{})".format, e), st.builds("(not {})".format, e),
            st.builds("({} if {} else {})".format, e, e, e),
            st.builds("{}({})".format, st.sampled_from(BUILTINS_1), e),
            st.builds("{}({}, {})".format, st.sampled_from(BUILTINS_2), e, e),
            st.builds("math.{}({})".format, st.sampled_from(MATH_1), e),
            st.builds("torch.{}({})".format, st.sampled_from(TORCH_1), e),
            st.builds("torch.{}({}, {})".format, st.sampled_from(TORCH_2), e, e),
            st.builds("torch.{}([{}, {}])".format, st.sampled_from(("stack", "cat")), e, e),
            st.builds("({}).{}()".format, e, st.sampled_from(METHODS_0)),
            st.builds("({}).{}({})".format, e, st.sampled_from(METHODS_1), e),
            st.builds("({}).{}".format, e, st.sampled_from(ATTRIBUTES)),
            st.builds("({})[{}]".format, e, e), st.builds("({})[{}:{}]".format, e, e, e),
            st.builds("[{}, {}]".format, e, e), st.builds("({}, {})".format, e, e),
            st.builds("[{}] * {}".format, e, e),
            st.builds("(lambda p, q=1: {})({})".format, e, e),
            st.builds("[{} for i in {}]".format, e, e),
            st.builds("[i for i in {} if {}]".format, e, e),
            st.builds("f'''{{({})}}'''".format, e), st.builds("f'''{{({})!r:>6}}'''".format, e),
            st.builds("'%s' % ({},)".format, e),
        )
    return st.recursive(leaf, extend, max_leaves=6)


def expressions(hostile: bool = False) -> st.SearchStrategy[str]:
    leaves = st.sampled_from(LEAVES)
    if hostile:
        leaves = st.one_of(leaves, leaves, leaves, st.sampled_from(HOSTILE_LEAVES))
    return _expressions(leaves)


def _simple_statements(e: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    name = st.sampled_from(NAMES)
    return st.one_of(
        st.builds("{} = {}".format, name, e), st.builds("{} = {}".format, name, e),
        st.builds("{} {}= {}".format, name, st.sampled_from(BINARY), e),
        st.builds("{}[{}] = {}".format, name, e, e), st.builds("{}".format, e),
        st.builds("print({})".format, e), st.builds("{}.grad = None".format, name),
        st.builds("del {}".format, name), st.builds("({}).backward()".format, e),
        st.builds("assert {}".format, e), st.builds("assert {}, {}".format, e, e),
        st.builds("{}, {} = {}".format, name, name, e),
    )


def _indent(block: str) -> str:
    return "".join(f"    {line}\n" for line in block.splitlines())


def _statements(e: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    simple = _simple_statements(e)

    def compound(body: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        block = st.lists(body, min_size=1, max_size=3).map("\n".join)
        return st.one_of(
            st.builds(lambda it, b: f"for i in {it}:\n{_indent(b)}", e, block),
            st.builds(lambda t, b, o: f"if {t}:\n{_indent(b)}else:\n{_indent(o)}", e, block,
                      block),
            st.builds(lambda b, h: f"try:\n{_indent(b)}except Exception as err:\n{_indent(h)}",
                      block, st.just("print(err)") | block),
            st.builds(lambda b: f"with torch.no_grad():\n{_indent(b)}", block),
            st.builds(lambda b: f"for i in range(3):\n{_indent(b)}    if i > 1:\n"
                                "        break\n", block),
        )
    return st.recursive(simple, compound, max_leaves=8)


def programs() -> st.SearchStrategy[str]:
    """A script: the prelude that binds every name, then 1 to 8 random statements; one in
    four has hostile pieces (most of those are rejected before running)."""
    def script(hostile: bool) -> st.SearchStrategy[str]:
        body = st.lists(_statements(expressions(hostile)), min_size=1, max_size=8)
        return body.map(lambda statements: PRELUDE + "\n".join(statements) + "\n")
    return st.one_of(script(False), script(False), script(False), script(True))


def _mutate(source: bytes, edits: list[tuple[int, int, bytes]]) -> bytes:
    out = bytearray(source)
    for kind, where, chunk in edits:
        at = where % (len(out) + 1)
        if kind == 0:
            out[at:at] = chunk  # insert
        elif kind == 1:
            del out[at:at + len(chunk)]  # delete
        else:
            out[at:at + len(chunk)] = chunk  # overwrite
    return bytes(out)


def mutated_programs() -> st.SearchStrategy[bytes]:
    """A random script with random bytes inserted, deleted or overwritten."""
    edit = st.tuples(st.integers(0, 2), st.integers(0, 10**6), st.binary(min_size=1, max_size=6))
    return st.builds(_mutate, programs().map(str.encode), st.lists(edit, min_size=1, max_size=4))


def random_bytes() -> st.SearchStrategy[bytes]:
    """Garbage: raw bytes, and printable junk that gets past the UTF-8 decoder."""
    printable = st.text(alphabet=st.characters(min_codepoint=9, max_codepoint=0x2FFF),
                        max_size=200).map(str.encode)
    return st.one_of(st.binary(max_size=400), printable)


# ---- attacks on the promise that every run ends -------------------------------------------
# Shapes of work that once ran for minutes inside one statement or one call, with random
# sizes and ops: each must end within the time limit, by a named limit or normally.

UNARY_STEPS = ("y * y + y", "y.sin() * y + y", "torch.exp(y) - y", "y * x + y * y",
               "(y + 1) ** 2", "torch.tanh(y) * y + x", "y / (1 + y * y)", "y @ y + y")
SIZES = ("10", "1000", "10**5", "10**6", "10**7", "9999999", "10**9")
ATTACK_TEMPLATES = (
    "y = x\nfor i in range({k}):\n    y = {step}\ny.sum().backward()\nx.grad",
    "g = ({step}).sum()\nfor i in range({k}):\n"
    "    g, = torch.autograd.grad(g, x, create_graph=True)\n    g = g.sum()\ng",
    "s = sum([x] * {n})", "s = max([x.sum()] * {n})", "s = str([x] * {n})",
    "s = [x] * {n} == [x] * {n}", "l = []\nfor i in range({n}):\n    l.append(x * 2 + 1)",
    "y = x\nfor i in range({n}):\n    y = {step}\nfor i in range({n}):\n"
    "    y.sum().backward(retain_graph=True)",
    "n = 0\nwhile n < {n}:\n    n += 1",
    "def f(k):\n    return f(k + 1) if k < {n} else x\nf(0).sum().backward()",
    "a = torch.ones({k}0, {k}0)\nfor i in range({n}):\n    a = a @ a",
    "s = f'{{x:>{n}}}'", "t = '%{n}s' % 'a'",
    "l = [0]\nfor i in range({k}):\n    l = [l, l]\nl == l",
    # the same spirit, beyond the shapes issue 17 named
    "y = x\nl = [[{step} for i in range({n})] for j in range({n})]",
    "def f(y, k):\n    return y if k == 0 else f(y * 1.5, k - 1) + f(y * 0.5, k - 1)\n"
    "z = f(x, {k})",
    "s = 'ab' * {n}\nt = [s] * {n}\nu = str(t)",
    "t = torch.zeros({n}, {n})\nu = t + 1",
    "n = 0\nfor i in range({n}):\n    n += 1",
    "y = x[0:1].expand({n}).sum()\ny.backward()",
    "y = torch.cat([x] * {n})\ny.sum().backward()",
    "y = x\nfor i in range({n}):\n    y = y * 1.0\n    y.retain_grad()\ny.sum().backward()",
    "def h(g):\n    with torch.enable_grad():\n        (x * 2).sum().backward(retain_graph=True)\n"
    "    return g\ny = x * 3\ny.register_hook(h)\nfor i in range({n}):\n"
    "    y.sum().backward(retain_graph=True)",
    "while True:\n    l = [x * 2]",
    "d = {{i: [i] * {k} for i in range({n})}}\ns = set(d)\nt = str(d)",
    "s = all([x.sum() + 1] * {n})\nm = list(map(abs, [x] * {n}))",
    "s = sorted([x.sum()] * {n})",
    "a = torch.ones({k}00, {k}00)\nfor i in range({n}):\n    b = torch.einsum('ij,jk->ik', a, a)",
    "y = x\nfor i in range({n}):\n    y = y * y + y\n    y = y / (1 + y * y)\ny.sum().backward()",
)


def attacks() -> st.SearchStrategy[str]:
    """A script that tries to run for ever: work inside one call, formulas that double each
    line, create_graph towers, retained backward passes, deep recursion, huge kernels."""
    def fill(template: str, step: str, k: int, n: str) -> str:
        return PRELUDE + template.format(step=step, k=k, n=n) + "\n"
    return st.builds(fill, st.sampled_from(ATTACK_TEMPLATES), st.sampled_from(UNARY_STEPS),
                     st.integers(1, 40), st.sampled_from(SIZES))
