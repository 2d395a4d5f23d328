import torch
# the torch.vmap docs examples
torch.manual_seed(0)
batched_dot = torch.func.vmap(torch.dot)  # [N, D], [N, D] -> [N]
x, y = torch.randn(2, 5), torch.randn(2, 5)
print(batched_dot(x, y))
batch_size, feature_size = 3, 5
weights = torch.randn(feature_size, requires_grad=True)
def model(feature_vec):
    # Very simple linear model with activation
    return feature_vec.dot(weights).relu()
examples = torch.randn(batch_size, feature_size)
result = torch.vmap(model)(examples)
print(result)
batched_dot = torch.vmap(torch.vmap(torch.dot))  # [N1, N0, D], [N1, N0, D] -> [N1, N0]
x, y = torch.randn(2, 3, 5), torch.randn(2, 3, 5)
print(batched_dot(x, y))
batched_dot = torch.vmap(torch.dot, in_dims=1)  # [N, D], [N, D] -> [D]
x, y = torch.randn(2, 5), torch.randn(2, 5)
print(batched_dot(x, y))
batched_dot = torch.vmap(torch.dot, in_dims=(0, None))  # [N, D], [D] -> [N]
x, y = torch.randn(2, 5), torch.randn(5)
print(batched_dot(x, y))
f = lambda dict: torch.dot(dict["x"], dict["y"])
x, y = torch.randn(2, 5), torch.randn(5)
input = {"x": x, "y": y}
batched_dot = torch.vmap(f, in_dims=({"x": 0, "y": None},))
print(batched_dot(input))
f = lambda x: x**2
x = torch.randn(2, 5)
batched_pow = torch.vmap(f, out_dims=1)
print(batched_pow(x))
x = torch.randn([2, 5])
def fn(x, scale=4.):
    return x * scale
batched_pow = torch.vmap(fn)
assert torch.allclose(batched_pow(x), x * 4)
print(batched_pow(x, scale=x).shape)
