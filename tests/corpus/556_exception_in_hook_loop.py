import torch

results = {}
for value in [1.0, -1.0, 0.0]:
    x = torch.tensor(value, requires_grad=True)
    try:
        if value == 0:
            raise ZeroDivisionError("value is zero")
        y = x.log()
        y.backward()
        results[value] = x.grad.item()
    except ZeroDivisionError as e:
        results[value] = str(e)
results
