"""Custom torch.autograd.Function with PyTorch's semantics: the expected lines are what
real PyTorch 2.13 prints for the same script (addresses left out, as gradcli prints them)."""
from __future__ import annotations

from test_control_flow import printed


def test_forward_runs_without_grad_and_saved_tensors_are_freed_after_backward():
    assert printed("""
        import torch
        class MyExp(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x):
                print(torch.is_grad_enabled(), x.requires_grad)
                y = x.exp()
                print(y.requires_grad, y.grad_fn)
                ctx.save_for_backward(y)
                return y
            @staticmethod
            def backward(ctx, g):
                print(torch.is_grad_enabled())
                (y,) = ctx.saved_tensors
                return g * y
        x = torch.tensor([0.0, 1.0], requires_grad=True)
        y = MyExp.apply(x)
        print(y.grad_fn.name(), y.requires_grad, y.is_leaf)
        y.sum().backward(retain_graph=True)
        y.sum().backward()
        print(x.grad.tolist())
        try:
            y.sum().backward()
        except RuntimeError as e:
            print(str(e)[:40])
        with torch.no_grad():
            z = MyExp.apply(x)
        print(z.grad_fn, z.requires_grad)
        print(MyExp.apply(torch.ones(1)).grad_fn)
    """) == [
        'False True',
        'False None',
        'MyExpBackward True False',
        'False',
        'False',
        '[2.0, 5.436563491821289]',
        'False',
        'Trying to backward through the graph a s',
        'False True',
        'False None',
        'None False',
        'False False',
        'False None',
        'None',
    ]


def test_setup_context_form_ctx_attributes_and_needs_input_grad():
    assert printed("""
        import torch
        class Mul(torch.autograd.Function):
            @staticmethod
            def forward(x, k):
                return x * k
            @staticmethod
            def setup_context(ctx, inputs, output):
                x, k = inputs
                print(len(inputs), output.requires_grad)
                ctx.k = k
                ctx.save_for_backward(x)
            @staticmethod
            def backward(ctx, g):
                print(ctx.needs_input_grad)
                return g * ctx.k, None
        x = torch.tensor([1.0, 2.0], requires_grad=True)
        Mul.apply(x, 3).sum().backward()
        print(x.grad.tolist(), Mul.forward(x, 2).grad_fn.name())
    """) == [
        '2 False',
        '(True, False)',
        '[3.0, 3.0] MulBackward0',
    ]


def test_tuple_outputs_share_one_node_and_materialized_gradients():
    assert printed("""
        import torch
        class Two(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x):
                return x * 2, x * 3
            @staticmethod
            def backward(ctx, g1, g2):
                print(g1.tolist(), g2.tolist())
                return g1 * 2 + g2 * 3
        class Lazy(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x):
                ctx.set_materialize_grads(False)
                return x * 2, x * 3
            @staticmethod
            def backward(ctx, g1, g2):
                print(g1.tolist(), g2)
                return g1 * 2
        x = torch.tensor([1.0, 2.0], requires_grad=True)
        a, b = Two.apply(x)
        print(a.grad_fn.name(), b.grad_fn.name(), a.grad_fn.next_functions)
        a.sum().backward()
        (a * b).sum().backward()
        print(x.grad.tolist())
        a, b = Lazy.apply(x)
        a.sum().backward()
        print(x.grad.tolist())
    """) == [
        'TwoBackward TwoBackward ((<AccumulateGrad object>, 0),)',
        '[1.0, 1.0] [0.0, 0.0]',
        '[3.0, 6.0] [2.0, 4.0]',
        '[14.0, 26.0]',
        '[1.0, 1.0] None',
        '[16.0, 28.0]',
    ]


