import torch
# torch.median / nanmedian (all elements: MedianBackward0 shares the gradient among the ties, as max; along a dim: the index torch's nth_element picks, MedianBackward1), kthvalue (the index TH's quick select picks, KthvalueBackward0), with torch's errors
x = torch.tensor([[0.5, -1.2, 2.0, 2.0], [1.5, 0.3, 0.3, 0.3]], requires_grad=True)
m = torch.median(x)
m
m1 = x.median(1)
m1
m0 = torch.median(x, 0, keepdim=True)
m0
n = torch.tensor([[1.0, float('nan'), 2.0], [float('nan'), float('nan'), float('nan')]], requires_grad=True)
torch.median(n)
nm = torch.nanmedian(n)
nm
nm1 = n.nanmedian(1)
nm1
torch.median(n, 1)
k = torch.kthvalue(x, 3)
k
k0 = x.kthvalue(1, 0, True)
k0
torch.kthvalue(torch.tensor(3.0), 1)
torch.median(torch.tensor([]))
torch.median(torch.tensor([3, 1, 2]))
(m + m1.values.sum() * 2 + m0.values.sum() + k.values.sum() * 3 + k0.values.sum()).backward()
x.grad
(nm + nm1.values.nansum()).backward()
n.grad
for bad in [lambda: torch.median(torch.tensor([True])), lambda: torch.nanmedian(torch.tensor([True])),
            lambda: torch.median(torch.tensor([True]), 0), lambda: torch.median(torch.zeros(2, 0), 1),
            lambda: torch.kthvalue(x, 5), lambda: torch.kthvalue(x, 0), lambda: torch.kthvalue(torch.zeros(2, 0), 1),
            lambda: torch.kthvalue(torch.tensor(3.0), 2)]:
    try:
        bad()
    except (RuntimeError, IndexError, NotImplementedError) as e:
        print(type(e).__name__, e)
