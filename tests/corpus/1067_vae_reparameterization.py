# A VAE's training step with torch.distributions: the encoder's mean and log-variance, q = Normal(mu, std), z = q.rsample() (torch's RNG), the KL to the prior Normal(0, 1) by kl_divergence, a Bernoulli(logits=decoder(z)) likelihood of binary data, the ELBO backpropagated through the reparameterization, an optimizer step; kl_divergence of Categoricals, Bernoullis, Uniforms and Independents; a discrete VAE's Gumbel-softmax latent (RelaxedOneHotCategorical) and a RelaxedBernoulli
import torch
import torch.nn as nn
import torch.distributions as D
from torch.distributions.kl import kl_divergence
torch.manual_seed(2)
encoder = nn.Linear(6, 4)
decoder = nn.Linear(2, 6)
optimizer = torch.optim.Adam(list(encoder.parameters()) + list(decoder.parameters()), lr=1e-2)
x = (torch.rand(5, 6) > 0.5).float()
prior = D.Normal(torch.zeros(2), torch.ones(2))
for step in range(3):
    mu, logvar = encoder(x).chunk(2, dim=-1)
    q = D.Normal(mu, (0.5 * logvar).exp())
    z = q.rsample()
    likelihood = D.Bernoulli(logits=decoder(z))
    reconstruction = likelihood.log_prob(x).sum(-1)
    kl = kl_divergence(q, prior).sum(-1)
    loss = (kl - reconstruction).mean()
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    print(step, round(loss.item(), 5))
q
z
kl
kl.grad_fn
reconstruction.grad_fn
likelihood
likelihood.probs
likelihood.mean.shape
encoder.weight.grad
decoder.bias.grad
samples = likelihood.sample()
samples
likelihood.entropy().sum()
p = D.Bernoulli(probs=torch.tensor([0.3, 0.9], requires_grad=True))
b = D.Bernoulli(probs=torch.tensor([0.5, 0.5]))
d = kl_divergence(p, b)
d
d.sum().backward()
p.probs.grad
logits = torch.tensor([[1.0, 0.0, -1.0], [0.5, 0.5, 2.0]], requires_grad=True)
kc = D.kl_divergence(D.Categorical(logits=logits), D.Categorical(probs=torch.tensor([0.2, 0.3, 0.5])))
kc
kc.sum().backward()
logits.grad
D.kl_divergence(D.Uniform(0.0, 1.0), D.Uniform(-1.0, 2.0))
D.kl_divergence(D.Uniform(0.0, 1.0), D.Uniform(0.5, 2.0))
mu = torch.tensor([[0.1, -0.3], [0.7, 0.2]], requires_grad=True)
ki = D.kl_divergence(D.Independent(D.Normal(mu, 1.0), 1), D.Independent(D.Normal(torch.zeros(2), 2.0), 1))
ki
ki.sum().backward()
mu.grad
D.Bernoulli(logits=torch.tensor([0.0, 2.0])).sample((3,))
D.Uniform(torch.tensor([0.0, 1.0]), 3.0).rsample((2,))
temperature = torch.tensor(0.5)
code_logits = encoder(x)
latent = D.RelaxedOneHotCategorical(temperature, logits=code_logits)
latent
code = latent.rsample()
code
code.grad_fn
latent.log_prob(code)
(code @ torch.arange(4.0)).sum().backward()
encoder.bias.grad
gate = D.RelaxedBernoulli(torch.tensor(0.1), logits=torch.tensor([2.0, -1.0], requires_grad=True))
gate.rsample((3,))
gate.log_prob(torch.tensor([0.9, 0.2]))
