import torch
x = torch.tensor([1.0, 2.0])
i = torch.tensor([1, 2])
i32 = torch.tensor([1, 2], dtype=torch.int32)
u8 = torch.tensor([1, 2], dtype=torch.uint8)
try:
    torch.tensor([1.0]) * 10**40
except Exception as e:
    print(e)
try:
    x + 10**40
except Exception as e:
    print(e)
try:
    10**40 - x
except Exception as e:
    print(e)
try:
    x * (-2**63 - 1)
except Exception as e:
    print(e)
try:
    x.add(x, alpha=10**40)
except Exception as e:
    print(e)
try:
    x.clamp(max=10**40)
except Exception as e:
    print(e)
try:
    torch.full((2,), 10**40)
except Exception as e:
    print(e)
x * 2**63
x * (2**64 - 1)
i * 2**63
i + 2**62
i32 + 2**40
u8 + 300
u8 - 300
try:
    torch.full((1,), 2**63)
except RuntimeError as e:
    print(e)
try:
    torch.full((1,), 1e300)
except RuntimeError as e:
    print(e)
try:
    torch.full((1,), 300, dtype=torch.uint8)
except RuntimeError as e:
    print(e)
torch.full((1,), -1, dtype=torch.uint8)
try:
    i32.fill_(2**40)
except RuntimeError as e:
    print(e)
u8.fill_(-1)
try:
    i.fill_(float('nan'))
except RuntimeError as e:
    print(e)
try:
    x.masked_fill(x > 0, 1e300)
except RuntimeError as e:
    print(e)
try:
    x[0] = 2**63
except ValueError as e:
    print(e)
try:
    x[0] = 1e300
except RuntimeError as e:
    print(e)
try:
    u8[0] = 300
except RuntimeError as e:
    print(e)
try:
    i ** 2**63
except RuntimeError as e:
    print(e)
try:
    torch.arange(2**63)
except RuntimeError as e:
    print(e)
try:
    x.sum(2**63)
except ValueError as e:
    print(e)
try:
    x.softmax(10**40)
except ValueError as e:
    print(e)
print(torch.tensor([1e40]))
print(torch.tensor([1e300], dtype=torch.float64).float())
