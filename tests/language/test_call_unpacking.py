"""f(*args, **kwargs) at a call, as Python unpacks them (Python judges every line)."""
from __future__ import annotations

import pytest
from test_control_flow import error, printed

from gradcli.engine.limits import Limits


def test_star_and_double_star_arguments():
    assert printed("""
def f(a, b, scale=1.0, *rest, **named):
    return (a, b, scale, rest, sorted(named.items()))
args = [1, 2]
print(f(*args))
print(f(*args, 3, *(4, 5), k=6, **{"m": 7}))
print(f(0, *range(1, 3), **dict(z=1)))
def wrap(*args, **kwargs):
    return f(*args, **kwargs)
print(wrap(1, b=2))
print(*[1, 2, 3], sep="-")
x = torch.ones(2, 3)
print(x.view(*x.shape[::-1]).shape, torch.zeros(*[2, 2]).sum().item())
""") == ["(1, 2, 1.0, (), [])", "(1, 2, 3, (4, 5), [('k', 6), ('m', 7)])",
         "(0, 1, 2, (), [('z', 1)])", "(1, 2, 1.0, (), [])", "1-2-3",
         "torch.Size([3, 2]) 0.0"]


@pytest.mark.parametrize("source, message", [
    ("def f(a):\n    pass\nf(*5)", "__main__.f() argument after * must be an iterable, not int"),
    ("def f(a):\n    pass\nf(**[1])", "__main__.f() argument after ** must be a mapping, not list"),
    ("def f(a):\n    pass\nf(a=1, **{'a': 2})",
     "__main__.f() got multiple values for keyword argument 'a'"),
    ("def f(**k):\n    pass\nf(**{1: 2})", "keywords must be strings"),
    ("print(*5)", "print() argument after * must be an iterable, not int"),
    ("torch.ones(2).view(*5)", "Tensor.view() argument after * must be an iterable, not int"),
])
def test_unpacking_errors_are_pythons(source, message):
    assert error(source).message == message


def test_a_huge_iterable_is_refused_before_it_is_listed():
    e = error("def f(*a):\n    return len(a)\nf(*range(10**12))", Limits())
    assert e.type == "LimitExceeded" and "`*` unpacking" in e.message
