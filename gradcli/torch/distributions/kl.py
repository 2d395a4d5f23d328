"""torch.distributions.kl: kl_divergence(p, q) for the pairs torch registers among the
distributions gradcli has, each torch's own composition of ops."""
from __future__ import annotations

import math
from collections.abc import Callable

from gradcli.engine.tensor import broadcast_shape
from gradcli.engine.type_names import type_name
from gradcli.sandbox.objects import ScriptClass, ScriptInstance
from gradcli.torch.distributions.bernoulli import BERNOULLI
from gradcli.torch.distributions.categorical import CATEGORICAL
from gradcli.torch.distributions.cauchy import CAUCHY
from gradcli.torch.distributions.distribution import not_implemented, value_error
from gradcli.torch.distributions.exponential import EXPONENTIAL
from gradcli.torch.distributions.geometric import GEOMETRIC
from gradcli.torch.distributions.gumbel import EULER_CONSTANT, GUMBEL
from gradcli.torch.distributions.half_normal import HALF_NORMAL
from gradcli.torch.distributions.independent import INDEPENDENT
from gradcli.torch.distributions.laplace import LAPLACE
from gradcli.torch.distributions.multivariate_normal import (
    MULTIVARIATE_NORMAL,
    TRIL,
    batch_mahalanobis,
)
from gradcli.torch.distributions.normal import NORMAL
from gradcli.torch.distributions.one_hot_categorical import ONE_HOT_CATEGORICAL
from gradcli.torch.distributions.transformed_distribution import TRANSFORMED_DISTRIBUTION
from gradcli.torch.distributions.transforms import same_transform
from gradcli.torch.distributions.uniform import UNIFORM
from gradcli.torch.distributions.utils import sum_rightmost, torch_function
from gradcli.torch.linalg_decomp import solve_triangular
from gradcli.torch.nn.functional.activation import softplus


def _kl_normal_normal(p: ScriptInstance, q: ScriptInstance):
    var_ratio = (p.attribute("scale") / q.attribute("scale")).pow(2)
    t1 = ((p.attribute("loc") - q.attribute("loc")) / q.attribute("scale")).pow(2)
    return 0.5 * (var_ratio + t1 - 1 - var_ratio.log())


def _kl_categorical_categorical(p: ScriptInstance, q: ScriptInstance):
    t = p.attribute("probs") * (p.attribute("logits") - q.attribute("logits"))
    t[(q.attribute("probs") == 0).expand_as(t)] = math.inf
    t[(p.attribute("probs") == 0).expand_as(t)] = 0
    return t.sum(-1)


def _kl_bernoulli_bernoulli(p: ScriptInstance, q: ScriptInstance):
    p_probs, p_logits = p.attribute("probs"), p.attribute("logits")
    q_probs, q_logits = q.attribute("probs"), q.attribute("logits")
    t1 = p_probs * (softplus(-q_logits) - softplus(-p_logits))
    t1[q_probs == 0] = math.inf
    t1[p_probs == 0] = 0
    t2 = (1 - p_probs) * (softplus(q_logits) - softplus(p_logits))
    t2[q_probs == 1] = math.inf
    t2[p_probs == 1] = 0
    return t1 + t2


def _kl_uniform_uniform(p: ScriptInstance, q: ScriptInstance):
    p_low, p_high = p.attribute("low"), p.attribute("high")
    q_low, q_high = q.attribute("low"), q.attribute("high")
    result = ((q_high - q_low) / (p_high - p_low)).log()
    result[(q_low > p_low) | (q_high < p_high)] = math.inf
    return result


def _kl_multivariatenormal_multivariatenormal(p: ScriptInstance, q: ScriptInstance):
    if p.attribute("event_shape") != q.attribute("event_shape"):
        raise value_error("KL-divergence between two Multivariate Normals with"
                          f"{' ' * 26}different event shapes cannot be computed")
    p_tril, q_tril = p.attribute(TRIL), q.attribute(TRIL)
    half_term1 = q_tril.diagonal(dim1=-2, dim2=-1).log().sum(-1) - \
        p_tril.diagonal(dim1=-2, dim2=-1).log().sum(-1)
    combined_batch_shape = broadcast_shape(q_tril.shape[:-2], p_tril.shape[:-2])
    n = p.attribute("event_shape")[0]
    solved = solve_triangular(q_tril.expand(combined_batch_shape + (n, n)),
                              p_tril.expand(combined_batch_shape + (n, n)), upper=False)
    term2 = solved.reshape(-1, n * n).pow(2).sum(-1).reshape(solved.shape[:-2])
    term3 = batch_mahalanobis(q_tril, q.attribute("loc") - p.attribute("loc"))
    return half_term1 + 0.5 * (term2 + term3 - n)


def _kl_onehotcategorical_onehotcategorical(p: ScriptInstance, q: ScriptInstance):
    return _kl_categorical_categorical(p.attribute("_categorical"), q.attribute("_categorical"))


