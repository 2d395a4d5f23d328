import torch
import torch.nn as nn
# zero_grad(set_to_none=False) keeps zeroed tensors; the default sets them to None
torch.manual_seed(0)
model = nn.Linear(2, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.5)
model(torch.ones(1, 2)).sum().backward()
opt.zero_grad(set_to_none=False)
print(model.weight.grad)
opt.zero_grad()
print(model.weight.grad)
model(torch.ones(1, 2)).sum().backward()
opt.step()
print(model.weight, model.bias)
print(opt.param_groups[0]["lr"])
opt.param_groups[0]["lr"] = 0.1
print(opt.param_groups[0]["lr"])
