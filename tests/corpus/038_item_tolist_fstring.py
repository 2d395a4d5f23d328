import torch
x = torch.tensor([3.5], requires_grad=True)
x.item()
t = torch.tensor([0.1, 0.2]) * 2
t.tolist()
torch.tensor([[1, 2], [3, 4]]).tolist()
torch.tensor(7).item()
torch.tensor(True).item()
v = torch.tensor(1.5)
print(f"value={v}")
print(f"{v.item():.2f} and {x.item():.3f}")
loss = (x ** 2).sum()
print(f"loss {loss.item():.4f}")
print("size:", x.numel(), x.dim())
torch.tensor([1.5, 2.5]).sum().item() + 1
