import torch
# Python's errors for misused classes, caught as a script would catch them
class Model:
    def __init__(self, w):
        self.w = w

    def forward(self, x):
        return self.w * x

try:
    Model()
except TypeError as e:
    print("TypeError:", e)
m = Model(torch.ones(2))
try:
    m.forward(1, 2)
except TypeError as e:
    print("TypeError:", e)
try:
    m.bias
except AttributeError as e:
    print("AttributeError:", e)
try:
    Model.bias
except AttributeError as e:
    print("AttributeError:", e)
try:
    m(torch.ones(2))
except TypeError as e:
    print("TypeError:", e)

class Empty:
    bias = 0

try:
    Empty(1)
except TypeError as e:
    print("TypeError:", e)
m.bias = torch.zeros(2)
m.bias
m.forward(torch.tensor([1.0, 2.0])) + m.bias
