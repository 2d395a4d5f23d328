import torch
x = torch.ones(3)
m = torch.ones(2, 3)
for code in range(8):
    try:
        if code == 0:
            x.sum(dim=1)
        elif code == 1:
            m.mean(2)
        elif code == 2:
            m.max(dim=-3)
        elif code == 3:
            m.softmax(2)
        elif code == 4:
            m.transpose(0, 2)
        elif code == 5:
            x.unsqueeze(2)
        elif code == 6:
            torch.stack([x, x], dim=3)
        else:
            m.squeeze(4)
    except IndexError as e:
        print(code, e)
try:
    torch.tensor(1.0).sum(1)
except IndexError as e:
    print(e)
