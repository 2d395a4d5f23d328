import torch
# an error raised deep inside functions is caught by the caller
def layer(x, w):
    return x @ w

def model(x, ws):
    for w in ws:
        x = layer(x, w)
    return x

x = torch.ones(2, 3)
ws = [torch.ones(3, 4, requires_grad=True), torch.ones(5, 1, requires_grad=True)]
try:
    model(x, ws)
except RuntimeError as e:
    print("shape error:", e)
ws[1] = torch.ones(4, 1, requires_grad=True)
out = model(x, ws).sum()
out
out.backward()
ws[0].grad
model(x, [torch.ones(3, 3)])[0, 0].item() + layer(torch.ones(1, 3), torch.ones(3, 2)).sum()
