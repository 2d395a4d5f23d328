import torch
for sa, sb in [((2, 3), (3, 4)), ((2, 3), (2, 3)), ((3,), (4,)), ((2, 3), (4,)), ((3,), (3, 2))]:
    a = torch.ones(sa)
    b = torch.ones(sb)
    try:
        print((a @ b).shape)
    except RuntimeError as e:
        print(e)
try:
    torch.ones(3) + torch.ones(4)
except RuntimeError as e:
    print(e)
try:
    torch.ones(2, 3) * torch.ones(3, 2)
except RuntimeError as e:
    print(e)
try:
    torch.ones(6).view(4, 2)
except RuntimeError as e:
    print(e)
try:
    torch.cat([torch.ones(2, 3), torch.ones(2, 4)])
except RuntimeError as e:
    print(e)
try:
    torch.stack([torch.ones(2), torch.ones(3)])
except RuntimeError as e:
    print(e)
