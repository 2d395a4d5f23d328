"""gradcli: run a PyTorch snippet on gradcli's own autograd engine and cross-check every
gradient with sympy."""
__version__ = "0.1.0"


def load_ipython_extension(ipython) -> None:
    """`%load_ext gradcli` in IPython or Jupyter: the `%%gradcli` cell magic and the `%gradcli`
    commands (gradcli/app/notebook.py), imported only now: the command line never loads them."""
    from gradcli.app.notebook import load_magics

    load_magics(ipython)
