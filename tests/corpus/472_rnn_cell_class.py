import torch
# a recurrent cell as a class, unrolled over a sequence; gradients through time
class RNNCell:
    def __init__(self, hidden):
        torch.manual_seed(0)
        self.w_x = torch.randn(1, hidden, requires_grad=True)
        self.w_h = torch.randn(hidden, hidden, requires_grad=True)
        self.steps = 0

    def step(self, x, h):
        self.steps += 1
        return torch.tanh(x @ self.w_x + h @ self.w_h)

    def __call__(self, x, h):
        return self.step(x, h)

class Scaled(RNNCell):
    def step(self, x, h):
        return super().step(x, h) * 0.5

cell = Scaled(2)
h = torch.zeros(1, 2)
for x in [torch.tensor([[0.5]]), torch.tensor([[-1.0]]), torch.tensor([[2.0]])]:
    h = cell(x, h)
h
h.sum().backward()
cell.w_x.grad
cell.w_h.grad
cell.steps
