"""torch.utils.data for training loops: Dataset (a script class may derive from it),
TensorDataset and a single-process DataLoader, ported from torch/utils/data (dataset.py,
dataloader.py, sampler.py, _utils/collate.py): the same batches in the same order, and the same
draws from torch's global generator (one 64-bit base seed per epoch, then with shuffle=True a
63-bit seed for the epoch's own generator, whose randperm orders the samples), so the script's
later random numbers stay those PyTorch gives."""
from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np

from gradcli.engine import runtime
from gradcli.engine.errors import TorchError, warn
from gradcli.engine.rng import Generator
from gradcli.engine.tensor import Tensor
from gradcli.sandbox.objects import ScriptClass, ScriptInstance
from gradcli.torch import _arguments
from gradcli.torch._tensor import creation, shape
from gradcli.torch.nn.modules.module import builtin_class

DATASET = builtin_class("Dataset", None, {})
# the torch calls that first meet a loader's or a split's generator, and check its type
_RANDOM_ = _arguments.Parser(("random_(*, Generator? generator=None)",
                              "random_(int64_t from, int64_t? to, *, Generator? generator=None)",
                              "random_(int64_t to, *, Generator? generator=None)"))
_RANDPERM = _arguments.Parser(creation.RANDPERM)


def _tensor_dataset_init(self: ScriptInstance, *tensors) -> None:
    if any(t.size(0) != tensors[0].size(0) for t in tensors):
        raise TorchError("AssertionError", "Size mismatch between tensors")
    self.attributes["tensors"] = tuple(tensors)


TENSOR_DATASET = builtin_class("TensorDataset", DATASET, {
    "__init__": _tensor_dataset_init,
    "__getitem__": lambda self, index: tuple(t[index] for t in self.attributes["tensors"]),
    "__len__": lambda self: self.attributes["tensors"][0].size(0)})

def _loader_init(self: ScriptInstance, dataset, batch_size=1, shuffle=None, sampler=None,
                 batch_sampler=None, num_workers=0, collate_fn=None, pin_memory=False,
                 drop_last=False, timeout=0, worker_init_fn=None, multiprocessing_context=None,
                 generator=None, *, prefetch_factor=None, persistent_workers=False,
                 pin_memory_device="") -> None:
    given = {"sampler": sampler, "batch_sampler": batch_sampler, "worker_init_fn": worker_init_fn,
             "multiprocessing_context": multiprocessing_context}
    for name, value in given.items():
        if value is not None:
            raise TorchError("NotImplementedError", f"DataLoader({name}=...) is not supported by "
                             "gradcli sessions: use batch_size=, shuffle= and drop_last= (with "
                             "torch.manual_seed for a reproducible shuffle)")
    if batch_size is not None and (not isinstance(batch_size, int) or isinstance(
            batch_size, bool) or batch_size <= 0):
        raise TorchError("ValueError", "batch_size should be a positive integer value, but got "
                         f"batch_size={batch_size}")
    self.attributes.update(dataset=dataset, batch_size=batch_size, shuffle=bool(shuffle),
                           num_workers=num_workers, collate_fn=collate_fn or default_collate,
                           pin_memory=pin_memory, drop_last=drop_last, timeout=timeout,
                           generator=generator, prefetch_factor=prefetch_factor,
                           persistent_workers=persistent_workers)


def _indices(self: ScriptInstance):
    """The sampler: range(n), or with shuffle a randperm from the loader's generator, else
    from one seeded by a draw of the global generator (RandomSampler.__iter__), drawn when
    the first batch is asked for."""
    n = len(self.attributes["dataset"])
    if not self.attributes["shuffle"]:
        yield from range(n)
        return
    runtime.current.limits.check_shape((n,))  # the permutation is a tensor of n indices
    given = self.attributes["generator"]
    if given is None:
        yield from Generator(int(runtime.current.generator.randint(0, 1 << 63, 1)[0])).randperm(
            n).tolist()
        return
    generator = creation.stream(given)
    yield from generator.randperm(n).tolist()
    # asked for one more index, torch's sampler draws a second permutation for its tail of
    # num_samples % n (none): the script's generator moves on by it (a private one needn't)
    generator.randperm(n)


def _loader_iter(self: ScriptInstance):
    """_BaseDataLoaderIter: the base seed drawn at iter() (from the loader's generator, if it
    has one), then the batches."""
    generator = self.attributes["generator"]
    _RANDOM_.parse((), {"generator": generator})
    creation.stream(generator).randint(0, 1 << 63, 1)  # _base_seed
    return _batches(self)


