import torch

torch.manual_seed(1)
w = torch.randn(2, requires_grad=True)
target = torch.tensor([0.5, -0.5])
log = {"loss": [], "grad_norm": []}
best = {"step": None, "loss": float("inf")}
for step in range(20):
    loss = ((w - target) ** 2).sum()
    loss.backward()
    log["loss"].append(round(loss.item(), 4))
    log["grad_norm"].append(round(w.grad.norm().item(), 4))
    if loss.item() < best["loss"]:
        best.update(step=step, loss=loss.item())
    with torch.no_grad():
        w -= 0.3 * w.grad
    w.grad.zero_()
    if loss.item() < 1e-3:
        print("Epoch [{}/{}], Loss: {:.6f} -> stopping".format(step + 1, 20, loss.item()))
        break
print(len(log["loss"]), log["loss"][:3], log["grad_norm"][-1])
print("best step %(step)d with loss %(loss).2e" % best)
{k: len(v) for k, v in log.items()}
