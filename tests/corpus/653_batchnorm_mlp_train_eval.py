import torch
import torch.nn as nn
# A BatchNorm MLP: train() uses batch statistics and updates the running ones,
# eval() normalises with the running statistics
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 3), nn.BatchNorm1d(3), nn.ReLU(), nn.Linear(3, 1))
print(model)
bn = model[1]
print(bn.running_mean, bn.running_var, bn.num_batches_tracked)
x = torch.randn(5, 3)
y = x.sum(dim=1, keepdim=True)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for epoch in range(3):
    model.train()
    opt.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    print(epoch, round(loss.item(), 4))
    print(bn.running_mean)
    print(bn.running_var)
print(bn.num_batches_tracked)
print(bn.weight.grad)
print(bn.bias.grad)
model.eval()
with torch.no_grad():
    pred = model(x[:2])
print(pred)
print(bn.num_batches_tracked)
print(bn.training, model.training)
print(list(model.state_dict().keys()))
out = model(x[:1])
print(out.grad_fn.name())
