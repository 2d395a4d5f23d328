import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = (x ** 2).sum()
y.backward()
assert torch.allclose(x.grad, 2 * x)
assert x.grad.shape == x.shape, "shape mismatch"
assert x.is_leaf
print("all asserts passed")
try:
    assert x.grad.sum().item() > 100, "grad too small"
except AssertionError as e:
    print("caught:", e)
x.grad
assert torch.equal(x.grad, torch.tensor([2.0, 4.0, 6.0]))
assert x.grad[0].item() == 3.0, "first grad is not 3"
