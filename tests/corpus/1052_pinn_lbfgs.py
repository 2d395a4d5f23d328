import math
import torch
import torch.nn as nn

# A physics-informed fit of u'' = -pi^2 sin(pi x), u(0) = u(1) = 0, as PINN tutorials write it
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(1, 3), nn.Tanh(), nn.Linear(3, 1))
x = torch.linspace(0, 1, 5).reshape(-1, 1).requires_grad_(True)
boundary = torch.tensor([[0.0], [1.0]])
optimizer = torch.optim.LBFGS(model.parameters(), lr=1.0, max_iter=4,
                              line_search_fn="strong_wolfe")
optimizer

def closure():
    optimizer.zero_grad()
    u = model(x)
    u_x = torch.autograd.grad(u, x, torch.ones_like(u), create_graph=True)[0]
    u_xx = torch.autograd.grad(u_x, x, torch.ones_like(u_x), create_graph=True)[0]
    residual = u_xx + math.pi ** 2 * torch.sin(math.pi * x)
    loss = (residual ** 2).mean() + (model(boundary) ** 2).mean()
    loss.backward()
    return loss

for epoch in range(2):
    loss = optimizer.step(closure)
    print(f"epoch {epoch}: loss {loss.item():.4f}")
state = optimizer.state[model[0].weight]
state["n_iter"], state["func_evals"]
model[2].bias
model[0].weight.grad.shape
