import torch
import torch.autograd.functional as AF
# "how do I get the Jacobian of a linear layer's output w.r.t. its input?"
W = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
b = torch.tensor([0.5, -0.5])
x = torch.tensor([1.0, 0.0, -1.0])
J = AF.jacobian(lambda x: torch.tanh(W @ x + b), x)
print(J.shape)
J
