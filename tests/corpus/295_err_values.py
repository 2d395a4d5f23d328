import torch
for code in range(8):
    try:
        if code == 0:
            torch.ones(2).item()
        elif code == 1:
            torch.zeros(0).item()
        elif code == 2:
            float(torch.ones(2))
        elif code == 3:
            bool(torch.ones(2))
        elif code == 4:
            len(torch.tensor(1.))
        elif code == 5:
            list(torch.tensor(1.))
        elif code == 6:
            torch.tensor([[1., 2.], [3.]])
        else:
            torch.tensor("a")
    except (RuntimeError, TypeError, ValueError) as e:
        print(code, e)
try:
    f"{torch.ones(2):.2f}"
except TypeError as e:
    print(e)
