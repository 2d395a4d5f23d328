import torch
x = torch.ones(2)
try:
    x.grad.zero_()
except AttributeError as e:
    print("AttributeError:", e)
else:
    print("no error")
finally:
    print("finally ran")
try:
    y = x + 1
except Exception as e:
    print("not reached")
else:
    print("else ran:", y)
try:
    len(torch.tensor(1.0))
except TypeError as e:
    print("TypeError:", e)
try:
    1 / 0
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
