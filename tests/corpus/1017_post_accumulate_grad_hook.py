# Tensor.register_post_accumulate_grad_hook: the optimizer-in-backward idiom (each parameter steps
# and zeroes its own .grad in its hook, once .grad holds the sum), hooks removed, the
# non-leaf refusal; the gradient rows still check what each pass accumulated
import torch
w = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor(0.5, requires_grad=True)
opts = {p: torch.optim.SGD([p], lr=0.1) for p in (w, b)}
def step(p):
    print("hook", p.grad)
    opts[p].step()
    opts[p].zero_grad()
handles = [p.register_post_accumulate_grad_hook(step) for p in (w, b)]
for i in range(2):
    loss = ((w * 3 + b) ** 2).sum()
    loss.backward()
w
b
w.grad
handles[0].remove()
(w * w).sum().backward()
w.grad
y = w * 2
try:
    y.register_post_accumulate_grad_hook(print)
except RuntimeError as e:
    print(e)
