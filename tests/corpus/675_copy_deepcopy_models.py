import copy
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Linear(2, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(20, 2), torch.randn(20, 1)
best_loss, best_state = float('inf'), None
for epoch in range(6):
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    if loss.item() < best_loss:
        best_loss = loss.item()
        best_state = copy.deepcopy(model.state_dict())
model.weight.data.fill_(0.0)
best_state
model.load_state_dict(best_state)
model.weight
target = copy.deepcopy(model)
target.weight is model.weight
target.weight
target.weight.grad
isinstance(target.weight, nn.Parameter)
with torch.no_grad():
    target.weight.add_(1.0)
model.weight
target
class Tied(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(2, 2, bias=False)
        self.b = nn.Linear(2, 2, bias=False)
        self.b.weight = self.a.weight
t2 = copy.deepcopy(Tied())
t2.a.weight is t2.b.weight
len(list(t2.parameters()))
w = torch.ones(2, requires_grad=True)
copy.deepcopy([w, {"k": w}])
try:
    copy.deepcopy(w * 2)
except RuntimeError as e:
    print(e)
shallow = copy.copy([w])
shallow[0] is w
