import torch
x = torch.ones(2, 3)
i0 = torch.tensor(1)
f0 = torch.tensor(0.5)
try:
    torch.softmax((1,))
except TypeError as e:
    print(e)
try:
    torch.exp(1)
except TypeError as e:
    print(e)
try:
    torch.exp(x.shape)
except TypeError as e:
    print(e)
try:
    torch.sigmoid(torch.float32)
except TypeError as e:
    print(e)
try:
    torch.relu(None)
except TypeError as e:
    print(e)
try:
    torch.add(x, 'a')
except TypeError as e:
    print(e)
try:
    torch.mm(x, 1)
except TypeError as e:
    print(e)
try:
    torch.maximum(x, 2)
except TypeError as e:
    print(e)
try:
    torch.softmax(x, 'a')
except TypeError as e:
    print(e)
try:
    torch.cat(x)
except TypeError as e:
    print(e)
try:
    torch.cat([x, 1])
except TypeError as e:
    print(e)
try:
    torch.ones('a')
except TypeError as e:
    print(e)
try:
    torch.ones(['a'])
except TypeError as e:
    print(e)
try:
    torch.ones(2, 'a')
except TypeError as e:
    print(e)
try:
    torch.full((2,), None)
except TypeError as e:
    print(e)
try:
    torch.ones(2, dtype='float')
except TypeError as e:
    print(e)
try:
    torch.ones(2, requires_grad=1)
except TypeError as e:
    print(e)
torch.add(1, 2)
torch.mul(x, 2)
torch.ones(i0, 2)
torch.softmax(x, i0)
try:
    torch.softmax(x, f0)
except TypeError as e:
    print(e)
torch.sum(x, i0)
torch.ones(2, dtype=float)
torch.ones(2, device='cpu')
