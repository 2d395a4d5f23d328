import torch
x = torch.arange(5.)
for k in range(5):
    try:
        if k == 0:
            print(x[1e-45:0])
        elif k == 1:
            print(x[torch.tensor(1):])
        elif k == 2:
            print(x[::torch.tensor(2)])
        elif k == 3:
            print(x[True:])
        else:
            print(x["a":])
    except TypeError as e:
        print(e)
x[None:2]
