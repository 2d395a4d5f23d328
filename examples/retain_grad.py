# retain_grad() keeps the gradient of a non-leaf. It only has to be called before
# backward(): calling it after `z = y + 3` is built works just as well.
import torch
x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x * 2
z = y + 3
y.retain_grad()
loss = z.mean()
loss.backward()
y.grad            # d loss / d y = 1/3 each
x.grad            # d loss / d x = 2/3 each
