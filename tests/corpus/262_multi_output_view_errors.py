import torch
x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
parts = (x * 1).unbind()
try:
    parts[2].mul_(2)
except RuntimeError as e:
    print(e)
chunks = (x * 1).chunk(2)
try:
    chunks[1].add_(1)
except RuntimeError as e:
    print(e)
pieces = (x * 1).split(3)
try:
    pieces[0][0] = 1.0
except RuntimeError as e:
    print(e)
for row in (x * 1).view(2, 2):
    try:
        row += 1
    except RuntimeError as e:
        print(e)
plain = torch.ones(4).chunk(2)
plain[0].mul_(3)
plain