def _kl_exponential_exponential(p: ScriptInstance, q: ScriptInstance):
    rate_ratio = q.attribute("rate") / p.attribute("rate")
    return -rate_ratio.log() + rate_ratio - 1


def _kl_laplace_laplace(p: ScriptInstance, q: ScriptInstance):
    scale_ratio = p.attribute("scale") / q.attribute("scale")
    loc_abs_diff = (p.attribute("loc") - q.attribute("loc")).abs()
    t1 = -scale_ratio.log()
    t2 = loc_abs_diff / q.attribute("scale")
    t3 = scale_ratio * (-loc_abs_diff / p.attribute("scale")).exp()
    return t1 + t2 + t3 - 1


def _kl_geometric_geometric(p: ScriptInstance, q: ScriptInstance):
    return -p.attribute("entropy")() - LOG1P(-q.attribute("probs")) / p.attribute("probs") - \
        q.attribute("logits")


def _kl_gumbel_gumbel(p: ScriptInstance, q: ScriptInstance):
    ct1 = p.attribute("scale") / q.attribute("scale")
    ct2 = q.attribute("loc") / q.attribute("scale")
    ct3 = p.attribute("loc") / q.attribute("scale")
    t1 = -ct1.log() - ct2 + ct3
    t2 = ct1 * EULER_CONSTANT
    t3 = (ct2 + LGAMMA(1 + ct1) - ct3).exp()
    return t1 + t2 + t3 - (1 + EULER_CONSTANT)


def _kl_cauchy_cauchy(p: ScriptInstance, q: ScriptInstance):
    p_scale, q_scale = p.attribute("scale"), q.attribute("scale")
    t1 = ((p_scale + q_scale).pow(2) + (p.attribute("loc") - q.attribute("loc")).pow(2)).log()
    return t1 - (4 * p_scale * q_scale).log()


def _kl_of_bases(p: ScriptInstance, q: ScriptInstance):
    """HalfNormal's: the KL of the Normals they fold."""
    return _kl_normal_normal(p.attribute("base_dist"), q.attribute("base_dist"))


def _kl_transformed_transformed(p: ScriptInstance, q: ScriptInstance):
    p_transforms, q_transforms = p.attribute("transforms"), q.attribute("transforms")
    if len(p_transforms) != len(q_transforms) or not all(
            same_transform(a, b) for a, b in zip(p_transforms, q_transforms)):
        raise not_implemented()
    if p.attribute("event_shape") != q.attribute("event_shape"):
        raise not_implemented()
    return kl_divergence(p.attribute("base_dist"), q.attribute("base_dist"))


def _kl_independent_independent(p: ScriptInstance, q: ScriptInstance):
    reinterpreted = p.attribute("reinterpreted_batch_ndims")
    if reinterpreted != q.attribute("reinterpreted_batch_ndims"):
        raise not_implemented()
    result = kl_divergence(p.attribute("base_dist"), q.attribute("base_dist"))
    return sum_rightmost(result, reinterpreted)


LOG1P, LGAMMA = torch_function("log1p"), torch_function("lgamma")

# torch's registered pairs among gradcli's distributions: each of one family with itself
_REGISTRY: dict[tuple[ScriptClass, ScriptClass], Callable] = {(cls, cls): fn for cls, fn in (
    (NORMAL, _kl_normal_normal), (CATEGORICAL, _kl_categorical_categorical),
    (BERNOULLI, _kl_bernoulli_bernoulli), (UNIFORM, _kl_uniform_uniform),
    (EXPONENTIAL, _kl_exponential_exponential), (LAPLACE, _kl_laplace_laplace),
    (GEOMETRIC, _kl_geometric_geometric), (GUMBEL, _kl_gumbel_gumbel),
    (HALF_NORMAL, _kl_of_bases), (CAUCHY, _kl_cauchy_cauchy),
    (TRANSFORMED_DISTRIBUTION, _kl_transformed_transformed),
    (INDEPENDENT, _kl_independent_independent),
    (MULTIVARIATE_NORMAL, _kl_multivariatenormal_multivariatenormal),
    (ONE_HOT_CATEGORICAL, _kl_onehotcategorical_onehotcategorical))}


def _dispatch(p, q) -> Callable | None:
    """The registered function of the most derived pair of classes p and q are instances of."""
    if not (isinstance(p, ScriptInstance) and isinstance(q, ScriptInstance)):
        return None
    for p_class in p.cls.mro:
        for q_class in q.cls.mro:
            if (p_class, q_class) in _REGISTRY:
                return _REGISTRY[p_class, q_class]
    return None


def kl_divergence(p, q):
    """KL(p || q), batched over the distributions' batch shape."""
    fun = _dispatch(p, q)
    if fun is None:
        raise not_implemented(f"No KL(p || q) is implemented for p type {type_name(p)} and "
                              f"q type {type_name(q)}")
    return fun(p, q)


FUNCTIONS = {"kl_divergence": kl_divergence}
