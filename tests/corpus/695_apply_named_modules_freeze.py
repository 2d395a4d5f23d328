import torch
import torch.nn as nn
# model.apply(init_fn), named_modules(), and freezing with requires_grad_(False)
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Sequential(nn.Linear(4, 4), nn.Tanh()),
                      nn.Linear(4, 1))


def init_weights(m):
    if isinstance(m, nn.Linear):
        torch.nn.init.xavier_uniform_(m.weight)
        m.bias.data.fill_(0.01)


model.apply(init_weights)
print(model[2][0].weight)
for name, module in model.named_modules():
    print(repr(name), isinstance(module, nn.Linear), isinstance(module, nn.Sequential))
print([n for n, _ in model.named_parameters()])
model[0].requires_grad_(False)
print([(n, p.requires_grad) for n, p in model.named_parameters()])
x = torch.randn(5, 3)
loss = model(x).pow(2).mean()
loss.backward()
print(model[0].weight.grad, model[3].bias.grad)
trainable = [p for p in model.parameters() if p.requires_grad]
print(len(trainable), sum(p.numel() for p in trainable))
