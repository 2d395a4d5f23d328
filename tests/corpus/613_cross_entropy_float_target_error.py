import torch
import torch.nn as nn
# CrossEntropyLoss given an integer-valued target of the wrong dtype
torch.manual_seed(0)
logits = torch.randn(3, 4, requires_grad=True)
target = torch.tensor([1, 0, 3], dtype=torch.int32)
try:
    nn.CrossEntropyLoss()(logits, target)
except RuntimeError as e:
    print(e)
loss = nn.CrossEntropyLoss()(logits, target.long())
loss.backward()
print(loss, logits.grad)
