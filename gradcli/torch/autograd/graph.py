"""torch.autograd.graph.saved_tensors_hooks(pack_hook, unpack_hook): inside the `with`, every
tensor a node saves goes through pack_hook, and backward reads it back through unpack_hook
(engine/autograd.py: pack_saved, unpack_saved)."""
from __future__ import annotations

from gradcli.engine import runtime


class saved_tensors_hooks:  # (torch's lower-case name)
    def __init__(self, pack_hook, unpack_hook):
        self.pack_hook, self.unpack_hook = pack_hook, unpack_hook

    def __enter__(self) -> None:
        runtime.current.saved_hooks.append((self.pack_hook, self.unpack_hook))

    def __exit__(self, *exc) -> bool:
        runtime.current.saved_hooks.pop()
        return False

    def __repr__(self) -> str:
        return "<torch.autograd.graph.saved_tensors_hooks object>"


FUNCTIONS = {"saved_tensors_hooks": saved_tensors_hooks}
