import torch
import torch.nn as nn

torch.manual_seed(0)
layer = nn.TransformerEncoderLayer(d_model=8, nhead=2, dim_feedforward=16, batch_first=True)
layer
x = torch.randn(2, 5, 8)
y = layer(x)
y
y.grad_fn
target = torch.randn(2, 5, 8)
loss = ((y - target) ** 2).mean()
loss.backward()
layer.linear1.weight.grad
layer.self_attn.in_proj_weight.grad[:4]
layer.norm2.bias.grad
torch.manual_seed(1)
enc_layer = nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, activation="gelu", norm_first=True)
encoder = nn.TransformerEncoder(enc_layer, num_layers=2, norm=nn.LayerNorm(8))
encoder
len(list(encoder.parameters()))
encoder.layers[0].linear1.weight is encoder.layers[1].linear1.weight
src = torch.randn(4, 3, 8)
causal = torch.triu(torch.full((4, 4), float("-inf")), diagonal=1)
pad = torch.tensor([[False, False, False, True], [False, False, False, False],
                    [False, False, True, True]])
out = encoder(src, mask=causal, src_key_padding_mask=pad)
out
(out * torch.linspace(-1, 1, 8)).sum().backward()
encoder.layers[1].self_attn.out_proj.weight.grad
encoder.norm.weight.grad
opt = torch.optim.Adam(encoder.parameters(), lr=1e-3)
opt.step()
encoder.layers[0].linear2.bias
try:
    nn.TransformerEncoderLayer(8, 2, activation="tanh")
except RuntimeError as e:
    print(e)
