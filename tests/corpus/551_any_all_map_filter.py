import torch

ws = [torch.tensor([1.0, -2.0], requires_grad=True), torch.tensor([0.5], requires_grad=True)]
loss = sum([(w ** 2).sum() for w in ws])
loss.backward()
print(all([w.grad is not None for w in ws]))
print(any([bool((w.grad < 0).sum() > 0) for w in ws]))
norms = list(map(lambda w: w.grad.norm().item(), ws))
norms
big = list(filter(lambda n: n > 2, norms))
big
list(map(str, [1, 2, 3]))
list(enumerate(map(len, ["ab", "c"])))
