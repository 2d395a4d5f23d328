import torch
x = torch.ones(2, 3)
try:
    x.exp(1)
except TypeError as e:
    print(e)
try:
    x.exp(foo=1)
except TypeError as e:
    print(e)
try:
    x.t(1)
except TypeError as e:
    print(e)
try:
    x.item(1)
except TypeError as e:
    print(e)
try:
    torch.is_grad_enabled(1)
except TypeError as e:
    print(e)
try:
    x.sum('a')
except TypeError as e:
    print(e)
try:
    x.sum(True)
except TypeError as e:
    print(e)
try:
    x.view('a')
except TypeError as e:
    print(e)
try:
    x.view(1.5, 2)
except TypeError as e:
    print(e)
try:
    x.view((1.5, 2))
except TypeError as e:
    print(e)
try:
    x.view(2, 1.5)
except TypeError as e:
    print(e)
try:
    x.permute(['a', 1])
except TypeError as e:
    print(e)
try:
    x.permute('a', 0)
except TypeError as e:
    print(e)
try:
    x.masked_fill(x > 0, 'a')
except TypeError as e:
    print(e)
try:
    x.masked_fill(mask=x > 0, value=1, foo=2)
except TypeError as e:
    print(e)
try:
    x.max(foo=1)
except TypeError as e:
    print(e)
try:
    x.clamp(foo=1)
except TypeError as e:
    print(e)
try:
    x.eq(other=(1,))
except TypeError as e:
    print(e)
try:
    x.unsqueeze(1.5)
except TypeError as e:
    print(e)
try:
    x.gather(0, [0])
except TypeError as e:
    print(e)
try:
    x.add(x, alpha=torch.ones((), requires_grad=True))
except TypeError as e:
    print(e)
try:
    x.mul(x, x)
except TypeError as e:
    print(e)
x.view(3, 2)
x.view((3, 2))
x.unsqueeze(torch.tensor(0))
x.sum(dim=0, keepdims=True)
x.allclose(x, rtol=1)
