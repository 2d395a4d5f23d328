import torch
from torch import nn
# state_dict printing, named_parameters, children and modules
torch.manual_seed(0)


class TinyNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.hidden = nn.Linear(2, 3)
        self.act = nn.ReLU()
        self.out = nn.Linear(3, 1, bias=False)

    def forward(self, x):
        return self.out(self.act(self.hidden(x)))


net = TinyNet()
print(net)
print(net.state_dict())
for name, param in net.named_parameters():
    print(name, param.shape, param.requires_grad)
for child in net.children():
    print(child)
print(len(list(net.modules())))
print(net.out.bias)
