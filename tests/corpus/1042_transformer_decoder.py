# nn.TransformerDecoderLayer, nn.TransformerDecoder and nn.Transformer (torch's submodules, init draws and repr; masks, key padding masks, causal detection, norm_first, batch_first, generate_square_subsequent_mask): values, gradients, grad_fns, errors
import torch
import torch.nn as nn
torch.manual_seed(0)
layer = nn.TransformerDecoderLayer(8, 2, dim_feedforward=16, dropout=0.0)
layer
tgt = torch.randn(4, 2, 8, requires_grad=True)
memory = torch.randn(5, 2, 8, requires_grad=True)
out = layer(tgt, memory)
out
out.grad_fn
decoder = nn.TransformerDecoder(layer, 2, norm=nn.LayerNorm(8))
len(list(decoder.parameters()))
mask = nn.Transformer.generate_square_subsequent_mask(4)
mask
pad = torch.tensor([[False, False, False, True, True], [False, False, False, False, False]])
out2 = decoder(tgt, memory, tgt_mask=mask, memory_key_padding_mask=pad)
out2
first = nn.TransformerDecoderLayer(8, 2, dim_feedforward=16, dropout=0.0, norm_first=True, batch_first=True, activation="gelu")
out3 = first(tgt.transpose(0, 1), memory.transpose(0, 1), tgt_is_causal=True, tgt_mask=mask)
out3.shape
(out.sum() + (out2 * out2).sum() + out3.exp().sum()).backward()
tgt.grad
memory.grad
layer.multihead_attn.in_proj_weight.grad
decoder.layers[1].norm3.weight.grad
model = nn.Transformer(d_model=8, nhead=2, num_encoder_layers=2, num_decoder_layers=1, dim_feedforward=16, dropout=0.0)
model
model.encoder.layers[0].self_attn.in_proj_weight
model.decoder.layers[0].linear2.weight
src = torch.randn(5, 2, 8)
y = model(src, tgt, tgt_mask=model.generate_square_subsequent_mask(4), src_key_padding_mask=pad)
y
y.grad_fn
(y * y).sum().backward()
model.decoder.layers[0].multihead_attn.out_proj.weight.grad
model.encoder.layers[1].linear1.bias.grad
def err(f):
    try:
        f()
    except Exception as ex:
        print(type(ex).__name__, ex)
err(lambda: model(src, tgt[:, :1]))
err(lambda: model(src, torch.randn(4, 2, 6)))
err(lambda: nn.TransformerDecoderLayer(8, 2, activation="tanh"))
err(lambda: layer(tgt, memory[:, :1]))
