import torch
# the autograd tutorial's "Tensor Gradients and Jacobian Products", then the same with jacobian
inp = torch.eye(4, 5, requires_grad=True)
out = (inp + 1).pow(2).t()
out.backward(torch.ones_like(out), retain_graph=True)
print(f"First call\n{inp.grad}")
J = torch.autograd.functional.jacobian(lambda t: (t + 1).pow(2).t(), inp)
print(J.shape)
print(torch.allclose(J.sum(dim=(0, 1)), inp.grad))
