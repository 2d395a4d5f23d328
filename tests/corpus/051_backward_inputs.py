import torch
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
y = (a * b).sum()
y.backward(inputs=[a], retain_graph=True)
a.grad
b.grad
y.backward(inputs=[b])
a.grad, b.grad
