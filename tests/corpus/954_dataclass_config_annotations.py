# nanoGPT's way: a @dataclass config, annotated assignments in a model, typing in signatures
# (issue #33)
from dataclasses import dataclass, field
from typing import Optional, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


@dataclass
class GPTConfig:
    block_size: int = 4
    vocab_size: int = 6
    n_embd: int = 8
    bias: bool = True
    dropout: float = 0.0
    betas: Tuple[float, float] = (0.9, 0.95)
    notes: list = field(default_factory=list)


class TinyLM(nn.Module):
    def __init__(self, config: GPTConfig) -> None:
        super().__init__()
        self.config: GPTConfig = config
        self.wte = nn.Embedding(config.vocab_size, config.n_embd)
        self.ln_f = nn.LayerNorm(config.n_embd, bias=config.bias)
        self.lm_head = nn.Linear(config.n_embd, config.vocab_size, bias=False)

    def forward(self, idx: Tensor, targets: Optional[Tensor] = None) -> Tuple[Tensor, Optional[Tensor]]:
        x: Tensor = self.ln_f(self.wte(idx))
        logits: Tensor = self.lm_head(x)
        loss: Optional[Tensor] = None
        if targets is not None:
            loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))
        return logits, loss


config = GPTConfig(n_embd=4)
config
config.notes.append("small")
GPTConfig()
torch.manual_seed(0)
model = TinyLM(config)
idx = torch.tensor([[1, 2, 3, 0]])
logits, loss = model(idx, torch.tensor([[2, 3, 0, 1]]))
loss
loss.backward()
model.lm_head.weight.grad
opt = torch.optim.AdamW(model.parameters(), lr=0.1, betas=config.betas)
opt.step()
model.wte.weight[1]
logits, none = model(idx)
logits.shape, none
