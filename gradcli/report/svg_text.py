"""What the SVG pictures share: XML-safe text, its width in the pictures' monospace font,
and the document's frame. Names, sources and values come from user scripts: everything put
in the XML goes through `xml_text`."""
from __future__ import annotations

import re
from xml.sax.saxutils import escape

FONT = "ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace"
FONT_SIZE = 12
CHAR_WIDTH = 7.3  # an advance of the monospace fonts above at FONT_SIZE, rounded up
LINE_HEIGHT = 16

# Characters XML 1.0 forbids (C0 controls but tab and newline, lone surrogates, U+FFFE/F):
# a script's string may hold any of them, and one would make the whole document unreadable.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_text(text: str) -> str:
    """`text` as XML character data or an attribute value (quotes escaped too)."""
    return escape(_NOT_XML.sub("\ufffd", text), {'"': "&quot;", "'": "&apos;"})


def text_width(text: str) -> float:
    return len(text) * CHAR_WIDTH


def clipped(text: str, limit: int) -> str:
    """One line of at most `limit` characters: the first line of `text`, elided with `…`."""
    first = text.splitlines()[0] if text else ""
    return first if len(first) <= limit else first[: limit - 1] + "…"


def svg_document(width: float, height: float, body: list[str], title: str, kind: str) -> str:
    """A standalone SVG document (it opens in a browser as it is, and inlines in HTML: its
    <style> rules start with `svg.KIND` so that they style nothing else on a page)."""
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" class="{kind}" width="{width:.0f}" '
        f'height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'font-family="{xml_text(FONT)}" font-size="{FONT_SIZE}">',
        f"<title>{xml_text(title)}</title>",
        f'<rect width="{width:.0f}" height="{height:.0f}" fill="white"/>',
        *body,
        "</svg>",
    ]) + "\n"
