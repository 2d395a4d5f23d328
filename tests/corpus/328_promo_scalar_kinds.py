import torch
x = torch.tensor([1.0, 2.0], dtype=torch.float64)
(x + 1).dtype
(x * 2.5).dtype
(x + True).dtype
f = torch.tensor([1.0, 2.0])
(f + 1e300).dtype
f + 1e300
h = torch.tensor([1, 2], dtype=torch.int32)
(h + 1).dtype
(h + 1.0).dtype
(h * True).dtype
(h + torch.tensor(1)).dtype
(h + torch.tensor([1])).dtype
(h + torch.tensor(1.0, dtype=torch.float64)).dtype
b = torch.tensor([True, False])
(b + b).dtype
(b * 1).dtype
(b * 1.0).dtype
(b + torch.tensor([1], dtype=torch.int32)).dtype
