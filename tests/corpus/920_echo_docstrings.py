"""A module docstring: at the top level it is an expression statement the REPL echoes."""
import torch
# the REPL's echo rule: a string at the top level echoes (the module docstring too); a def's or class's docstring never does
"a top-level string"
'''a triple-quoted one'''
def documented():
    """The function's docstring."""
    "a second string"
    return "returned"
documented()
class Documented:
    """The class's docstring."""
    def method(self):
        """The method's docstring."""
        return 1
Documented().method()
for word in ["a", "b"]:
    "a string in a loop"
    word
if True:
    """a docstring-like string in an if"""
torch.tensor(1.0)
