"""torch.nn.Embedding (torch/nn/modules/sparse.py) as a built-in class deriving from nn.Module
(module.py): torch's __init__ (its table drawn from normal(0, 1), the padding row zeroed),
from_pretrained, its forward over F.embedding and the extra_repr torch prints."""
from __future__ import annotations

from gradcli.engine.errors import TorchError
from gradcli.engine.tensor import Parameter, Tensor
from gradcli.sandbox.objects import ClassMethod, ScriptFunction
from gradcli.torch.autograd.grad import no_grad
from gradcli.torch.nn import init
from gradcli.torch.nn.functional.sparse import embedding, padding_index
from gradcli.torch.nn.modules.module import layer_class, set_fields
from gradcli.torch.nn.modules.utils import field_values, filled


def _embedding_init(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None,
                    norm_type=2.0, scale_grad_by_freq=False, sparse=False, _weight=None,
                    _freeze=False, device=None, dtype=None) -> None:
    set_fields(self, num_embeddings=num_embeddings, embedding_dim=embedding_dim,
               padding_idx=padding_index(padding_idx, num_embeddings), max_norm=max_norm,
               norm_type=norm_type, scale_grad_by_freq=scale_grad_by_freq)
    if _weight is not None:  # from_pretrained's table, shared
        if list(_weight.shape) != [num_embeddings, embedding_dim]:
            raise TorchError("AssertionError",
                             "Shape of weight does not match num_embeddings and embedding_dim")
        self.attributes["weight"] = Parameter(_weight, requires_grad=not _freeze)
        self.attributes["sparse"] = sparse
        return
    # torch's reset_parameters: normal_(0, 1), then the padding row zeroed
    weight = self.attributes["weight"] = filled((num_embeddings, embedding_dim), init.normal_,
                                                dtype)
    self.attributes["sparse"] = sparse
    padding = self.attributes["padding_idx"]
    if padding is not None:
        zeroed = weight.data.copy()
        zeroed[padding] = 0
        with no_grad():
            weight.copy_(Tensor(zeroed))


def _from_pretrained(cls, embeddings, freeze=True, padding_idx=None, max_norm=None,
                     norm_type=2.0, scale_grad_by_freq=False, sparse=False):
    """Embedding.from_pretrained: a module around the given table (frozen by default)."""
    if embeddings.ndim != 2:
        raise TorchError("AssertionError", "Embeddings parameter is expected to be 2-dimensional")
    rows, cols = embeddings.shape
    return cls(rows, cols, padding_idx, max_norm, norm_type, scale_grad_by_freq, sparse,
               _weight=embeddings, _freeze=freeze)


def _embedding_repr(self) -> str:
    padding, max_norm, norm_type, by_freq, sparse = field_values(
        self, "padding_idx", "max_norm", "norm_type", "scale_grad_by_freq", "sparse")
    parts = ["{}, {}".format(*field_values(self, "num_embeddings", "embedding_dim"))]
    parts += [f"padding_idx={padding}"] if padding is not None else []
    parts += [f"max_norm={max_norm}"] if max_norm is not None else []
    parts += [f"norm_type={norm_type}"] if norm_type != 2 else []
    parts += [f"scale_grad_by_freq={by_freq}"] if by_freq is not False else []
    parts += ["sparse=True"] if sparse is not False else []
    return ", ".join(parts)


EMBEDDING = layer_class(
    "Embedding", _embedding_init,
    lambda self, input: embedding(input, *field_values(
        self, "weight", "padding_idx", "max_norm", "norm_type", "scale_grad_by_freq", "sparse")),
    _embedding_repr,
    fields=("num_embeddings", "embedding_dim", "padding_idx", "max_norm", "norm_type",
            "scale_grad_by_freq", "sparse", "weight"))


EMBEDDING.namespace["from_pretrained"] = ClassMethod(
    ScriptFunction("Embedding.from_pretrained", _from_pretrained))
