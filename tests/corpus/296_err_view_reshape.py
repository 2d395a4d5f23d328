import torch
x = torch.ones(6)
for code in range(6):
    try:
        if code == 0:
            x.view(4, 2)
        elif code == 1:
            x.reshape(4, -1)
        elif code == 2:
            x.view(-1, -1)
        elif code == 3:
            x.view(2, 3).t().view(6)
        elif code == 4:
            x.view(2, 3).expand(2, 2, 4)
        else:
            x.view(2, 3).expand(3, 3)
    except RuntimeError as e:
        print(code, e)
