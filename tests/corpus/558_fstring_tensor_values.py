import torch

x = torch.tensor([1.5, -0.5], requires_grad=True)
loss = (x ** 2).sum()
print(f"{x}")
print(f"{loss}")
print(f"{loss:.3f}")
print(f"{loss.item():10.4f}|")
print(f"{x.shape} {x.dtype} {x.requires_grad}")
loss.backward()
print(f"grad={x.grad!r}")
print(f"{'left':<8}|{'right':>8}|{3.14159:^9.2f}|")
print(f"{123456789:,} {0.5:%} {255:x} {7:03d}")
