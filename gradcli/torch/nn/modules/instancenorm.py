"""torch.nn.InstanceNorm1d, 2d and 3d (torch/nn/modules/instancenorm.py) as built-in classes
deriving from nn.Module (module.py): _NormBase's __init__ (batchnorm.py's) with instance norm's
defaults, torch's forward (its checks, an unbatched input as a batch of one) over
F.instance_norm, and the extra_repr torch prints."""
from __future__ import annotations

from gradcli.engine.errors import TorchError, warn
from gradcli.torch._tensor import shape
from gradcli.torch.nn.functional.normalization_grouped import instance_norm
from gradcli.torch.nn.modules.batchnorm import _batch_norm_init
from gradcli.torch.nn.modules.module import layer_class
from gradcli.torch.nn.modules.utils import field_values


def _init(self, num_features, eps=1e-5, momentum=0.1, affine=False, track_running_stats=False,
          device=None, dtype=None, *, bias=True) -> None:
    _batch_norm_init(self, num_features, eps, momentum, affine, track_running_stats, device,
                     dtype, bias=bias)


def _apply(self, input):
    mean, var, weight, bias, momentum, eps = field_values(
        self, "running_mean", "running_var", "weight", "bias", "momentum", "eps")
    use_input_stats = self.attributes["training"] or not self.attributes["track_running_stats"]
    return instance_norm(input, mean, var, weight, bias, use_input_stats,
                         momentum if momentum is not None else 0.0, eps)


def _instance_norm_class(dims: int):
    unbatched = dims + 1  # torch's _get_no_batch_dim

    def forward(self, input):
        if input.ndim not in (unbatched, unbatched + 1):
            raise TorchError("ValueError", f"expected {unbatched}D or {unbatched + 1}D input "
                                           f"(got {input.ndim}D input)")
        feature_dim = input.ndim - unbatched
        features = self.attributes["num_features"]
        if input.shape[feature_dim] != features:
            if self.attributes["affine"]:
                raise TorchError("ValueError", f"expected input's size at dim={feature_dim} to "
                                               f"match num_features ({features}), but got: "
                                               f"{input.shape[feature_dim]}.")
            warn(f"input's size at dim={feature_dim} does not match num_features. You can "
                 "silence this warning by not passing in num_features, which is not used "
                 "because affine=False")
        if input.ndim == unbatched:
            return shape.squeeze(_apply(self, shape.unsqueeze(input, 0)), 0)
        return _apply(self, input)
    return layer_class(
        f"InstanceNorm{dims}d", _init, forward,
        lambda self: "{}, eps={}, momentum={}, affine={}, bias={}, track_running_stats={}".format(
            *field_values(self, "num_features", "eps", "momentum", "affine"),
            self.attributes["bias"] is not None, self.attributes["track_running_stats"]),
        fields=("num_features", "eps", "momentum", "affine", "track_running_stats", "weight",
                "bias", "running_mean", "running_var", "num_batches_tracked"))


INSTANCE_NORMS = [_instance_norm_class(d) for d in (1, 2, 3)]
