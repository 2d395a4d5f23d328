import torch
# class attributes shared by instances, an instance attribute hiding one, methods as values
class Meter:
    count = 0
    unit = "loss"

    def __init__(self, name, scale=1.0):
        self.name = name
        self.scale = scale
        self.total = 0.0
        Meter.count += 1

    def add(self, value):
        self.total += value * self.scale
        return self

    def report(self):
        return f"{self.name}: {self.total:.3f} {self.unit}"

a = Meter("train")
b = Meter("val", scale=0.5)
b.unit = "nll"
x = torch.tensor([1.0, 2.0], requires_grad=True)
add = a.add
add((x ** 2).sum().item()).add(1.0)
b.add(4.0)
print(a.report())
print(b.report())
Meter.count, a.count, a.unit, b.unit
a
