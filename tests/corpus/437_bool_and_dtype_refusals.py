import torch
x = torch.ones(2, 3)
b = torch.tensor([True, False])
i = torch.tensor([1, 2])
try:
    -b
except RuntimeError as e:
    print(e)
try:
    b - b
except RuntimeError as e:
    print(e)
try:
    x - True
except RuntimeError as e:
    print(e)
try:
    1 - b
except RuntimeError as e:
    print(e)
try:
    torch.abs(b)
except RuntimeError as e:
    print(e)
try:
    torch.floor(b)
except RuntimeError as e:
    print(e)
try:
    torch.relu(b)
except RuntimeError as e:
    print(e)
try:
    torch.argmax(b)
except RuntimeError as e:
    print(e)
torch.sign(b)
b + b
try:
    torch.add(x, x, alpha=True)
except RuntimeError as e:
    print(e)
try:
    torch.sub(i, i, alpha=2.5)
except RuntimeError as e:
    print(e)
try:
    torch.normal(i, 1.0)
except RuntimeError as e:
    print(e)
try:
    torch.rand(2, dtype=torch.int64)
except RuntimeError as e:
    print(e)
try:
    torch.randn_like(b)
except RuntimeError as e:
    print(e)
try:
    torch.where(x, x, x)
except RuntimeError as e:
    print(e)
try:
    x.masked_fill(torch.ones(2, 3), 1.0)
except RuntimeError as e:
    print(e)
try:
    x.masked_fill(torch.ones(4, dtype=torch.bool), 1.0)
except RuntimeError as e:
    print(e)
try:
    torch.allclose(x, x.double())
except RuntimeError as e:
    print(e)
try:
    torch.tensor(None)
except RuntimeError as e:
    print(e)
try:
    torch.tensor([1, None], dtype=torch.float64)
except TypeError as e:
    print(e)
try:
    torch.tensor(['a'])
except ValueError as e:
    print(e)
try:
    torch.tensor([[1, 2], 3])
except TypeError as e:
    print(e)
torch.tensor(range(3))
try:
    x.type(1)
except TypeError as e:
    print(e)
try:
    x.type('float')
except ValueError as e:
    print(e)
x.type('torch.DoubleTensor')
x.type()
try:
    x.to('a')
except RuntimeError as e:
    print(e)
try:
    torch.ones(2, device='cpu:x')
except RuntimeError as e:
    print(e)
try:
    torch.ones(2, device=0)
except RuntimeError as e:
    print(e)
