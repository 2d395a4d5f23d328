# torch.accelerator as PyTorch's tutorials pick a device (a CPU-only torch has none), torch.set_default_device / get_default_device on the CPU, and a tutorial's `p.grad = 0.` refused as torch refuses it
import torch
import math

device = torch.accelerator.current_accelerator().type if torch.accelerator.is_available() else "cpu"
print(f"Using {device} device")
torch.accelerator.is_available()
torch.accelerator.device_count()
torch.accelerator.current_accelerator()
torch.set_default_device(device)
torch.get_default_device()
x = torch.linspace(-math.pi, math.pi, 5)
a = torch.tensor(0.5, requires_grad=True)
loss = (a * x - torch.sin(x)).pow(2).sum()
loss.backward()
a.grad
torch.set_default_device(None)
torch.get_default_device()
model = torch.nn.Linear(2, 1).to(device)
next(model.parameters()).device
try:
    a.grad = 0.
except TypeError as e:
    print("TypeError:", e)
a.grad
