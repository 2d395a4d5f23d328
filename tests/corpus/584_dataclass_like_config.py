import torch

class Config:
    def __init__(self, lr=0.05, steps=4, momentum=0.0, **extra):
        self.lr = lr
        self.steps = steps
        self.momentum = momentum
        self.extra = extra

    def replace(self, **changes):
        values = {"lr": self.lr, "steps": self.steps, "momentum": self.momentum, **self.extra}
        return Config(**{**values, **changes})

    def describe(self):
        fields = {"lr": self.lr, "steps": self.steps, "momentum": self.momentum, **self.extra}
        return ", ".join(f"{k}={v}" for k, v in fields.items())

base = Config()
fast = base.replace(lr=0.2, tag="fast")
print(base.describe())
print(fast.describe())

for cfg in (base, fast):
    x = torch.tensor([2.0, -1.0], requires_grad=True)
    opt = torch.optim.SGD([x], lr=cfg.lr, momentum=cfg.momentum)
    for step in range(cfg.steps):
        opt.zero_grad()
        loss = (x ** 2).sum()
        loss.backward()
        opt.step()
    print(f"{cfg.extra.get('tag', 'base'):>5}: x = {x.detach().tolist()}, loss = {loss.item():.5f}")
