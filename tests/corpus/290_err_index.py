import torch
x = torch.ones(3)
m = torch.ones(2, 3)
for code in range(8):
    try:
        if code == 0:
            x[3]
        elif code == 1:
            m[0, 5]
        elif code == 2:
            x[0, 0]
        elif code == 3:
            torch.tensor(1.)[0]
        elif code == 4:
            m[2]
        elif code == 5:
            m[:, -4]
        elif code == 6:
            x[[0, 5]]
        else:
            m[1, 1, 1]
    except IndexError as e:
        print(code, e)
try:
    x[torch.tensor([True, False])]
except IndexError as e:
    print(e)
try:
    x[torch.tensor([0.0])]
except IndexError as e:
    print(e)
try:
    x[1.5]
except IndexError as e:
    print(e)
