"""The torch API over Tensor, one module per section; importing it installs Tensor's methods
and the differentiable array namespace create_graph=True runs VJPs on."""
from . import methods, xp  # noqa: F401  (they install into Tensor and NAMESPACE)
