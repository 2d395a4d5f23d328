# torch.multinomial with and without replacement, Tensor.random_, torch.randint_like and
# Tensor.exponential_ draw torch's own numbers for the same seed; a sampling loop that
# picks tokens by multinomial and trains on a REINFORCE-style loss
import torch

torch.manual_seed(0)
probs = torch.tensor([[0.1, 0.2, 0.3, 0.4], [0.0, 0.5, 0.0, 0.5]])
torch.multinomial(probs, 6, replacement=True)
torch.multinomial(probs, 2)
torch.multinomial(probs[0], 1)
torch.multinomial(probs.double(), 3)
torch.multinomial(torch.tensor([0.0, 1.0, 0.0, 0.0, 2.0]), 5)  # zero weights come last
probs.multinomial(4, True)
gen = torch.Generator().manual_seed(7)
torch.multinomial(probs, 3, True, generator=gen)
torch.empty(5).exponential_()
torch.empty(3, dtype=torch.float64).exponential_(0.5)
torch.empty(4, dtype=torch.long).random_(100)
torch.empty(4).random_(-3, 3)
torch.empty(3, dtype=torch.int32).random_()
torch.empty(3, dtype=torch.uint8).random_(10, None)
torch.randint_like(probs, 10)
torch.randint_like(probs, 5, 9, dtype=torch.long)
torch.rand(2)  # the stream stays in step after every draw

logits = torch.zeros(4, requires_grad=True)
opt = torch.optim.SGD([logits], lr=0.5)
reward = torch.tensor([0.0, 1.0, 0.0, 2.0])
for step in range(3):
    p = torch.softmax(logits, 0)
    picks = torch.multinomial(p.detach(), 8, replacement=True)
    loss = -(p[picks].log() * reward[picks]).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(picks.tolist(), logits.grad)
logits
