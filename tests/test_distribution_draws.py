"""torch.distributions' draws as real PyTorch draws them: long sequences of sample() and
rsample() of each family, over seeds, batch shapes, sample shapes and dtypes, interleaved with
other random calls (so each draw must also leave torch's generator where torch's leaves it).
Each program prints its draws with .tolist() (every digit of a float). The generator's bits
are the same on every CPU, but the floats made of them are not: torch's log, tan and
Box-Muller kernels differ by CPU capability (ATEN_CPU_CAPABILITY=default gave a Cauchy draw
0.0358019 where AVX-512 gives 0.0358025). So every printed number must agree within
torch.testing.assert_close's float32 tolerance (integers, the categories drawn, exactly),
and the rest of each line and every other event exactly."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from oracle.compare import NUMBER, differences  # noqa: E402
from oracle.differential import gradcli_trace  # noqa: E402

RTOL, ATOL = 1.3e-6, 1e-5  # torch.testing.assert_close's for float32

SEEDS = [0, 1, 42, 2**32 + 5]

PROGRAM = """\
import torch
from torch.distributions import (Bernoulli, Categorical, Cauchy, Exponential, Geometric,
                                 HalfCauchy, HalfNormal,
                                 Independent, Laplace,
                                 MultivariateNormal, Normal, RelaxedBernoulli,
                                 RelaxedOneHotCategorical, TanhTransform,
                                 TransformedDistribution, Uniform)
torch.manual_seed({seed})
logits = torch.randn(3, 5)
for shape in [(), (1,), (4,), (2, 3), (17,)]:
    print(Categorical(logits=logits).sample(shape).tolist())
    print(Categorical(probs=torch.rand(2, 7)).sample(shape).tolist())
    print(torch.rand(2).tolist())
    print(Normal(torch.randn(2, 3), torch.rand(2, 3) + 0.1).sample(shape).tolist())
    print(Normal(0.0, 2.0).rsample(shape).tolist())
    print(Bernoulli(probs=torch.rand(4)).sample(shape).tolist())
    print(Bernoulli(logits=torch.randn(3)).sample(shape).tolist())
    print(torch.randint(0, 10, (3,)).tolist())
    print(Uniform(torch.zeros(3), torch.tensor([1.0, 2.0, 5.0])).sample(shape).tolist())
    print(Uniform(-1.0, 1.0).rsample(shape).tolist())
    print(Independent(Normal(torch.zeros(2, 5), 1.0), 1).sample(shape).tolist())
    print(Exponential(torch.rand(3) + 0.5).rsample(shape).tolist())
    print(Laplace(torch.randn(2), 2.0).sample(shape).tolist())
    print(MultivariateNormal(torch.zeros(2), scale_tril=torch.eye(2)).sample(shape).tolist())
    print(RelaxedOneHotCategorical(torch.tensor(0.5), logits=logits).rsample(shape).tolist())
    print(RelaxedBernoulli(torch.tensor(0.3), probs=torch.rand(2)).sample(shape).tolist())
    squashed = TransformedDistribution(Normal(torch.zeros(2), 1.0), TanhTransform())
    print(squashed.rsample(shape).tolist())
    print(Geometric(probs=torch.rand(3) * 0.9 + 0.05).sample(shape).tolist())
    print(HalfNormal(torch.rand(2) + 0.5).rsample(shape).tolist())
    print(Cauchy(torch.randn(2), 0.5).rsample(shape).tolist())
    print(HalfCauchy(torch.rand(3) + 0.1).sample(shape).tolist())
    print(torch.randn(3).tolist())
loc = torch.zeros(40, dtype=torch.float64, requires_grad=True)
normal = Normal(loc, torch.ones(40, dtype=torch.float64))
print(normal.rsample((3,)).tolist(), normal.sample().tolist())
print(Categorical(logits=torch.randn(100)).sample((300,)).tolist())
print(Bernoulli(torch.full((200,), 0.3)).sample().tolist())
print(Uniform(torch.zeros(50, dtype=torch.float64), 1.0).sample().tolist())
print(torch.rand(3).tolist(), torch.randn(3).tolist())
"""


@pytest.mark.parametrize("seed", SEEDS)
def test_draws_match_pytorch(oracle, seed):
    source = PROGRAM.format(seed=seed)
    expected, actual = oracle.trace(source), gradcli_trace(source)
    assert "oracle_error" not in expected, expected["oracle_error"]
    assert differences(expected, actual) == []  # values and errors, at core level
    printed = [[e["text"] for e in trace["events"] if e["kind"] == "print"]
               for trace in (expected, actual)]
    assert len(printed[0]) == len(printed[1])
    for line, (want, got) in enumerate(zip(*printed)):
        assert NUMBER.sub("#", want) == NUMBER.sub("#", got), f"print #{line}: {got}"
        for a, b in zip(NUMBER.findall(want), NUMBER.findall(got)):
            close = a == b if "." not in a + b and "e" not in a + b else \
                abs(float(a) - float(b)) <= ATOL + RTOL * abs(float(a))
            assert close, f"print #{line}: {b} where PyTorch drew {a}"
