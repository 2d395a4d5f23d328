import torch
torch.manual_seed(6)
G = torch.randn(2, 2, requires_grad=True)
D = torch.randn(2, 1, requires_grad=True)
z = torch.randn(4, 2)
fake = z @ G
d_loss = torch.sigmoid(fake.detach() @ D).mean()
d_loss.backward()
G.grad
D.grad
D.grad = None
g_loss = -torch.sigmoid(fake @ D).mean()
g_loss.backward()
G.grad
D.grad
