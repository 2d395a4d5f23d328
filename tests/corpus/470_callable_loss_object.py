import torch
# a callable object (__call__) used as a loss, a static method and a class method
class HuberLoss:
    def __init__(self, delta=1.0):
        self.delta = delta

    def __call__(self, pred, target):
        diff = (pred - target).abs()
        quadratic = 0.5 * diff ** 2
        linear = self.delta * (diff - 0.5 * self.delta)
        return torch.where(diff < self.delta, quadratic, linear).mean()

    @staticmethod
    def default():
        return HuberLoss(0.5)

    @classmethod
    def strict(cls):
        return cls(0.1)

loss_fn = HuberLoss.default()
pred = torch.tensor([0.2, 1.5, -2.0], requires_grad=True)
target = torch.tensor([0.0, 0.0, 0.0])
loss = loss_fn(pred, target)
loss
loss.backward()
pred.grad
strict = HuberLoss.strict()
strict.delta
strict(pred, target).item() < loss.item()
