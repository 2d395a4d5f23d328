"""gradcli: run a PyTorch snippet on gradcli's own autograd engine and cross-check every
gradient with sympy."""
__version__ = "0.1.0"
