import torch
import torch.nn as nn
# a forward hook on a named submodule of a custom model: extract features, then detach it
torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(nn.Linear(4, 6), nn.ReLU())
        self.classifier = nn.Linear(6, 2)

    def forward(self, x):
        return self.classifier(self.features(x))


model = Net()
features = []
handle = model.features.register_forward_hook(lambda module, inp, out: features.append(out))
logits = model(torch.randn(3, 4))
print(features[0].shape, features[0].requires_grad, features[0].grad_fn.name())
logits.sum().backward()
print(model.classifier.weight.grad)
handle.remove()
model(torch.randn(1, 4))
print(len(features))
seen = []
model.apply(lambda m: seen.append(m))
print(len(seen))
inputs = []
pre = model.classifier.register_forward_pre_hook(lambda m, args: inputs.append(args[0].shape))
model(torch.randn(5, 4))
print(inputs)
pre.remove()
