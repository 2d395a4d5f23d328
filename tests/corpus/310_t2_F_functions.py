import torch
x = torch.tensor([[-1.0, 0.0, 2.0], [0.5, -0.5, 1.0]], requires_grad=True)
F.relu(x)
F.sigmoid(x)
F.tanh(x)
F.softmax(x, dim=1)
F.log_softmax(x, dim=0)
F.relu(x).grad_fn
F.sigmoid(x).grad_fn
F.tanh(x).grad_fn
t = torch.tensor([[0.0, 1.0, 1.0], [1.0, 0.0, 0.5]])
F.mse_loss(x, t)
F.mse_loss(x, t).grad_fn
F.cross_entropy(x, torch.tensor([2, 0]))
F.cross_entropy(x, torch.tensor([2, 0])).grad_fn
F.cross_entropy(x, torch.tensor([2, 0]), reduction="sum")
F.cross_entropy(x, torch.tensor([2, 0]), reduction="none")
F.linear(x, torch.ones(4, 3))
F.linear(x, torch.ones(4, 3), torch.zeros(4))
F.leaky_relu(x, 0.1)
F.binary_cross_entropy(torch.sigmoid(x), t)