def test_non_differentiable_dirty_and_returned_inputs():
    assert printed("""
        import torch
        class ArgMax(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x):
                i = x.argmax()
                ctx.mark_non_differentiable(i)
                ctx.save_for_backward(x, i)
                return x.max(), i
            @staticmethod
            def backward(ctx, gv, gi):
                x, i = ctx.saved_tensors
                print(gi)
                g = torch.zeros_like(x)
                g[i] = gv
                return g
        class Double(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x):
                x.mul_(2)
                ctx.mark_dirty(x)
                return x
            @staticmethod
            def backward(ctx, g):
                return g * 2
        x = torch.tensor([1.0, 3.0, 2.0], requires_grad=True)
        v, i = ArgMax.apply(x)
        print(v, i, i.requires_grad)
        v.backward()
        print(x.grad)
        a = x * 1
        b = Double.apply(a)
        print(b is a, a, a.grad_fn.name())
        b.sum().backward()
        print(x.grad)
        try:
            Double.apply(x)
        except RuntimeError as e:
            print(e)
        class Same(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x):
                return x
            @staticmethod
            def backward(ctx, g):
                return g
        s = Same.apply(x)
        print(s is x, s.grad_fn.name(), s.is_leaf)
    """) == [
        'tensor(3., grad_fn=<ArgMaxBackward>) tensor(1) False',
        'tensor(0)',
        'tensor([0., 1., 0.])',
        'True tensor([2., 6., 4.], grad_fn=<DoubleBackward>) DoubleBackward',
        'tensor([2., 3., 2.])',
        'a leaf Variable that requires grad has been used in an in-place operation.',
        'False SameBackward False',
    ]


def test_pytorch_errors_for_what_backward_returns_and_how_it_is_called():
    assert printed("""
        import torch
        x = torch.tensor([1.0, 2.0], requires_grad=True)
        class Few(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x, k):
                return x * k
            @staticmethod
            def backward(ctx, g):
                return g
        class NonTensor(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x, k):
                return x * k
            @staticmethod
            def backward(ctx, g):
                return g, g
        class Shape(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x):
                return x * 2
            @staticmethod
            def backward(ctx, g):
                return torch.ones(3)
        class Number(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x):
                return x * 2
            @staticmethod
            def backward(ctx, g):
                return 2.0
        class NoBackward(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x):
                return x * 2
        class NoForward(torch.autograd.Function):
            pass
        for f, k in [(Few, 2), (NonTensor, 2), (Shape, None), (Number, None), (NoBackward, None)]:
            try:
                y = f.apply(x) if k is None else f.apply(x, k)
                y.sum().backward()
            except Exception as e:
                print(e)
        try:
            NoForward.apply(x)
        except Exception as e:
            print(e)
        class Legacy(torch.autograd.Function):
            def forward(self, x):
                return x * 2
        print(Legacy.apply(x).grad_fn.name())
        try:
            Few()(x, 2)
        except RuntimeError as e:
            print(str(e)[:50])
        class Saved(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x):
                ctx.save_for_backward(x)
                return x * 2
            @staticmethod
            def backward(ctx, g):
                (x,) = ctx.saved_tensors
                return g * 2
        a = x * 1
        y = Saved.apply(a)
        a.add_(1)
        try:
            y.sum().backward()
        except RuntimeError as e:
            print(str(e)[:150])
    """) == [
        'function FewBackward returned an incorrect number of gradients (expected 2, got 1)',
        'function NonTensorBackward returned a gradient different than None at position 2, but '
        'the corresponding forward input was not a Variable',
        'Function ShapeBackward returned an invalid gradient at index 0 - got [3] but expected '
        'shape compatible with [2]',
        'expected Variable or None (got float)',
        'You must implement either the backward or vjp method for your custom '
        'autograd.Function to use it with backward mode AD.',
        'You must implement the forward function for custom autograd.Function.',
        'LegacyBackward',
        'Legacy autograd function with non-static forward m',
        'one of the variables needed for gradient computation has been modified by an inplace '
        'operation: [torch.FloatTensor [2]], which is output 0 of Add, is ',
    ]


def test_create_graph_through_a_backward_of_differentiable_ops():
    assert printed("""
        import torch
        class Cube(torch.autograd.Function):
            @staticmethod
            def forward(ctx, x):
                ctx.save_for_backward(x)
                return x ** 3
            @staticmethod
            def backward(ctx, g):
                (x,) = ctx.saved_tensors
                print(torch.is_grad_enabled())
                return g * 3 * x ** 2
        x = torch.tensor([1.0, 2.0], requires_grad=True)
        y = Cube.apply(x)
        g, = torch.autograd.grad(y.sum(), x, create_graph=True)
        print(g, g.grad_fn.name())
        g.sum().backward()
        print(x.grad)
    """) == [
        'True',
        'tensor([ 3., 12.], grad_fn=<MulBackward0>) MulBackward0',
        'tensor([ 6., 12.])',
    ]
