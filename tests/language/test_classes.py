"""Classes in gradcli's own object model: bodies, instances, inheritance, super(), errors."""
from __future__ import annotations

import pytest
from test_control_flow import error, printed

from gradcli.sandbox.parse import ScriptInvalid, parse
from gradcli.torch import api


def test_instances_methods_and_class_attributes():
    assert printed("""
        import torch
        class Layer:
            '''a layer'''
            scale = 2
            def __init__(self, n, bias=0.0):
                self.w = torch.ones(n, requires_grad=True)
                self.bias = bias
                self.calls = 0
            def forward(self, x):
                self.calls += 1
                return (self.w * x).sum() * self.scale + self.bias
        m = Layer(2, bias=1.0)
        y = m.forward(torch.tensor([1.0, 2.0]))
        y.backward()
        print(y.item(), m.w.grad.tolist(), m.calls, m.scale, Layer.scale)
        m.scale = 3
        print(m.scale, Layer.scale)
        print(m, Layer, m.forward, Layer.forward)
    """) == ["7.0 [2.0, 4.0] 1 2 2", "3 2",
             "<__main__.Layer object> <class '__main__.Layer'> "
             "<bound method Layer.forward of <__main__.Layer object>> <function Layer.forward>"]


def test_inheritance_super_and_lookup_order():
    assert printed("""
        class A:
            kind = "a"
            def __init__(self, x):
                self.x = x
            def value(self):
                return self.x
            def name(self):
                return "A"
        class B(A):
            kind = "b"
            def __init__(self, x, y):
                super().__init__(x)
                self.y = y
            def value(self):
                return super().value() + self.y
        class C(B):
            def __init__(self):
                super(C, self).__init__(1, 2)
        c = C()
        print(c.value(), c.name(), c.kind, A.kind)
        print(isinstance(c, A), isinstance(c, (int, B)), isinstance(A(0), C), isinstance(1, A))
    """) == ["3 A b a", "True True False False"]


def test_call_static_and_class_methods():
    assert printed("""
        class Loss:
            def __init__(self, k):
                self.k = k
            def __call__(self, a, b):
                return (a - b) * self.k
            @staticmethod
            def make():
                return Loss(2)
            @classmethod
            def half(cls):
                return cls(0.5)
        print(Loss.make()(3, 1), Loss.half()(3, 1), Loss.make().make()(1, 0))
    """) == ["4 1.0 2"]


def test_methods_see_the_enclosing_scope_not_the_class_body():
    assert printed("""
        k = "global"
        def make():
            k = "enclosing"
            class A:
                k = "class"
                j = k + "!"
                def f(self):
                    return k
            return A
        A = make()
        print(A.j, A().f())
    """) == ["class! enclosing"]


def test_functions_and_classes_as_values():
    assert printed("""
        class A:
            inc = lambda self, x: x + 1
            def f(self, x):
                return self.inc(x)
        a = A()
        g = a.f
        classes = [A, A]
        print(g(1), [h(2) for h in [a.f, A().f]], classes[0]().f(3), A.f(a, 4))
    """) == ["2 [3, 3] 4 5"]


@pytest.mark.parametrize("source, type_name, message", [
    ("class A:\n    def __init__(self, x):\n        pass\nA()", "TypeError",
     "A.__init__() missing 1 required positional argument: 'x'"),
    ("class A:\n    def f(self):\n        pass\nA().f(1)", "TypeError",
     "A.f() takes 1 positional argument but 2 were given"),
    ("class A:\n    pass\nA(1)", "TypeError", "A() takes no arguments"),
    ("class A:\n    pass\nA()()", "TypeError", "'A' object is not callable"),
    ("class A:\n    def __init__(self):\n        return 1\nA()", "TypeError",
     "__init__() should return None, not 'int'"),
    ("class A:\n    def g(self):\n        self.w = 1\n    def f(self):\n        return self.w\n"
     "A().f()", "AttributeError",
     "'A' object has no attribute 'w'"),
    ("class A:\n    def f(self):\n        self.w = 1\nA.w", "AttributeError",
     "type object 'A' has no attribute 'w'"),
    ("class A:\n    def f(self):\n        return super().f()\nA().f()", "AttributeError",
     "'super' object has no attribute 'f'"),
    ("class A:\n    def f():\n        return super()\nA.f()", "RuntimeError",
     "super(): no arguments"),
    ("B = 1\nclass A(B):\n    pass", "TypeError", "another class of the script"),
    ("class A:\n    def __init__(self):\n        super().__init__(1)\nA()", "TypeError",
     "object.__init__() takes exactly one argument (the instance to initialize)"),
    ("class A:\n    pass\nlen(A())", "TypeError", "object of type 'A' has no len()"),
    ("class A:\n    pass\nA() + 1", "TypeError",
     "unsupported operand type(s) for +: 'A' and 'int'"),
    ("class A:\n    pass\nfor i in A():\n    pass", "TypeError", "'A' object is not iterable"),
    ("class A:\n    pass\ntorch.tensor(A())", "RuntimeError", "Could not infer dtype of A"),
])
def test_misuse_raises_pythons_errors(source, type_name, message):
    e = error(source)
    assert e.type == type_name and message in e.message


def test_errors_are_catchable_and_located_inside_the_method():
    e = error("class A:\n    def f(self):\n        return 1 / 0\nA().f()")
    assert (e.type, e.line) == ("ZeroDivisionError", 3)
    assert printed("class A:\n    def g(self):\n        self.w = 1\n"
                   "    def f(self):\n        return self.w\n"
                   "try:\n    A().f()\nexcept AttributeError as e:\n    print(e)") == \
        ["'A' object has no attribute 'w'"]


def test_recursion_through_init_ends_at_the_call_depth_limit():
    assert error("class A:\n    def __init__(self):\n        A()\nA()").type == \
        "LimitExceeded"


@pytest.mark.parametrize("source, message", [
    ("class A:\n    def __add__(self, o):\n        pass", "special method `__add__`"),
    ("class A:\n    def __iter__(self):\n        pass", "special method `__iter__`"),
    ("class A:\n    def __eq__(self, o):\n        pass", "special method `__eq__`"),
    ("class A:\n    pass\nclass B:\n    pass\nclass C(A, B):\n    pass", "multiple inheritance"),
    ("class A(metaclass=A):\n    pass", "class keywords"),
    ("class A:\n    for i in [1]:\n        pass", "a class body"),
    ("class A:\n    __slots__ = ()", "special class attribute"),
    ("class A:\n    @p.deleter\n    def p(self):\n        pass", "`deleter`"),
    ("class A:\n    pass\nA.__init__(A())", r"super\(\)\.__init__"),
    ("super()", "only in a method"),
    ("class A:\n    def f(self):\n        return super(self)", r"write `super\(\)`"),
    ("class A:\n    pass\nA().nothing", "`nothing` is not an attribute"),
])
def test_rejected_class_forms(source, message):
    with pytest.raises(ScriptInvalid, match=message):
        parse("import torch\n" + source, "s.py", None, api.VOCABULARY)


def test_a_session_fed_input_by_input_keeps_its_classes_attributes():
    from gradcli.app.api import open_session

    session = open_session("<stdin>")
    session.feed("class A:\n    def __init__(self):\n        self.n = 1\n    def f(self):\n"
                 "        return self.n")
    assert session.feed("a = A()\na.n += 1\na.f()").events[-1].text == "2"
