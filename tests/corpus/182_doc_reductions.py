import torch
a = torch.tensor([[0.2035, 1.2959, 1.8101, -0.4644],
                  [1.5027, -0.3270, 0.5905, 0.6538],
                  [-1.5745, 1.3330, -0.5596, -0.6548],
                  [0.1264, -0.5080, 1.6420, 0.1992]])
torch.sum(a, 1)
torch.mean(a, 1)
torch.mean(a, 1, True)
torch.prod(a, 1)
torch.max(a)
torch.max(a, 1)
torch.min(a, 0)
torch.maximum(torch.tensor((1, 2, -1)), torch.tensor((3, 0, 4)))
torch.minimum(torch.tensor((1, 2, -1)), torch.tensor((3, 0, 4)))
b = torch.arange(4 * 5 * 6).view(4, 5, 6)
torch.sum(b, (2, 1))
