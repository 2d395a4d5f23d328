"""torch.nn.Embedding and EmbeddingBag (torch/nn/modules/sparse.py) as built-in classes
deriving from nn.Module (module.py): torch's __init__ (the table drawn from normal(0, 1), the
padding row zeroed), from_pretrained, forward over F.embedding / F.embedding_bag and the
extra_repr torch prints."""
from __future__ import annotations

from gradcli.engine.errors import TorchError
from gradcli.engine.tensor import Parameter, Tensor
from gradcli.sandbox.objects import ClassMethod, ScriptFunction
from gradcli.torch.autograd.grad import no_grad
from gradcli.torch.nn import init
from gradcli.torch.nn.functional.sparse import embedding, embedding_bag, padding_index
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
    self.attributes["weight"] = _drawn_table(num_embeddings, embedding_dim,
                                             self.attributes["padding_idx"], dtype)
    self.attributes["sparse"] = sparse


def _drawn_table(rows, cols, padding, dtype) -> Parameter:
    """torch's reset_parameters: normal_(0, 1), then the padding row zeroed."""
    weight = filled((rows, cols), init.normal_, dtype)
    if padding is not None:
        zeroed = weight.data.copy()
        zeroed[padding] = 0
        with no_grad():
            weight.copy_(Tensor(zeroed))
    return weight


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


# ---- EmbeddingBag ------------------------------------------------------------------------


def _bag_init(self, num_embeddings, embedding_dim, max_norm=None, norm_type=2.0,
              scale_grad_by_freq=False, mode="mean", sparse=False, _weight=None,
              include_last_offset=False, padding_idx=None, device=None, dtype=None) -> None:
    if padding_idx is not None and not -num_embeddings <= padding_idx < num_embeddings:
        raise TorchError("AssertionError", "padding_idx must be within num_embeddings")
    padding = None if padding_idx is None else padding_idx % num_embeddings
    set_fields(self, num_embeddings=num_embeddings, embedding_dim=embedding_dim,
               max_norm=max_norm, norm_type=norm_type, scale_grad_by_freq=scale_grad_by_freq,
               padding_idx=padding)
    if _weight is None:
        weight = _drawn_table(num_embeddings, embedding_dim, padding, dtype)
    elif list(_weight.shape) != [num_embeddings, embedding_dim]:
        raise TorchError("AssertionError",
                         "Shape of weight does not match num_embeddings and embedding_dim")
    else:
        weight = Parameter(_weight)
    self.attributes.update(weight=weight, mode=mode, sparse=sparse,
                           include_last_offset=include_last_offset)


def _bag_forward(self, input, offsets=None, per_sample_weights=None):
    return embedding_bag(input, *field_values(self, "weight"), offsets, *field_values(
        self, "max_norm", "norm_type", "scale_grad_by_freq", "mode", "sparse"),
        per_sample_weights, *field_values(self, "include_last_offset", "padding_idx"))


def _bag_repr(self) -> str:
    a = self.attributes
    parts = [f"{a['num_embeddings']!r}, {a['embedding_dim']!r}"]
    parts += [f"max_norm={a['max_norm']!r}"] if a["max_norm"] is not None else []
    parts += [f"norm_type={a['norm_type']!r}"] if a["norm_type"] != 2 else []
    parts += [f"scale_grad_by_freq={a['scale_grad_by_freq']!r}"] if \
        a["scale_grad_by_freq"] is not False else []
    parts += [f"mode={a['mode']!r}"]
    parts += [f"padding_idx={a['padding_idx']!r}"] if a["padding_idx"] is not None else []
    return ", ".join(parts)


def _bag_from_pretrained(cls, embeddings, freeze=True, max_norm=None, norm_type=2.0,
                         scale_grad_by_freq=False, mode="mean", sparse=False,
                         include_last_offset=False, padding_idx=None):
    """EmbeddingBag.from_pretrained: a module around the given table (frozen by default)."""
    if embeddings.ndim != 2:
        raise TorchError("AssertionError", "Embeddings parameter is expected to be 2-dimensional")
    rows, cols = embeddings.shape
    bag = cls(rows, cols, max_norm, norm_type, scale_grad_by_freq, mode, sparse,
              _weight=embeddings, include_last_offset=include_last_offset,
              padding_idx=padding_idx)
    bag.attributes["weight"].requires_grad_(not freeze)
    return bag


EMBEDDING_BAG = layer_class(
    "EmbeddingBag", _bag_init, _bag_forward, _bag_repr,
    fields=("num_embeddings", "embedding_dim", "max_norm", "norm_type", "scale_grad_by_freq",
            "padding_idx", "weight", "mode", "sparse", "include_last_offset"))
EMBEDDING_BAG.namespace["from_pretrained"] = ClassMethod(
    ScriptFunction("EmbeddingBag.from_pretrained", _bag_from_pretrained))
