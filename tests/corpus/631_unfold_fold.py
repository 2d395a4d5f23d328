import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(1, 2, 4, 5, requires_grad=True)
cols = F.unfold(x, kernel_size=2)
cols.shape
cols.grad_fn
cols[0, :, 0]
F.unfold(x[0], (2, 3), padding=1, stride=2).shape
back = F.fold(cols, output_size=(4, 5), kernel_size=2)
back.shape
back.grad_fn
# each element counted once per window it is in
F.fold(F.unfold(torch.ones(1, 1, 3, 3), 2), (3, 3), 2)
back.sum().backward()
x.grad[0, 0]

# a convolution by hand: unfold, matmul, view
w = torch.randn(3, 2, 2, 2)
by_hand = (w.view(3, -1) @ F.unfold(x, 2)).view(1, 3, 3, 4)
torch.allclose(by_hand, F.conv2d(x, w), atol=1e-6)

nn.Unfold(2)
nn.Fold((4, 5), 2)
nn.Unfold(kernel_size=(2, 3), padding=1)(x).shape
for bad in [lambda: F.unfold(x, 5), lambda: F.fold(cols, (4, 5), 3),
            lambda: F.fold(cols, (4, 6), 2), lambda: F.fold(cols[None], (4, 5), 2)]:
    try:
        bad()
    except RuntimeError as e:
        print(e)
try:
    F.unfold(x[0, 0], 2)
except IndexError as e:
    print(e)
