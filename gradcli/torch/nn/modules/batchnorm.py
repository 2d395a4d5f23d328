"""torch.nn.BatchNorm1d, BatchNorm2d and BatchNorm3d (torch/nn/modules/batchnorm.py) as
built-in classes deriving from nn.Module (module.py): torch's __init__ (parameters, then the
running-statistics buffers), its forward choosing batch or running statistics as torch's
_BatchNorm does, and the extra_repr torch prints."""
from __future__ import annotations

from gradcli.engine import dtypes
from gradcli.engine.errors import TorchError
from gradcli.engine.tensor import Tensor
from gradcli.sandbox.objects import ScriptClass
from gradcli.torch._tensor import creation
from gradcli.torch.autograd.grad import no_grad
from gradcli.torch.nn import init
from gradcli.torch.nn.functional.normalization import batch_norm
from gradcli.torch.nn.modules.module import layer_class, register_buffer, set_fields
from gradcli.torch.nn.modules.utils import field_values, filled


def _batch_norm_init(self, num_features, eps=1e-5, momentum=0.1, affine=True,
                     track_running_stats=True, device=None, dtype=None, *, bias=True) -> None:
    set_fields(self, num_features=num_features, eps=eps, momentum=momentum, affine=affine,
               track_running_stats=track_running_stats)
    shape = (num_features,)
    self.attributes["weight"] = filled(shape, init.ones_, dtype) if affine else None
    self.attributes["bias"] = filled(shape, init.zeros_, dtype) if affine and bias else None
    stats = track_running_stats
    register_buffer(self, "running_mean", creation.zeros(*shape, dtype=dtype) if stats else None)
    register_buffer(self, "running_var", creation.ones(*shape, dtype=dtype) if stats else None)
    register_buffer(self, "num_batches_tracked",
                    creation.tensor(0, dtype=dtypes.int64) if stats else None)


def _batch_norm_forward(self, input: Tensor) -> Tensor:
    """torch's _BatchNorm.forward: count the batch, pick the averaging factor, normalise with
    the batch's statistics in training (or without running ones), else the running ones."""
    if self.cls.name in ("BatchNorm2d", "BatchNorm3d"):
        dims = 4 if self.cls.name == "BatchNorm2d" else 5
        if input.ndim != dims:
            raise TorchError("ValueError", f"expected {dims}D input (got {input.ndim}D input)")
    elif input.ndim not in (2, 3):
        raise TorchError("ValueError", f"expected 2D or 3D input (got {input.ndim}D input)")
    momentum, training, tracked = field_values(self, "momentum", "training", "num_batches_tracked")
    factor = 0.0 if momentum is None else momentum
    if training and self.attributes["track_running_stats"] and tracked is not None:
        with no_grad():
            tracked.add_(1)
        factor = 1.0 / float(tracked.item()) if momentum is None else momentum
    mean, var = field_values(self, "running_mean", "running_var")
    use_batch = training or (mean is None and var is None)
    keep = not training or self.attributes["track_running_stats"]
    return batch_norm(input, mean if keep else None, var if keep else None,
                              *field_values(self, "weight", "bias"), use_batch, factor,
                              self.attributes["eps"])


def _batch_norm_class(name: str) -> ScriptClass:
    """BatchNorm1d over (N, C) or (N, C, L); BatchNorm2d over (N, C, H, W); BatchNorm3d over
    (N, C, D, H, W): the same module."""
    return layer_class(
        name, _batch_norm_init, _batch_norm_forward,
        lambda self: "{}, eps={}, momentum={}, affine={}, bias={}, track_running_stats={}".format(
            *field_values(self, "num_features", "eps", "momentum", "affine"),
            self.attributes["bias"] is not None, self.attributes["track_running_stats"]),
        fields=("num_features", "eps", "momentum", "affine", "track_running_stats", "weight",
                "bias", "running_mean", "running_var", "num_batches_tracked"))


BATCH_NORM_1D, BATCH_NORM_2D = _batch_norm_class("BatchNorm1d"), _batch_norm_class("BatchNorm2d")
BATCH_NORM_3D = _batch_norm_class("BatchNorm3d")
