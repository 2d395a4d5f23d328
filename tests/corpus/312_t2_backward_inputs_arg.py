import torch
a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
y = (a * b).sum()
y.backward(inputs=[a])
a.grad
b.grad
y2 = (a * b).sum()
y2.backward(inputs=[b], retain_graph=True)
b.grad
a.grad
y2.backward(inputs=b)
b.grad
