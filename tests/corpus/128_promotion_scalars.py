import torch
i = torch.tensor([1, 2, 3])
f = torch.tensor([1.0, 2.0, 3.0])
d = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float64)
b = torch.tensor([True, False, True])
i + 1
i + 1.5
i * 2
i / 2
i // 2
i % 2
i ** 2
f + 1
f * True
d + 1.5
d + f
f + d
i + f
i + d
b + b
b + 1
b * 2.5
i.float() / 3
(f + torch.tensor(2.0, dtype=torch.float64)).dtype
(i + torch.tensor(2.5)).dtype
(i * torch.tensor(2)).dtype
(torch.tensor([1], dtype=torch.int32) + torch.tensor([1])).dtype
(torch.tensor([1], dtype=torch.int32) + 1).dtype
(torch.tensor([1], dtype=torch.int32) + 1.0).dtype
(b + torch.tensor(2)).dtype
2 ** i
2.0 ** i
i ** 0.5
-i
