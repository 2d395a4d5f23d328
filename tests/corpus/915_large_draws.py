# inits and dropout masks large enough to be drawn piece by piece (more than 2**18 elements): the values torch draws, in order
import torch
import torch.nn as nn
torch.manual_seed(3)
layer = nn.Linear(600, 500)
layer.weight[0, :4]
layer.weight[-1, -4:]
layer.weight.sum()
layer.bias[:4]
emb = nn.Embedding(600, 500)
emb.weight[299, 100:104]
emb.weight.sum()
drop = nn.Dropout(0.3)
mask = drop(torch.ones(600, 500))
mask[0, :8]
mask.sum()
w = torch.empty(300000, dtype=torch.float64).uniform_(-2, 2)
w[-3:]
h = torch.empty(300000, dtype=torch.float16).normal_(0.5, 2.0)
h[262140:262148]
