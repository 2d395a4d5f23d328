import torch
import torch.nn as nn
from torch.nn.utils import parameters_to_vector, vector_to_parameters

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 2), nn.Tanh(), nn.Linear(2, 1))
vec = parameters_to_vector(model.parameters())
vec
vec.grad_fn
vec.sum().backward()
model[0].weight.grad
flat_grad = torch.nn.utils.parameters_to_vector([p.grad for p in model.parameters()])
flat_grad
vector_to_parameters(torch.arange(11.0), model.parameters())
model[0].weight
model[2].bias
model(torch.ones(1, 3))
try:
    vector_to_parameters([1.0, 2.0], model.parameters())
except TypeError as e:
    print(e)
