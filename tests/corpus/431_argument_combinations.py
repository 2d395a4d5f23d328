import torch
x = torch.ones(2, 3)
try:
    torch.softmax(x)
except TypeError as e:
    print(e)
try:
    torch.softmax()
except TypeError as e:
    print(e)
try:
    torch.exp(x, x)
except TypeError as e:
    print(e)
try:
    torch.softmax(x, 0, 1, 2)
except TypeError as e:
    print(e)
try:
    torch.exp(x, foo=1)
except TypeError as e:
    print(e)
try:
    torch.exp(x, input=x)
except TypeError as e:
    print(e)
try:
    torch.softmax(x, 0, dim=1)
except TypeError as e:
    print(e)
try:
    torch.sum(x, dim=0, axis=1)
except TypeError as e:
    print(e)
try:
    torch.where(1, x, x)
except TypeError as e:
    print(e)
try:
    torch.clamp(x, 'a', 'b')
except TypeError as e:
    print(e)
try:
    torch.clamp(x, min='a')
except TypeError as e:
    print(e)
try:
    torch.mm(x)
except TypeError as e:
    print(e)
try:
    torch.max(x, 1, 2, 3)
except TypeError as e:
    print(e)
try:
    torch.eq(x, 'a')
except TypeError as e:
    print(e)
try:
    torch.remainder(x, 'a')
except TypeError as e:
    print(e)
torch.sum(x, axis=0, keepdims=True)
torch.add(x, x2=x)
torch.exp(a=x)
torch.exp(x, out=None)
torch.add(x, 2, x)
x.add(3, x)
