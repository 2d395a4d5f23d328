import torch
for make in range(4):
    try:
        if make == 0:
            t = torch.tensor([1, 2], requires_grad=True)
        elif make == 1:
            t = torch.arange(3, requires_grad=True)
        elif make == 2:
            t = torch.tensor([1, 2]).requires_grad_()
        else:
            t = torch.tensor([1, 2])
            t.requires_grad = True
    except RuntimeError as e:
        print(make, e)
t = torch.tensor([1, 2]).float().requires_grad_()
t
torch.ones(2, dtype=torch.long).float().requires_grad_(True)
