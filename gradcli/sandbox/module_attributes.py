"""An attribute of a module written by the module's name (`torch.vander`, `F.gelu`,
`nn.Linear`) is checked against that module's own names, not against every attribute name
gradcli knows: `torch.vander` is not `torch.linalg.vander`, and a script that names it must be
refused before it runs, with the hint of a name PyTorch has and gradcli lacks."""
from __future__ import annotations

import ast
from collections.abc import Mapping

# the names a script holds a module by without importing it (api.ROOT_NAMES)
ROOT_MODULES = {"torch": "torch", "F": "torch.nn.functional"}


class ModuleAttributes:
    """The module attributes one script reads, noted during the walk, judged once every name
    the script binds is known (a variable `nn` or a parameter `F` is not the module)."""

    def __init__(self, members: Mapping[str, frozenset[str]]):
        self.members = members  # module -> the names gradcli's module has
        self.aliases = dict(ROOT_MODULES)  # name -> module, as the script's imports bind them
        self.unknown: list[tuple[ast.Attribute, str, str]] = []  # (node, its root, module)

    def imported(self, name: str, module: str) -> None:
        if module in self.members:
            self.aliases[name] = module

    def lacks(self, module: str, name: str) -> bool:
        """Whether gradcli's `module` (one it has) has no attribute `name`."""
        return module in self.members and name not in self.members[module] and \
            f"{module}.{name}" not in self.members

    def note(self, node: ast.Attribute) -> None:
        found = self._module_of(node.value)
        if found is not None and self.lacks(found[1], node.attr):
            self.unknown.append((node, *found))

    def missing(self, tree: ast.Module, script_attributes: set[str]) -> list[tuple]:
        """The noted attributes, each with its module, whose owner's name the script binds
        only to the module, and which the script does not set itself (`torch.relu = f`)."""
        if not self.unknown:
            return []
        rebound = bound_names(tree) | {a.arg for a in ast.walk(tree) if isinstance(a, ast.arg)}
        return [(node, module) for node, root, module in self.unknown
                if root not in rebound and node.attr not in script_attributes]

    def _module_of(self, node: ast.AST) -> tuple[str, str] | None:
        """(the root name, the module) of an owner written `torch.linalg`, `F`, `nn.init`."""
        parts = []
        while isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        if not isinstance(node, ast.Name) or node.id not in self.aliases:
            return None
        module = ".".join([self.aliases[node.id], *reversed(parts)])
        return (node.id, module) if module in self.members else None


def written(module: str) -> ast.expr:
    """`torch.nn` as the expression that names it (built, not parsed: a validator compiles
    nothing)."""
    first, *rest = module.split(".")
    node: ast.expr = ast.Name(first, ast.Load())
    for part in rest:
        node = ast.Attribute(node, part, ast.Load())
    return node


def bound_names(node: ast.AST) -> set[str]:
    """The names a construct binds: `async def f`, `(a := 1)`, `case [x, *rest]`..."""
    names = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            names.add(n.id)
        elif isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.MatchAs,
                            ast.MatchStar, ast.ExceptHandler)) and n.name:
            names.add(n.name)
    return names
