import torch
import torch.nn as nn

torch.manual_seed(1)
embedding = nn.Embedding(10, 4, padding_idx=0)
gru = nn.GRU(4, 5)
seqs = torch.tensor([[1, 3, 7], [2, 4, 8], [0, 5, 9], [0, 6, 0]])
lengths = torch.tensor([2, 4, 3])
h0 = torch.randn(1, 3, 5, requires_grad=True)
packed = nn.utils.rnn.pack_padded_sequence(embedding(seqs), lengths, enforce_sorted=False)
packed.sorted_indices
packed.unsorted_indices
packed.data.grad_fn.next_functions[0][0]
out, h = gru(packed, h0)
h
h.grad_fn
padded, lens = nn.utils.rnn.pad_packed_sequence(out, padding_value=-1.0, total_length=6)
padded
padded.grad_fn
lens
loss = h.sum() + (padded * padded).sum()
loss.backward()
h0.grad
embedding.weight.grad
gru.weight_ih_l0.grad
