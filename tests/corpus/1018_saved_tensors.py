# grad_fn._saved_self / _saved_other / _saved_result / _saved_exponent, as PyTorch's autograd
# tutorial reads them: the saved inputs (None where torch saved nothing), a Python number as
# the 0-d tensor torch wraps it in, the saved output as a tensor of its own, and torch's error
# once backward() has freed them
import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = torch.tensor([3.0, 4.0])
a = x * y
a.grad_fn._saved_self
a.grad_fn._saved_other
(x * 2).grad_fn._saved_other
(x * 2.5).grad_fn._saved_other
c = x.exp()
c.grad_fn._saved_result
c.grad_fn._saved_result is c
torch.equal(c.grad_fn._saved_result, c)
d = x ** 3
d.grad_fn._saved_self is x
d.grad_fn._saved_exponent
e = x.tanh()
e.grad_fn._saved_result.grad_fn
x.sigmoid().grad_fn._saved_result
(x / y).grad_fn._saved_other
x.sin().grad_fn._saved_self is x
x.sqrt().grad_fn._saved_result
(x ** y).grad_fn._saved_exponent
e.sum().backward()
try:
    e.grad_fn._saved_result
except RuntimeError as err:
    print(err)
try:
    a.grad_fn._saved_result
except AttributeError as err:
    print(err)
f = x * x
f.sum().backward(retain_graph=True)
f.grad_fn._saved_other is x
x.grad
