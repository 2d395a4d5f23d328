import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
for op in ["add", "mul", "zero", "fill", "copy", "clamp", "sub", "div", "pow"]:
    try:
        if op == "add":
            x.add_(1)
        elif op == "mul":
            x.mul_(2)
        elif op == "zero":
            x.zero_()
        elif op == "fill":
            x.fill_(1)
        elif op == "copy":
            x.copy_(torch.zeros(2))
        elif op == "clamp":
            x.clamp_(0, 1)
        elif op == "sub":
            x.sub_(1)
        elif op == "div":
            x.div_(2)
        else:
            x.pow_(2)
    except RuntimeError as e:
        print(op, e)
try:
    x += 1
except RuntimeError as e:
    print(e)
try:
    x *= 2
except RuntimeError as e:
    print(e)
try:
    x[0] = 5.0
except RuntimeError as e:
    print(e)
try:
    x[0].add_(1)
except RuntimeError as e:
    print(e)
try:
    v = x.view(2)
    v += 1
except RuntimeError as e:
    print(e)
try:
    x.T.mul_(2)
except RuntimeError as e:
    print(e)
with torch.no_grad():
    x.add_(1)
    x[0] = 10.0
x
x.is_leaf
