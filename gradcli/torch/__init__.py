"""torch as scripts see it, in torch's own tree: where torch keeps a name, gradcli does.
Importing any part of it installs Tensor's methods and the differentiable array namespace
create_graph=True runs VJPs on."""
from gradcli.torch._tensor import methods, xp  # noqa: F401  (they install into Tensor and NAMESPACE)
