import torch
# a class holding its weights, a forward method and a manual SGD loop
class Linear:
    def __init__(self, n_in, n_out):
        self.w = torch.full((n_in, n_out), 0.1, requires_grad=True)
        self.b = torch.zeros(n_out, requires_grad=True)

    def forward(self, x):
        return x @ self.w + self.b

    def parameters(self):
        return [self.w, self.b]

model = Linear(3, 1)
x = torch.tensor([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]])
target = torch.tensor([[1.0], [0.0]])
lr = 0.1
for step in range(3):
    loss = ((model.forward(x) - target) ** 2).mean()
    loss.backward()
    with torch.no_grad():
        for p in model.parameters():
            p -= lr * p.grad
            p.grad = None
    print(step, round(loss.item(), 5))
model.w
model.b
model
