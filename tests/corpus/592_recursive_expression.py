import torch

def poly(x, coeffs):
    """Horner's rule, recursively."""
    if not coeffs:
        return torch.zeros_like(x)
    head, *tail = coeffs
    return head + x * poly(x, tail)

x = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
coeffs = [1.0, -2.0, 0.5, 3.0]
y = poly(x, coeffs)
y.sum().backward()
print(y)
print(x.grad)
expected = sum(i * c * x.detach() ** (i - 1) for i, c in enumerate(coeffs) if i > 0)
print(torch.allclose(x.grad, expected), (*coeffs[:2], *coeffs[2:]) == tuple(coeffs))
