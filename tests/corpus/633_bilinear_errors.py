import torch
import torch.nn as nn
import torch.nn.functional as F
# what F.bilinear and nn.Bilinear refuse, in PyTorch's words
torch.manual_seed(1)
w = torch.randn(4, 3, 2)
attempts = [
    lambda: F.bilinear(torch.randn(5, 3), torch.randn(4, 2), w),
    lambda: F.bilinear(torch.randn(5, 2), torch.randn(5, 2), w),
    lambda: F.bilinear(torch.randn(5, 3), torch.randn(5, 3), w),
    lambda: F.bilinear(torch.randn(5, 3), torch.randn(5, 2), w, torch.randn(3)),
    lambda: F.bilinear(torch.randn(5, 3), torch.randn(5, 2), torch.randn(4, 3)),
    lambda: F.bilinear(torch.randn(5, 3), torch.randn(5, 2).double(), w),
    lambda: F.bilinear(torch.randn(5, 3), torch.randn(5, 2), w, torch.randn(4).double()),
    lambda: F.bilinear(torch.randn(5, 3), torch.randn(5, 1, 2), w),
    lambda: F.bilinear(torch.randn(5, 3), torch.randn(5, 2), w, torch.randn(())),
    lambda: F.bilinear(torch.randn(5, 3), 5, w),
    lambda: nn.Bilinear(0, 2, 3),
    lambda: nn.Bilinear(3, 2, 4)(torch.randn(5, 3)),
    lambda: nn.Bilinear(3, 2, 4)(torch.randn(5, 2), torch.randn(5, 3)),
]
for attempt in attempts:
    try:
        print(attempt().shape)
    except RuntimeError as e:
        print("RuntimeError:", e)
    except ValueError as e:
        print("ValueError:", e)
    except TypeError as e:
        print("TypeError:", e)
    except IndexError as e:
        print("IndexError:", e)
print(F.bilinear(torch.randn(0, 3), torch.randn(0, 2), w, torch.randn(4)).shape)
d = F.bilinear(torch.randn(2, 3).double(), torch.randn(2, 2).double(), w.double())
print(d.dtype, d)
m = nn.Bilinear(3, 2, 1)
m(torch.randn(2, 3), torch.randn(2, 5))
