import torch
import torch.nn as nn
# fine-tuning: freeze a "pretrained" backbone, train a new head only
torch.manual_seed(0)


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(6, 8), nn.ReLU(), nn.Linear(8, 8), nn.ReLU())
        self.head = nn.Linear(8, 3)

    def forward(self, x):
        return self.head(self.backbone(x))


model = Classifier()
for param in model.backbone.parameters():
    param.requires_grad = False
model.head = nn.Linear(8, 2)
print(model)
optimizer = torch.optim.SGD(filter(lambda p: p.requires_grad, model.parameters()), lr=0.1,
                            momentum=0.9)
print(len(optimizer.param_groups[0]['params']))
x = torch.randn(10, 6)
y = torch.tensor([0, 1, 1, 0, 1, 0, 0, 1, 1, 0])
criterion = nn.CrossEntropyLoss()
frozen_before = model.backbone[0].weight.clone()
for epoch in range(5):
    optimizer.zero_grad()
    loss = criterion(model(x), y)
    loss.backward()
    optimizer.step()
    print(epoch, f"{loss.item():.4f}")
print(torch.equal(frozen_before, model.backbone[0].weight), model.backbone[0].weight.grad)
print(model.head.weight)
for name, p in model.named_parameters():
    if p.requires_grad:
        print("training", name, list(p.shape))
