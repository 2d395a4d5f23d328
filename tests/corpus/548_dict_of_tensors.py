import torch

params = {
    "w": torch.tensor([0.5, -0.5], requires_grad=True),
    "b": torch.tensor(0.1, requires_grad=True),
}
x = torch.tensor([1.0, 2.0])
out = (params["w"] * x).sum() + params["b"]
out.backward()
for name, p in params.items():
    print(name, p.grad)
grads = {k: v.grad for k, v in params.items()}
grads
list(params.keys())
params.get("c") is None
params.get("b").grad
len(params)
"w" in params
