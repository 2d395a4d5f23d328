"""What seed-everything functions and training scripts set before they start, as a CPU-only
torch answers them: torch.cuda's seeding (there is no GPU whose generator it could seed),
cudnn's and cuda.matmul's flags (their defaults; a script sets them as module attributes, for
its session only), use_deterministic_algorithms and set_float32_matmul_precision, which
change nothing in gradcli's CPU kernels (each gives the same result every run)."""
from __future__ import annotations

from gradcli.engine.errors import TorchError, type_error
from gradcli.torch._declare import torch_function


def _cuda_seed(seed) -> None:
    """torch.cuda.manual_seed(seed): int(seed), as torch's, and nothing to seed."""
    try:
        int(seed)
    except (TypeError, ValueError) as e:
        raise TorchError(type(e).__name__, str(e)) from None


def _bool_argument(value, name: str) -> None:
    if type(value) is not bool:
        position = " (position 1)" if name == "mode" else ""
        raise type_error(f"_set_deterministic_algorithms(): argument '{name}'{position} must "
                         f"be bool, not {type(value).__name__}")


@torch_function(name="use_deterministic_algorithms")
def use_deterministic_algorithms(mode, *, warn_only=False) -> None:
    _bool_argument(mode, "mode")
    _bool_argument(warn_only, "warn_only")


@torch_function(name="set_float32_matmul_precision")
def set_float32_matmul_precision(precision) -> None:
    """Nothing to change: gradcli's float32 matmul is always 'highest' (torch warns, at a
    line of its own that no script line shows, of a precision it does not know)."""


CUDA = {"is_available": lambda: False, "device_count": lambda: 0,
        "manual_seed": _cuda_seed, "manual_seed_all": _cuda_seed,
        "empty_cache": lambda: None}
CUDNN = {"enabled": True, "deterministic": False, "benchmark": False, "allow_tf32": True,
         "is_available": lambda: False, "version": lambda: None}
CUDA_MATMUL = {"allow_tf32": False, "allow_fp16_reduced_precision_reduction": True,
               "allow_bf16_reduced_precision_reduction": True}
