"""The repl's own views: `:grads`, every tensor's gradient now."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gradcli.report.text import compact, torch_style

if TYPE_CHECKING:
    from rich.table import Table
    from rich.text import Text


def _kind(tensor: Any) -> str:
    if tensor.grad_fn is None:
        return "leaf"
    return "retains grad" if tensor.retains_grad else f"non-leaf ({tensor.grad_fn.op.grad_fn})"


def _grad_data(tensor: Any) -> Any:
    from gradcli.events.encode import data_of

    grad = tensor._grad  # not .grad: reading it here must not warn as the script's read would
    return None if grad is None else data_of(grad.data)


def gradient_lines(rows: list[tuple[str, Any]]) -> list[str]:
    """`x [3] leaf: grad [2., 2., 2.]`, one line per tensor."""
    return [f"{name} {list(t.shape)} {_kind(t)}: grad {torch_style(_grad_data(t))}"
            for name, t in rows]


def gradient_table(rows: list[tuple[str, Any]]) -> tuple[Text, Table]:
    """A heading (apart, so that it is not padded to the table's width) and the table."""
    from rich.table import Table
    from rich.text import Text

    table = Table()
    for column in ("tensor", "shape", "kind", "grad"):
        table.add_column(column)
    for name, t in rows:
        grad = _grad_data(t)
        table.add_row(name, str(list(t.shape)), _kind(t),
                      Text(compact(grad, rows=True), style="dim" if grad is None else ""))
    return Text("gradients now", style="bold"), table
