import torch
import torch.nn as nn
import torch.nn.functional as F
# The errors PyTorch raises for bad normalisation and embedding calls
emb = nn.Embedding(10, 3)
try:
    emb(torch.tensor([3, 10]))
except IndexError as e:
    print("IndexError:", e)
try:
    emb(torch.tensor([1.0, 2.0]))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    nn.Embedding(4, 3, padding_idx=4)
except AssertionError as e:
    print("AssertionError:", e)
ln = nn.LayerNorm(8)
try:
    ln(torch.randn(2, 4))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    F.layer_norm(torch.randn(2, 4), (4,), torch.ones(3))
except RuntimeError as e:
    print("RuntimeError:", e)
bn = nn.BatchNorm1d(4)
try:
    bn(torch.randn(1, 4))
except ValueError as e:
    print("ValueError:", e)
try:
    bn(torch.randn(2, 3))
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    bn(torch.randn(2, 4, 3, 3))
except ValueError as e:
    print("ValueError:", e)
bn.eval()
print(bn(torch.ones(1, 4)))
try:
    F.gelu(torch.randn(2), approximate='exact')
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    F.huber_loss(torch.randn(2), torch.randn(2), delta=0.0)
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    F.elu(torch.tensor([1, 2]))
except NotImplementedError as e:
    print("NotImplementedError:", e)
nn.BatchNorm1d(4)(torch.randn(1, 4))
