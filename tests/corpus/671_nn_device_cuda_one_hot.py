import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
device
torch.cuda.is_available()
torch.cuda.device_count()
model = nn.Linear(4, 3).to(device)
x = torch.randn(5, 4).to(device)
labels = torch.tensor([0, 2, 1, 1, 0], device=device)
target = F.one_hot(labels, num_classes=3).float()
target
F.one_hot(labels)
F.one_hot(torch.tensor([[1, 0], [2, 3]]))
loss = -(F.log_softmax(model(x), dim=1) * target).sum(dim=1).mean()
loss.backward()
model.weight.grad
try:
    F.one_hot(torch.tensor([0, 3]), num_classes=3)
except RuntimeError as e:
    print(e)
try:
    F.one_hot(torch.tensor([0.0, 1.0]))
except RuntimeError as e:
    print(e)
try:
    F.one_hot(torch.tensor([-1, 1]))
except RuntimeError as e:
    print(e)
