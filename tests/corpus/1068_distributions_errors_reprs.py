# torch.distributions' reprs and errors as torch gives them: the parameters' sizes (or a one-element parameter's value), invalid parameters against their constraints, values outside the support given to log_prob, probs and logits both or neither, rsample of a distribution without one, KL of an unregistered pair, validate_args=False and Distribution.set_default_validate_args
import torch
from torch.distributions import Bernoulli, Categorical, Distribution, Independent, Normal, Uniform, kl_divergence
Normal(torch.zeros(2), torch.ones(2))
Normal(0.0, 1.0)
Normal(torch.tensor([0.0]), torch.tensor([2.0]))
Categorical(probs=torch.tensor([0.2, 0.3, 0.5]))
Categorical(logits=torch.zeros(4, 3))
Bernoulli(0.3)
Uniform(0.0, torch.ones(2))
Independent(Normal(torch.zeros(3), torch.ones(3)), 1)
Normal(0.0, 1.0).has_rsample, Categorical(logits=torch.zeros(2)).has_rsample
Normal(0.0, 1.0).support, Categorical(logits=torch.zeros(2)).support, Bernoulli(0.5).support
Uniform(0.0, 2.0).support
Normal(torch.zeros(2), 1.0).expand((3, 2))
bad = [
    lambda: Normal(torch.zeros(2), torch.tensor([1.0, -1.0])),
    lambda: Normal(0.0, -1.0),
    lambda: Categorical(probs=torch.tensor([0.2, -0.1, 0.9])),
    lambda: Categorical(),
    lambda: Categorical(probs=torch.ones(3), logits=torch.ones(3)),
    lambda: Categorical(logits=torch.tensor(1.0)),
    lambda: Categorical(logits=torch.zeros(3)).log_prob(torch.tensor(3)),
    lambda: Categorical(logits=torch.zeros(3)).log_prob(torch.tensor(1.5)),
    lambda: Categorical(logits=torch.zeros(2, 3)).log_prob(torch.tensor([0, 1, 1])),
    lambda: Bernoulli(probs=torch.tensor([0.2, 1.5])),
    lambda: Bernoulli(0.3).log_prob(torch.tensor(0.5)),
    lambda: Bernoulli(),
    lambda: Uniform(1.0, 0.0),
    lambda: Uniform(0.0, 1.0).log_prob(torch.tensor(2.0)),
    lambda: Normal(0.0, 1.0).log_prob(1.0),
    lambda: Normal([0.0], 1.0),
    lambda: Normal(0.0, 1.0).log_prob(torch.tensor([float("nan")])),
    lambda: Independent(Normal(torch.zeros(3), torch.ones(3)), 2),
    lambda: Categorical(logits=torch.zeros(3)).rsample(),
    lambda: Normal(0.0, 1.0).enumerate_support(),
    lambda: kl_divergence(Normal(0.0, 1.0), Categorical(logits=torch.zeros(3))),
    lambda: Distribution().mode,
    lambda: Distribution.set_default_validate_args(3),
]
for make in bad:
    try:
        make()
    except (ValueError, NotImplementedError) as e:
        print(type(e).__name__, e)
Normal(0.0, -1.0, validate_args=False)
Normal(0.0, 1.0, validate_args=False).log_prob(torch.tensor(float("nan")))
Distribution.set_default_validate_args(False)
Normal(0.0, -1.0).scale
try:
    Categorical(logits=torch.zeros(3)).log_prob(torch.tensor(5))
except RuntimeError as e:
    print(e)
Distribution.set_default_validate_args(True)
try:
    Normal(0.0, -1.0)
except ValueError as e:
    print(e)
