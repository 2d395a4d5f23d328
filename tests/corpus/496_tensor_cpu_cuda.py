import torch
x = torch.ones(2, requires_grad=True)
y = (x * 3).cpu()
y is y.cpu()
y.sum().backward()
x.grad.cpu()
x.grad.detach().cpu().numpy()
try:
    x.cuda()
except AssertionError as e:
    print("no gpu:", e)
try:
    x.cuda(0)
except RuntimeError as e:
    print(e)
x.cpu(1)
