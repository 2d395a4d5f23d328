import torch
import torch.nn.functional as F
x = torch.ones(2, 3)
y = torch.tensor([0, 1])
try:
    F.relu((1,))
except TypeError as e:
    print(e)
try:
    F.relu(x, foo=1)
except TypeError as e:
    print(e)
try:
    F.sigmoid((1,))
except AttributeError as e:
    print(e)
try:
    F.tanh(1)
except AttributeError as e:
    print(e)
try:
    F.softmax((1,), 0)
except AttributeError as e:
    print(e)
try:
    F.softmax(x, 'a')
except TypeError as e:
    print(e)
F.softmax(x)
F.log_softmax(torch.ones(3), dim=None)
try:
    F.mse_loss(x, 1)
except AttributeError as e:
    print(e)
try:
    F.mse_loss(x, x, reduction='foo')
except ValueError as e:
    print(e)
try:
    F.cross_entropy(x, 1)
except TypeError as e:
    print(e)
try:
    F.cross_entropy(1, y)
except TypeError as e:
    print(e)
try:
    F.nll_loss(x, 1)
except TypeError as e:
    print(e)
try:
    F.leaky_relu(1)
except TypeError as e:
    print(e)
try:
    F.linear(x, 1)
except TypeError as e:
    print(e)
try:
    F.binary_cross_entropy(torch.ones(3), torch.ones(2))
except ValueError as e:
    print(e)
try:
    F.binary_cross_entropy_with_logits(torch.ones(3), torch.ones(2))
except ValueError as e:
    print(e)
