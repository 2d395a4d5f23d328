"""torch.save and torch.load, where torch keeps them (torch/serialization.py). A session reads
and writes no files: each is refused at its call, as the os stand-ins are, so that a training
script that saves its model at the end (or only under `--save-model`) runs all the rest."""
from __future__ import annotations

from gradcli.sandbox.py_system import refused
from gradcli.torch._declare import torch_function

_INSTEAD = ("print(model.state_dict()) to see the weights, "
            "other.load_state_dict(model.state_dict()) to copy them")

save = torch_function(name="save")(refused("torch.save", "write a file", _INSTEAD))
load = torch_function(name="load")(refused("torch.load", "read a file", _INSTEAD))
save.__name__ = save.__qualname__ = "save"  # printed as torch's: <function save at ...>
load.__name__ = load.__qualname__ = "load"
