# gradcli: expect RuntimeError: a leaf Variable that requires grad is being used in an in-place
# An error demonstration: PyTorch refuses an in-place change to a leaf that requires grad.
import torch

x = torch.ones(2, requires_grad=True)
x += 1
