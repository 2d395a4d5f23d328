import torch

layers = {"fc1": torch.nn.Linear(2, 2), "fc2": torch.nn.Linear(2, 1)}
frozen = {"fc1"}
trainable = set(layers) - frozen
print(trainable, set(layers) & frozen)
print(sorted(set(layers) | {"head"}), sorted(set(layers) ^ {"fc2", "head"}))
seen = set()
seen |= {"a", "b"}
seen &= {"b", "c"}
seen ^= {"d"}
seen -= {"x"}
print(sorted(seen), seen <= {"b", "d", "e"}, seen < seen, {"b"} < seen, seen >= {"d"})
defaults = {"lr": 0.01, "eps": 1e-8}
opts = defaults | {"lr": 0.1}
opts |= {"weight_decay": 0.0}
print(opts, defaults)
x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
weights = {"pos": 2.0} | {"neg": -0.5}
loss = (x.clamp(min=0) * weights["pos"]).sum() + (x.clamp(max=0) * weights["neg"]).sum()
loss.backward()
print(x.grad)
print(6 | 3, 6 & 3, 6 ^ 3, ~6, True ^ False)
try:
    {1, 2} | [3]
except TypeError as e:
    print("TypeError:", e)
