"""How each accumulated gradient evolved over a run's backward calls, as a small SVG line plot.

    grad_history_svg(ledgers: Sequence[Ledger], max_series: int = 4) -> str

`ledgers` are the accumulation ledgers of a run, `gradcli.events.ledger.build_ledgers(events)`
of its events (what `run --explain` shows). One panel per tensor: x is the backward call
(numbered as the gradient tables number them), y is .grad after that call, one line per
element for a tensor of at most `max_series` elements, else its norm (the largest magnitude
of a summarised one). A
dashed vertical line marks a call before which .grad restarted (zero_(), = None, set by
hand), so a loop that forgets zero_() shows as a line that only climbs. Pure SVG text:
no matplotlib, nothing imported but the standard library and gradcli's own modules.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from gradcli.events.ledger import Contribution, Ledger, Restart, listed
from gradcli.report.svg_text import clipped, svg_document, xml_text

PANEL_WIDTH, PANEL_HEIGHT = 340.0, 200.0
PLOT_LEFT, PLOT_RIGHT, PLOT_TOP, PLOT_BOTTOM = 58.0, 12.0, 30.0, 46.0
PANELS_PER_ROW = 2
COLOURS = ("#1d4ed8", "#c2410c", "#15803d", "#a21caf", "#0e7490", "#854d0e")
TICKS = 4
TITLE = "gradcli: .grad over the backward calls"
KIND = "gradcli-plot"  # the <svg>'s class, which scopes its style
STYLE = ("<style>svg.gradcli-plot .axis{stroke:#888;stroke-width:1}"
         "svg.gradcli-plot .grid{stroke:#e5e7eb;stroke-width:1}"
         "svg.gradcli-plot .restart{stroke:#9ca3af;stroke-dasharray:4 3}"
         "svg.gradcli-plot .small{font-size:10px;fill:#555}"
         "svg.gradcli-plot .head{font-weight:bold}</style>")


def grad_history_svg(ledgers: Sequence[Ledger], max_series: int = 4) -> str:
    """A grid of panels, one per ledger; a one-line picture when there is nothing to plot."""
    shown = [ledger for ledger in ledgers if ledger.contributions()]
    if not shown:
        return svg_document(320, 40, [_text(12, 24, "no gradient was accumulated", "")],
                            TITLE, KIND)
    columns = min(PANELS_PER_ROW, len(shown))
    rows = math.ceil(len(shown) / columns)
    body = [STYLE]
    for i, ledger in enumerate(shown):
        x, y = (i % columns) * PANEL_WIDTH, (i // columns) * PANEL_HEIGHT
        body.append(f'<g class="panel" transform="translate({x:.0f},{y:.0f})">')
        body += _panel(ledger, max_series)
        body.append("</g>")
    return svg_document(columns * PANEL_WIDTH, rows * PANEL_HEIGHT, body, TITLE, KIND)


def history_series(ledger: Ledger, max_series: int = 4
                   ) -> list[tuple[str, list[tuple[int, float]]]]:
    """(label, [(call, value)]) per line to draw: each element, or their norm."""
    entries = ledger.contributions()
    size = math.prod(ledger.shape)
    if size <= max_series and all(listed(e.grad) for e in entries):
        labels = [f"{ledger.name}{_index(i, ledger.shape)}" for i in range(size)]
        values = [[(e.call, v) for e in entries for v in [_flat(e.grad)[i]] if v is not None]
                  for i in range(size)]
        return list(zip(labels, values))
    # a norm, not a mean: a weight's gradient is a mean of ± terms, ~0 whatever it holds
    if all(listed(e.grad) for e in entries):
        norms = [(e.call, _norm(e.grad)) for e in entries]
        label = f"‖{ledger.name}.grad‖ of {size:,} elements"
    else:  # summarised (more than 1,000 elements): the largest magnitude it says
        norms = [(e.call, _largest(e.grad)) for e in entries]
        label = f"max |{ledger.name}.grad| of {size:,} elements"
    return [(label, [(call, n) for call, n in norms if n is not None])]


def _panel(ledger: Ledger, max_series: int) -> list[str]:
    series = history_series(ledger, max_series)
    calls = [e.call for e in ledger.contributions()]
    values = [v for _, points in series for _, v in points] or [0.0]
    # half a call of room each side: no point sits on an axis
    x_scale = _Scale(min(calls) - 0.5, max(calls) + 0.5, PLOT_LEFT, PANEL_WIDTH - PLOT_RIGHT,
                     pad=False)
    y_scale = _Scale(min(values), max(values), PANEL_HEIGHT - PLOT_BOTTOM, PLOT_TOP, pad=True)
    parts = [_text(PLOT_LEFT, 16, clipped(f"{ledger.name}.grad  {list(ledger.shape)}", 38),
                   "head")]
    parts += _axes(x_scale, y_scale, calls)
    parts += _restarts(ledger, x_scale)
    restarted = _restarted_calls(ledger)
    for n, (label, points) in enumerate(series):
        colour = COLOURS[n % len(COLOURS)]
        parts.append(_polyline(points, x_scale, y_scale, colour, label, restarted))
        legend_x = PLOT_LEFT + n * 70
        parts.append(f'<rect x="{legend_x:.0f}" y="{PANEL_HEIGHT - 14:.0f}" width="10" '
                     f'height="3" fill="{colour}"/>')
        if len(series) > 1 and label.startswith(ledger.name):
            label = label[len(ledger.name):]  # `[0, 1]`: the panel's title names the tensor
        parts.append(_text(legend_x + 14, PANEL_HEIGHT - 9,
                           clipped(label, 9 if len(series) > 1 else 40), "small"))
    return parts


def _axes(x: _Scale, y: _Scale, calls: list[int]) -> list[str]:
    parts = []
    ticks = y.ticks()
    for value, label in zip(ticks, _distinct_labels(ticks)):
        at = y(value)
        parts.append(f'<line class="grid" x1="{PLOT_LEFT}" x2="{x.high_px:.1f}" '
                     f'y1="{at:.1f}" y2="{at:.1f}"/>')
        parts.append(_text(PLOT_LEFT - 6, at + 3, label, "small", anchor="end"))
    step = max(1, math.ceil(len(calls) / 8))
    for call in calls[::step]:
        parts.append(_text(x(call), y.low_px + 14, f"#{call}", "small", anchor="middle"))
    parts.append(f'<line class="axis" x1="{PLOT_LEFT}" x2="{x.high_px:.1f}" '
                 f'y1="{y.low_px:.1f}" y2="{y.low_px:.1f}"/>')
    parts.append(f'<line class="axis" x1="{PLOT_LEFT}" x2="{PLOT_LEFT}" '
                 f'y1="{y.high_px:.1f}" y2="{y.low_px:.1f}"/>')
    parts.append(_text((PLOT_LEFT + x.high_px) / 2, y.low_px + 26, "backward call", "small",
                       anchor="middle"))
    return parts


def _distinct_labels(values: list[float]) -> list[str]:
    """The tick values with as few digits as tell them apart (a range of 2e-9 around 0.1234
    is not three ticks all labelled 0.1234)."""
    for digits in range(4, 17):
        labels = [f"{value:.{digits}g}" for value in values]
        if len(set(labels)) == len(labels):
            return labels
    return labels


def _restarted_calls(ledger: Ledger) -> set[int]:
    return {entry.call for before, entry in zip(ledger.entries, ledger.entries[1:])
            if isinstance(before, Restart) and isinstance(entry, Contribution)}


def _restarts(ledger: Ledger, x: _Scale) -> list[str]:
    """A dashed line half a call before each call whose .grad started afresh."""
    parts = []
    for before, entry in zip(ledger.entries, ledger.entries[1:]):
        if isinstance(before, Restart) and isinstance(entry, Contribution):
            at = x(entry.call - 0.5)
            parts.append(f'<line class="restart" x1="{at:.1f}" x2="{at:.1f}" y1="{PLOT_TOP}" '
                         f'y2="{PANEL_HEIGHT - PLOT_BOTTOM}"><title>{xml_text(before.reason)}'
                         f"</title></line>")
    return parts


def _polyline(points: list[tuple[int, float]], x: _Scale, y: _Scale, colour: str,
              label: str, restarts: set[int]) -> str:
    lines = "".join(f'<polyline fill="none" stroke="{colour}" stroke-width="1.8" '
                    f'points="{" ".join(f"{x(c):.1f},{y(v):.1f}" for c, v in piece)}"/>'
                    for piece in _pieces(points, restarts))
    dots = "".join(f'<circle cx="{x(c):.1f}" cy="{y(v):.1f}" r="2.5" fill="{colour}">'
                   f"<title>{xml_text(f'{label} after call #{c}: {v:.6g}')}</title></circle>"
                   for c, v in points)
    return f'<g class="series">{lines}{dots}</g>'


def _pieces(points: list[tuple[int, float]], restarts: set[int]
            ) -> list[list[tuple[int, float]]]:
    """The points split before each call whose .grad restarted: no line joins two totals."""
    pieces: list[list[tuple[int, float]]] = [[]]
    for call, value in points:
        if call in restarts and pieces[-1]:
            pieces.append([])
        pieces[-1].append((call, value))
    return pieces


class _Scale:
    """Data to pixels along one axis; `pad` widens a flat or tight range to round ticks."""

    def __init__(self, low: float, high: float, low_px: float, high_px: float, pad: bool):
        self.step = 0.0
        if pad:
            low, high, self.step = _nice_range(low, high)
        elif low == high:
            low, high = low - 1, high + 1
        self.low, self.high, self.low_px, self.high_px = low, high, low_px, high_px

    def __call__(self, value: float) -> float:
        share = (value - self.low) / (self.high - self.low)
        return self.low_px + share * (self.high_px - self.low_px)

    def ticks(self) -> list[float]:
        """Round values from low to high, `step` apart (a padded scale's)."""
        count = round((self.high - self.low) / self.step) if self.step else 0
        return [self.low + i * self.step for i in range(count + 1)]


def _nice_range(low: float, high: float) -> tuple[float, float, float]:
    """A range around [low, high] that round steps (about TICKS of them) divide, and the
    step."""
    if low == high:
        low, high = low - max(abs(low), 1.0) / 2, high + max(abs(high), 1.0) / 2
    raw = (high - low) / TICKS
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


def _text(x: float, y: float, text: str, css: str, anchor: str = "start") -> str:
    style = f' class="{css}"' if css else ""
    align = f' text-anchor="{anchor}"' if anchor != "start" else ""
    return f'<text x="{x:.1f}" y="{y:.1f}"{style}{align}>{xml_text(text)}</text>'


def _index(flat: int, shape: tuple[int, ...]) -> str:
    """`[1, 0]` for a flat position in `shape`; nothing for a scalar."""
    if not shape:
        return ""
    index = []
    for size in reversed(shape):
        index.append(flat % size)
        flat //= size
    return str(list(reversed(index)))


def _flat(data: Any) -> list[float | None]:
    """Nested lists' numbers, finite ones as floats, others as None (they cannot be drawn)."""
    if isinstance(data, list):
        return [x for item in data for x in _flat(item)]
    return [float(data) if isinstance(data, (int, float)) and math.isfinite(data) else None]


def _norm(data: Any) -> float | None:
    numbers = [x for x in _flat(data) if x is not None]
    return math.sqrt(sum(x * x for x in numbers)) if numbers else None


def _largest(data: Any) -> float | None:
    """A summary's largest magnitude, from its min and max."""
    ends = [data.get(key) for key in ("min", "max")]
    finite = [abs(e) for e in ends if isinstance(e, (int, float)) and math.isfinite(e)]
    return max(finite) if finite else None
