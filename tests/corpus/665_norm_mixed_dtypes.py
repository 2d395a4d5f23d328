import torch
import torch.nn as nn
import torch.nn.functional as F
# float64 inputs through float32 norm layers: PyTorch's mixed-dtype errors, and what works
def attempt(f):
    try:
        out = f()
        print(out.dtype)
    except RuntimeError as e:
        print("RuntimeError:", e)


x32 = torch.randn(2, 3)
x64 = x32.double()
ones32 = torch.ones(3)
ones64 = ones32.double()
attempt(lambda: nn.LayerNorm(3)(x64))
attempt(lambda: F.layer_norm(x64, (3,)))
attempt(lambda: F.layer_norm(x32, (3,), ones64))
attempt(lambda: F.layer_norm(x32, (3,), ones32, ones64))
attempt(lambda: F.batch_norm(x64, torch.zeros(3), torch.ones(3)))
attempt(lambda: F.batch_norm(x32, ones64 * 0, ones64, training=False))
attempt(lambda: F.batch_norm(x64, None, None, ones64, training=True))
attempt(lambda: F.gelu(x64))
attempt(lambda: F.huber_loss(x32, x64))
attempt(lambda: F.embedding(torch.tensor([1, 0]), x64))
attempt(lambda: nn.Embedding(3, 2)(torch.tensor([2], dtype=torch.int32)))
