import torch
# the REPL's echo rule: a def inside a top-level loop is still a new scope; the loop's own expression statements echo, the function's do not
x = torch.tensor([1.0, 2.0], requires_grad=True)
for i in range(3):
    def scaled(t):
        t * i
        "not echoed"
        return t * (i + 1)
    scaled(x).sum()
    i
    class Local:
        "a class body's string"
        scale = i * 100
        def value(self):
            i * 1000
            return i
    Local().value()
while x.grad is None:
    def step():
        y = (x * 3).sum()
        y
        y.backward()
        x.grad
    step()
    x.grad
with torch.no_grad():
    def inside_with(t):
        t + 1
    inside_with(x)
    x + 1
