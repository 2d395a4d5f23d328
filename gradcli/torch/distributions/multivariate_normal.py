"""torch.distributions.MultivariateNormal(loc, covariance_matrix= | precision_matrix= |
scale_tril=): torch's composition over the Cholesky factor L of the covariance (linalg.cholesky,
triangular solves for the Mahalanobis distance), rsample as loc + L eps."""
from __future__ import annotations

import math

from gradcli.engine.tensor import Size, Tensor
from gradcli.sandbox.objects import ScriptInstance
from gradcli.torch import linalg_decomp
from gradcli.torch._tensor import creation
from gradcli.torch._tensor.linalg import matmul
from gradcli.torch.distributions import constraints
from gradcli.torch.distributions.distribution import (
    DISTRIBUTION,
    expanded,
    extended_shape,
    init_distribution,
    lazy,
    prop,
    reader,
    validated,
    value_error,
)
from gradcli.torch.distributions.utils import SCALAR, as_size, broadcast_shapes, standard_normal
from gradcli.torch.nn.modules.module import builtin_class

_MATRICES = ("covariance_matrix", "precision_matrix", "scale_tril")
TRIL = "_unbroadcasted_scale_tril"


def _batch_mv(bmat: Tensor, bvec: Tensor) -> Tensor:
    return matmul(bmat, bvec.unsqueeze(-1)).squeeze(-1)


