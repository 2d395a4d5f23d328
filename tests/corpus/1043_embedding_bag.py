# F.embedding_bag (modes sum, mean, max; offsets, include_last_offset, 2-D input, per_sample_weights, padding_idx, empty bags, the deprecated argument order) and nn.EmbeddingBag (init, repr, from_pretrained): values, gradients, grad_fns, errors
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
w = torch.randn(6, 3, requires_grad=True)
idx = torch.tensor([1, 2, 4, 5, 4, 3, 2])
off = torch.tensor([0, 2, 2, 5])
s = F.embedding_bag(idx, w, off, mode="sum")
s
s.grad_fn
m = F.embedding_bag(idx, w, off)
m
x = F.embedding_bag(idx, w, off, mode="max")
x
psw = torch.tensor([0.5, -1.0, 2.0, 1.5, 0.25, -0.5, 3.0], requires_grad=True)
p = F.embedding_bag(idx, w, off, mode="sum", per_sample_weights=psw, padding_idx=4)
p
last = F.embedding_bag(idx, w, torch.tensor([0, 3, 7]), mode="mean", include_last_offset=True, padding_idx=-4)
last
rows = F.embedding_bag(torch.tensor([[0, 1, 1], [5, 2, 0]]), w, mode="max", padding_idx=1)
rows
old = F.embedding_bag(w, idx, off, mode="sum")
(s.sum() + (m * m).sum() + x.exp().sum() + (p * p).sum() + last.sin().sum() + rows.sum() + old.sum()).backward()
w.grad
psw.grad
bag = nn.EmbeddingBag(5, 2, mode="sum", padding_idx=0)
bag
bag.weight
y = bag(torch.tensor([[1, 0, 3], [4, 4, 2]]))
y
y.sum().backward()
bag.weight.grad
nn.EmbeddingBag(5, 2, max_norm=1.0, scale_grad_by_freq=True, include_last_offset=True)
pre = nn.EmbeddingBag.from_pretrained(torch.tensor([[1.0, 2.0], [3.0, -1.0], [0.5, 0.5]]), mode="max")
pre
pre.weight.requires_grad
pre(torch.tensor([0, 2, 1]), torch.tensor([0, 1]))
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: F.embedding_bag(idx, w, torch.tensor([1, 3])))
err(lambda: F.embedding_bag(idx, w, torch.tensor([0, 9])))
err(lambda: F.embedding_bag(torch.tensor([1, 7]), w, torch.tensor([0])))
err(lambda: F.embedding_bag(idx, w, off, mode="min"))
err(lambda: F.embedding_bag(idx, w, off, mode="mean", per_sample_weights=psw))
err(lambda: F.embedding_bag(idx, w, off, per_sample_weights=psw[:3]))
err(lambda: F.embedding_bag(idx.view(1, 7), w, off))
err(lambda: F.embedding_bag(idx, w))
err(lambda: F.embedding_bag(idx.float(), w.double(), off))
err(lambda: F.embedding_bag(idx, w, off, padding_idx=6))
err(lambda: F.embedding_bag(idx, w[0], off))
err(lambda: nn.EmbeddingBag(5, 2, padding_idx=5))
