import torch

layers = {"w1": torch.ones(2, requires_grad=True)}
try:
    layers["w2"]
except KeyError as e:
    print("missing", e, e.args)
try:
    [1, 2][5]
except LookupError as e:
    print(repr(e))
try:
    torch.ones(2) @ torch.ones(3)
except RuntimeError as e:
    print(e)
layers["w2"]
