import torch

# Rosenbrock-like fit with the default LBFGS (no line search)
w = torch.tensor([1.5, -0.5], requires_grad=True)
opt = torch.optim.LBFGS([w], lr=1, max_iter=5)
opt

def closure():
    opt.zero_grad()
    loss = ((w - torch.tensor([3.0, 2.0])) ** 2).sum() + (w[0] * w[1]) ** 2
    loss.backward()
    return loss

loss = opt.step(closure)
loss
loss.grad_fn
w
w.grad
state = opt.state_dict()["state"][0]
state["func_evals"], state["n_iter"], state["t"]
state["d"]
state["ro"]
state["H_diag"]
len(state["old_dirs"]), state["prev_loss"]
opt.step(closure)
w

# strong Wolfe line search, a few steps
v = torch.tensor([-1.2, 1.0], requires_grad=True)
opt2 = torch.optim.LBFGS([v], lr=0.5, max_iter=4, history_size=3, line_search_fn="strong_wolfe")

def rosenbrock():
    opt2.zero_grad()
    loss = (1 - v[0]) ** 2 + 100 * (v[1] - v[0] ** 2) ** 2
    loss.backward()
    return loss

for _ in range(3):
    opt2.step(rosenbrock)
v
opt2.state[v]["func_evals"], opt2.state[v]["n_iter"]
opt2.param_groups[0]["max_eval"]

# errors torch raises
try:
    torch.optim.LBFGS([w], lr=-1.0)
except ValueError as e:
    print("ValueError", e)
try:
    torch.optim.LBFGS([{"params": [w]}, {"params": [v]}])
except ValueError as e:
    print("ValueError", e)
try:
    opt.step()
except TypeError as e:
    print("TypeError", e)
torch.optim.LBFGS([w], line_search_fn="bisect").step(closure)
