import torch
x = torch.tensor([1.0, -1.0])
try:
    torch.clamp(x)
except RuntimeError as e:
    print(e)
try:
    x.clamp()
except RuntimeError as e:
    print(e)
try:
    torch.ones(3).t().mm(torch.ones(3))
except RuntimeError as e:
    print(e)
try:
    torch.dot(torch.ones(2, 2), torch.ones(2))
except RuntimeError as e:
    print(e)
try:
    torch.mv(torch.ones(2, 3), torch.ones(2))
except RuntimeError as e:
    print(e)
try:
    torch.matmul(torch.tensor(2.0), torch.ones(2))
except RuntimeError as e:
    print(e)
try:
    torch.ones(2, 3).t().expand(2, 2)
except RuntimeError as e:
    print(e)
try:
    torch.cat([])
except RuntimeError as e:
    print(e)
try:
    torch.cat([torch.ones(2), torch.ones(2, 2)])
except RuntimeError as e:
    print(e)
try:
    torch.ones(2, 3, 4).t()
except RuntimeError as e:
    print(e)
try:
    torch.ones(3).narrow(0, 2, 2)
except RuntimeError as e:
    print(e)
