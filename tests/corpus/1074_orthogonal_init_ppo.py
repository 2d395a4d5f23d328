# nn.init.orthogonal_ as PPO implementations initialise their layers (layer_init with std=sqrt(2), the policy head at 0.01) and as RNN code initialises weight_hh: Q of a normal draw's QR signed by R's diagonal, scaled by the gain (torch's draws; the QR within rounding of torch's), then a policy-gradient step through it; torch's error for a 1-d tensor
import numpy as np
import torch
import torch.nn as nn


def layer_init(layer, std=np.sqrt(2), bias_const=0.0):
    torch.nn.init.orthogonal_(layer.weight, std)
    torch.nn.init.constant_(layer.bias, bias_const)
    return layer


torch.manual_seed(1)
actor = nn.Sequential(layer_init(nn.Linear(4, 8)), nn.Tanh(), layer_init(nn.Linear(8, 2), std=0.01))
w = actor[0].weight
w.T @ w
actor[2].weight
actor[0].weight._version
obs = torch.randn(5, 4)
logits = actor(obs)
logp = torch.log_softmax(logits, dim=-1)
actions = torch.tensor([0, 1, 1, 0, 1])
advantages = torch.tensor([0.5, -1.0, 2.0, 0.1, -0.3])
pg_loss = -(logp.gather(1, actions.unsqueeze(1)).squeeze(1) * advantages).mean()
pg_loss
pg_loss.backward()
actor[2].weight.grad
wide = torch.empty(2, 3, 2, dtype=torch.float64)
nn.init.orthogonal_(wide, gain=nn.init.calculate_gain("relu"))
wide.view(2, -1) @ wide.view(2, -1).T
rnn = nn.GRU(3, 4)
for name, param in rnn.named_parameters():
    if "weight_hh" in name:
        nn.init.orthogonal_(param.data)
rnn.weight_hh_l0[:4]
try:
    nn.init.orthogonal_(torch.empty(3))
except ValueError as e:
    print(e)
