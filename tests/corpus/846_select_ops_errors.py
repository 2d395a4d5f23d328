import torch

x = torch.tensor([[0.5, -1.2, 2.0], [1.5, 0.3, -0.7]])
for bad in (lambda: torch.trace(torch.ones(2, 2, 2)),
            lambda: torch.trace(torch.ones(3)),
            lambda: x.masked_select(torch.tensor([1, 0, 1])),
            lambda: x.masked_select(torch.ones(4, dtype=torch.bool)),
            lambda: x.diagonal(0, 1, 1),
            lambda: x.diagonal(0, -1, 1),
            lambda: x.diagonal(0, 0, 2),
            lambda: torch.diagonal(x, 0.5),
            lambda: x.nan_to_num("zero"),
            lambda: torch.logit(x, eps="small"),
            lambda: x.trace(1)):
    try:
        print(bad())
    except (RuntimeError, TypeError, IndexError) as e:
        print(type(e).__name__, e)
print(x.masked_select(torch.tensor(True)), x.masked_select(torch.tensor([[False], [True]])))
print(x.diagonal(-5), torch.diagonal(x, 0, -1, -2))
