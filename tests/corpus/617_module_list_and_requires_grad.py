import torch
import torch.nn as nn
# ModuleList of layers, freezing one with requires_grad_(False)
torch.manual_seed(0)


class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(3, 3) for _ in range(3)])

    def forward(self, x):
        for layer in self.layers:
            x = torch.tanh(layer(x))
        return x


model = Stack()
print(model)
model.layers[0].requires_grad_(False)
loss = model(torch.randn(2, 3)).sum()
loss.backward()
print(model.layers[0].weight.grad)
print(model.layers[2].bias.grad)
print(sum([p.numel() for p in model.parameters() if p.requires_grad]))
