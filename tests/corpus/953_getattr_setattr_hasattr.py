# getattr/setattr/hasattr as models and training loops use them: layers made and found by a
# computed name, an activation chosen by its name, optional methods probed (issue #33)
import torch
import torch.nn as nn
import torch.nn.functional as F


class MLP(nn.Module):
    def __init__(self, sizes, activation="tanh"):
        super().__init__()
        self.depth = len(sizes) - 1
        for i in range(self.depth):
            setattr(self, f"layer{i}", nn.Linear(sizes[i], sizes[i + 1]))
        self.activation = getattr(torch, activation)

    def forward(self, x):
        for i in range(self.depth):
            x = getattr(self, f"layer{i}")(x)
            if i < self.depth - 1:
                x = self.activation(x)
        return x


torch.manual_seed(0)
net = MLP([3, 4, 2], "sigmoid")
net
[name for name, _ in net.named_parameters()]
hasattr(net, "layer1"), hasattr(net, "layer2"), hasattr(net, "reset_parameters")
hasattr(net.layer0, "weight"), hasattr(net.layer0, "bias")
x = torch.randn(5, 3)
loss = getattr(F, "mse_loss")(net(x), torch.zeros(5, 2))
loss.backward()
getattr(net, "layer1").weight.grad
for name in ["weight", "bias"]:
    print(name, getattr(net.layer0, name).grad.shape)
getattr(net, "dropout", None) is None
setattr(net, "scale", 2.0)
net.scale * loss.detach()
try:
    getattr(net, "layer" + str(7))
except AttributeError as e:
    print(e)