def _batches(self: ScriptInstance):
    a = self.attributes
    dataset, size, collate = a["dataset"], a["batch_size"], a["collate_fn"]
    if size is None:  # batch_size=None: samples one by one, uncollated
        yield from (default_convert(dataset[i]) for i in _indices(self))
        return
    batch = []
    for index in _indices(self):
        batch.append(dataset[index])
        if len(batch) == size:
            yield collate(batch)
            batch = []
    if batch and not a["drop_last"]:
        yield collate(batch)


def _loader_len(self: ScriptInstance) -> int:
    a = self.attributes
    n = len(a["dataset"])
    if a["batch_size"] is None:
        return n
    return n // a["batch_size"] if a["drop_last"] else math.ceil(n / a["batch_size"])


def default_convert(data: Any) -> Any:
    """torch's default_convert (what batch_size=None gives): tuples and lists become lists,
    dicts keep their keys, everything else is left as it is."""
    if isinstance(data, dict):
        return {key: default_convert(value) for key, value in data.items()}
    if isinstance(data, (tuple, list)):
        return [default_convert(item) for item in data]
    return data


def default_collate(batch: list) -> Any:
    """torch's default_collate: tensors stacked, numbers made tensors (int64, float64), the
    fields of tuples and dicts collated one by one, strings left as a list."""
    first = batch[0]
    if isinstance(first, Tensor):
        return shape.stack(list(batch), 0)
    if isinstance(first, bool):
        return creation.tensor(list(batch))
    if isinstance(first, int):
        return creation.tensor(list(batch))
    if isinstance(first, float):
        return Tensor(np.asarray(batch, dtype=np.float64))
    if isinstance(first, str):
        return list(batch)
    if isinstance(first, dict):
        return {key: default_collate([d[key] for d in batch]) for key in first}
    if isinstance(first, (tuple, list)):
        if any(len(item) != len(first) for item in batch):
            raise TorchError("RuntimeError", "each element in list of batch should be of equal "
                                             "size")
        return [default_collate(list(samples)) for samples in zip(*batch)]
    raise TorchError("TypeError", "default_collate: batch must contain tensors, numpy arrays, "
                     f"numbers, dicts or lists; found {type(first).__name__}")


def _subset_init(self: ScriptInstance, dataset, indices) -> None:
    self.attributes.update(dataset=dataset, indices=indices)


def _subset_item(self: ScriptInstance, index):
    dataset, indices = self.attributes["dataset"], self.attributes["indices"]
    if isinstance(index, list):
        return dataset[[indices[i] for i in index]]
    return dataset[indices[index]]


SUBSET = builtin_class("Subset", DATASET, {
    "__init__": _subset_init, "__getitem__": _subset_item,
    "__len__": lambda self: len(self.attributes["indices"])})


def random_split(dataset, lengths, generator=creation.DEFAULT_GENERATOR) -> list:
    """torch's random_split: lengths, or fractions summing to 1 (floors, then the remainder
    handed out one by one from the first), then one randperm of the generator."""
    if math.isclose(sum(lengths), 1) and sum(lengths) <= 1:
        sizes = []
        for i, fraction in enumerate(lengths):
            if fraction < 0 or fraction > 1:
                raise TorchError("ValueError", f"Fraction at index {i} is not between 0 and 1")
            sizes.append(math.floor(len(dataset) * fraction))
        for i in range(len(dataset) - sum(sizes)):
            sizes[i % len(sizes)] += 1
        lengths = sizes
        for i, length in enumerate(lengths):
            if length == 0:
                warn(f"Length of split at index {i} is 0. This might result in an empty "
                     "dataset.")
    if sum(lengths) != len(dataset):
        raise TorchError("ValueError", "Sum of input lengths does not equal the length of the "
                         "input dataset!")
    _RANDPERM.parse((sum(lengths),), {"generator": generator})
    indices = creation.stream(generator).randperm(sum(lengths)).tolist()
    ends = list(itertools.accumulate(lengths))
    return [SUBSET(dataset, indices[end - length:end]) for end, length in zip(ends, lengths)]


DATA_LOADER = builtin_class("DataLoader", None, {
    "__init__": _loader_init, "__iter__": _loader_iter, "__len__": _loader_len})

CLASSES: dict[str, ScriptClass] = {"Dataset": DATASET, "TensorDataset": TENSOR_DATASET,
                                   "DataLoader": DATA_LOADER, "Subset": SUBSET}
FUNCTIONS = {"default_collate": default_collate, "default_convert": default_convert,
             "random_split": random_split}
ATTRIBUTES = frozenset({"tensors", "dataset", "batch_size", "drop_last", "num_workers",
                        "collate_fn", "shuffle", "indices", "generator"})
