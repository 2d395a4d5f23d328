import torch
x = torch.tensor([[0.5, -1.2, 2.0], [1.5, 0.3, -0.7]], requires_grad=True)
(out,) = torch.autograd.grad(F.nll_loss(x.log_softmax(1), torch.tensor([2, 0])) ** 3, x, create_graph=True)
out
out.grad_fn
out.backward(torch.ones(2, 3))
x.grad
