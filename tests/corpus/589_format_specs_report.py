import torch

torch.manual_seed(0)
x = torch.randn(3, requires_grad=True)
y = (x.sin() * x).sum()
y.backward()
print(f"y = {y.item():.6f}")
print(f"y = {y.item():10.3e}|{y.item():<10.2f}|{y.item():>+8.3f}|")
print("grad: " + ", ".join(f"{g:.4f}" for g in x.grad.tolist()))
print("{:.3f} {:>8.2%}".format(y.item(), 0.25))
print("%.4f %5d %s" % (x.grad.sum().item(), x.numel(), tuple(x.shape)))
print(f"{x.grad.norm():.4f}", f"{x.shape[0]:03d}", f"{'loss':^10}|", f"{3.14159:.2f}")
print(f"{y:.3f}", format(x.grad[0].item(), ".5g"), f"{y.item()!r:>25}")
