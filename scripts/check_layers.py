#!/usr/bin/env python3
"""The code's shape, checked: no import cycle, no module over the line budget, no upward import.

Usage: python scripts/check_layers.py [PACKAGE_DIR] [--max-lines N]
Prints one line per problem and a verdict; exits 1 if there is any problem.

Layers, lowest first. A module may import its own layer and the layers LAYERS lists for it;
every import counts, a lazy one inside a function too (it is a dependency all the same).
The package's own __init__ (its version, and hooks such as IPython's `load_ipython_extension`
that import what they need when called) may be imported from anywhere: so it must import none of
the package's modules at import time, and the imports of it close no cycle.
"""
from __future__ import annotations

import ast
import sys
from collections import defaultdict
from pathlib import Path

MAX_LINES = 800

# layer -> the layers it may import besides itself. The top-level modules (gradcli/__init__.py,
# __main__.py) are the layer "" and sit above everything.
LAYERS: dict[str, set[str]] = {
    "engine": set(),
    "events": {"engine"},
    "sandbox": {"engine", "events"},  # Python only: it is handed torch's names (torch/api.py)
    "torch": {"engine", "events", "sandbox"},
    "check": {"engine", "events"},
    "report": {"engine", "events"},
    "app": {"engine", "events", "sandbox", "torch", "check", "report"},
    "": {"engine", "events", "sandbox", "torch", "check", "report", "app"},
}


def modules(root: Path) -> dict[str, Path]:
    """Dotted name -> file, for every module of the package at `root`."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules that module `name` imports, resolved to the modules that exist."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            wanted = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
            # `from pkg import mod` imports the module mod; `from mod import name`, mod itself
            wanted = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                      for alias in node.names]
        else:
            continue
        for target in wanted:
            root, _, rest = target.partition(".")
            if root in known and rest and f"{root}.{rest.split('.')[0]}" not in known:
                targets.add(target)  # a module of the package that does not exist
                continue
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                targets.add(target)
    return targets


def layer_of(name: str) -> str:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else ""


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def eager_imports(init: Path, package: str) -> list[str]:
    """The package's modules its __init__ imports at import time (outside any function)."""
    eager = []
    for node in ast.parse(init.read_text(), str(init)).body:
        if isinstance(node, ast.Import):
            eager += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").split(".")[0]
                                                   == package):
            eager.append("." * node.level + (node.module or ""))
    return [name for name in eager if name.startswith(".") or name.split(".")[0] == package]


def problems(root: Path, max_lines: int = MAX_LINES) -> list[str]:
    known = modules(root)
    graph = defaultdict(set, {name: imports(name, path, known) for name, path in known.items()})
    # the package's __init__ loads nothing when imported (checked below): importing it for its
    # version closes no cycle
    acyclic = {name: (targets & known.keys()) - {root.name} for name, targets in graph.items()}
    found = [f"import cycle: {' <-> '.join(component)}" for component in cycles(acyclic)]
    found += [f"eager import: {root.name}/__init__.py imports {name} when imported (import it "
              "inside the function that needs it)"
              for name in eager_imports(root / "__init__.py", root.name)]
    for name, path in known.items():
        lines = len(path.read_text().splitlines())
        if lines > max_lines:
            found.append(f"too long: {name} has {lines} lines (budget {max_lines})")
        layer = layer_of(name)
        for target in sorted(graph[name] - {root.name}):
            if target not in known:
                found.append(f"no such module: {name} imports {target}")
            elif layer_of(target) not in LAYERS[layer] | {layer}:
                found.append(f"upward import: {name} ({layer or 'top'}) imports {target} "
                             f"({layer_of(target) or 'top'})")
    return found


def main(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith("--")]
    max_lines = int(argv[argv.index("--max-lines") + 1]) if "--max-lines" in argv else MAX_LINES
    if "--max-lines" in argv:
        args.remove(str(max_lines))
    root = Path(args[0] if args else Path(__file__).parents[1] / "gradcli").resolve()
    found = problems(root, max_lines)
    for line in found:
        print(line)
    print(f"{root.name}: {len(modules(root))} modules, {len(found)} problems")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