def batch_mahalanobis(bL: Tensor, bx: Tensor) -> Tensor:  # noqa: N803 (torch's names)
    """The squared Mahalanobis distance x' (L L')^-1 x, L's batch dims lined up with x's as
    torch's batch_mahalanobis does, for one triangular solve."""
    n = bx.size(-1)
    bx_batch_shape = bx.shape[:-1]
    outer_batch_dims = len(bx_batch_shape) - (bL.dim() - 2)
    old_batch_dims = outer_batch_dims + bL.dim() - 2
    new_batch_dims = outer_batch_dims + 2 * (bL.dim() - 2)
    bx_new_shape = tuple(bx.shape[:outer_batch_dims])
    for sL, sx in zip(bL.shape[:-2], bx.shape[outer_batch_dims:-1]):  # noqa: N806
        bx_new_shape += (sx // sL, sL)
    bx = bx.reshape(bx_new_shape + (n,))
    bx = bx.permute(list(range(outer_batch_dims))
                    + list(range(outer_batch_dims, new_batch_dims, 2))
                    + list(range(outer_batch_dims + 1, new_batch_dims, 2))
                    + [new_batch_dims])
    flat_L = bL.reshape(-1, n, n)  # noqa: N806
    flat_x = bx.reshape(-1, flat_L.size(0), n)
    M_swap = linalg_decomp.solve_triangular(  # noqa: N806
        flat_L, flat_x.permute(1, 2, 0), upper=False).pow(2).sum(-2)
    permuted_M = M_swap.t().reshape(bx.shape[:-1])  # noqa: N806
    permute_inv_dims = list(range(outer_batch_dims))
    for i in range(bL.dim() - 2):
        permute_inv_dims += [outer_batch_dims + i, old_batch_dims + i]
    return permuted_M.permute(permute_inv_dims).reshape(bx_batch_shape)


def _precision_to_scale_tril(P: Tensor) -> Tensor:  # noqa: N803
    Lf = linalg_decomp.linalg_cholesky(P.flip((-2, -1)))  # noqa: N806
    L_inv = Lf.flip((-2, -1)).transpose(-2, -1)  # noqa: N806
    identity = creation.eye(P.shape[-1], dtype=P.dtype)
    return linalg_decomp.solve_triangular(L_inv, identity, upper=False)


def _init(self: ScriptInstance, loc, covariance_matrix=None, precision_matrix=None,
          scale_tril=None, validate_args=None) -> None:
    if loc.dim() < 1:
        raise value_error("loc must be at least one-dimensional.")
    given = {name: matrix for name, matrix in zip(
        _MATRICES, (covariance_matrix, precision_matrix, scale_tril)) if matrix is not None}
    if len(given) != 1:
        raise value_error("Exactly one of covariance_matrix or precision_matrix or scale_tril "
                          "may be specified.")
    ((name, matrix),) = given.items()
    if matrix.dim() < 2:
        raise value_error(f"{name} {'matrix ' if name == 'scale_tril' else ''}must be at least "
                          "two-dimensional, with optional leading batch dimensions")
    batch_shape = broadcast_shapes(Size(matrix.shape[:-2]), Size(loc.shape[:-1]))
    self.attributes[name] = matrix.expand(batch_shape + (-1, -1))
    self.attributes["loc"] = loc.expand(batch_shape + (-1,))
    init_distribution(self, batch_shape, Size(self.attributes["loc"].shape[-1:]),
                      validate_args=validate_args)
    self.attributes[TRIL] = matrix if name == "scale_tril" else \
        linalg_decomp.linalg_cholesky(matrix) if name == "covariance_matrix" else \
        _precision_to_scale_tril(matrix)


def _square_shape(self: ScriptInstance) -> Size:
    event_shape = self.attributes["_event_shape"]
    return Size(self.attributes["_batch_shape"] + event_shape + event_shape)


def _expand(self: ScriptInstance, batch_shape, _instance=None) -> ScriptInstance:
    batch_shape = as_size(batch_shape)
    event_shape = self.attributes["_event_shape"]
    params = {name: self.attributes[name].expand(batch_shape + event_shape + event_shape)
              for name in _MATRICES if name in self.attributes}
    params.update(loc=self.attributes["loc"].expand(batch_shape + event_shape),
                  _unbroadcasted_scale_tril=self.attributes[TRIL])
    return expanded(self, MULTIVARIATE_NORMAL, batch_shape, params, event_shape)


_tril = reader(TRIL)


def _half_log_det(self: ScriptInstance) -> Tensor:
    return _tril(self).diagonal(dim1=-2, dim2=-1).log().sum(-1)


def _rsample(self: ScriptInstance, sample_shape=SCALAR) -> Tensor:
    shape = extended_shape(self, sample_shape)
    eps = standard_normal(shape, self.attribute("loc").dtype)
    return self.attribute("loc") + _batch_mv(_tril(self), eps)


def _log_prob(self: ScriptInstance, value) -> Tensor:
    validated(self, value)
    diff = value - self.attribute("loc")
    M = batch_mahalanobis(_tril(self), diff)  # noqa: N806
    k = self.attributes["_event_shape"][0]
    return -0.5 * (k * math.log(2 * math.pi) + M) - _half_log_det(self)


def _entropy(self: ScriptInstance) -> Tensor:
    k = self.attributes["_event_shape"][0]
    H = 0.5 * k * (1.0 + math.log(2 * math.pi)) + _half_log_det(self)  # noqa: N806
    batch_shape = self.attributes["_batch_shape"]
    return H.expand(batch_shape) if len(batch_shape) else H


MULTIVARIATE_NORMAL = builtin_class("MultivariateNormal", DISTRIBUTION, {
    "__init__": _init, "expand": _expand, "rsample": _rsample, "log_prob": _log_prob,
    "entropy": _entropy,
}, {
    "arg_constraints": {"loc": constraints.real_vector,
                        "covariance_matrix": constraints.positive_definite,
                        "precision_matrix": constraints.positive_definite,
                        "scale_tril": constraints.lower_cholesky},
    "support": constraints.real_vector, "has_rsample": True,
    "scale_tril": lazy("MultivariateNormal", "scale_tril",
                       lambda self: _tril(self).expand(_square_shape(self))),
    "covariance_matrix": lazy("MultivariateNormal", "covariance_matrix", lambda self: matmul(
        _tril(self), _tril(self).mT).expand(_square_shape(self))),
    "precision_matrix": lazy("MultivariateNormal", "precision_matrix", lambda self: (
        linalg_decomp.cholesky_inverse(_tril(self)).expand(_square_shape(self)))),
    "mean": prop("MultivariateNormal", "mean", reader("loc")),
    "mode": prop("MultivariateNormal", "mode", reader("loc")),
    "variance": prop("MultivariateNormal", "variance", lambda self: _tril(self).pow(2).sum(-1)
                     .expand(self.attributes["_batch_shape"] + self.attributes["_event_shape"])),
})
CLASSES = {"MultivariateNormal": MULTIVARIATE_NORMAL}
