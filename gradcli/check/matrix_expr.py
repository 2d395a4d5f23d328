"""The text algebra of check/matrix_form.py: a gradient part as `coefficient · text` with
what binds it loosest, and the products, transposes, Hadamard products and sums that the
reverse accumulation writes. Display only."""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from fractions import Fraction

FULL_CHARS = 4000  # past this even the full text is cut (a deep network's form)
OPEN, CLOSE = "\x01", "\x02"  # around a forward subexpression: the table may elide it
SUBSCRIPTS = "ᵢⱼₖₗₘₙₒₚ"  # Σᵢ sums over the output's first dim, Σⱼ its second...


@dataclass(frozen=True)
class Expr:
    """coefficient · text; kind says what binds it loosest: "atom", "sum", "mm" (·), "had" (⊙);
    `one` for the all-ones seed, which a ⊙ leaves out."""
    text: str
    kind: str = "atom"
    coefficient: Fraction = Fraction(1)
    count: int = 1  # a mean's N, kept apart so that the form reads (2/512), not (1/256)
    one: bool = False
    factors: tuple = ()  # a product's two factors: its transpose is theirs, reversed
    untransposed: object = None  # for Aᵀ: A, what its transpose is
    # coefficient · onehot(y) along dim: each row sums to the coefficient (nll_loss's gradient,
    # which log_softmax's then writes as softmax(Z) − onehot(y))
    onehot: tuple | None = None

    def render(self) -> str:
        return render(self)


ONE = Expr("𝟙", one=True)

# ---- expressions ------------------------------------------------------------------------


def render(e: Expr) -> str:
    core = e.text
    c = e.coefficient / 1
    if c == 1 and e.count == 1:
        return core
    if c == -1 and e.count == 1:
        return f"−{wrap(core, e.kind, 'mm')}"
    shown = number(c) if e.count == 1 else f"{number(c)}/{e.count}" if c.denominator == 1 \
        else f"{number(Fraction(c.numerator))}/{c.denominator * e.count}"
    shown = f"({shown})" if "/" in shown or shown.startswith("−") else shown
    return shown if e.one else f"{shown}·{wrap(core, e.kind, 'mm')}"


def number(c: Fraction) -> str:
    return str(c) if c.denominator != 1 or c.numerator >= 0 else f"−{-c.numerator}"


def tidy_number(v: float) -> str:
    """A constant as people write it: 3, 0.25, 1/3, √8, 1/√8, else 4 significant digits."""
    if not math.isfinite(v):
        return "NaN" if math.isnan(v) else ("−∞" if v < 0 else "∞")
    if v < 0:
        return "−" + tidy_number(-v)
    close = lambda a, b: abs(a - b) <= 2e-7 * max(abs(a), abs(b), 1e-30)  # noqa: E731
    if v == 0 or (close(v, round(v)) and v < 1e6):
        return str(int(round(v)))
    short = re.sub(r"e([+-])0*(\d)", lambda m: f"e{'−' if m[1] == '-' else ''}{m[2]}",
                   f"{v:.4g}")
    if close(float(f"{v:.4g}"), v) and len(short) <= 6:
        return short
    fraction = Fraction(v).limit_denominator(64)
    if close(float(fraction), v) and fraction.numerator < 1000:
        return f"{fraction.numerator}/{fraction.denominator}"
    for square, shown in ((v * v, "√{}"), (1 / (v * v), "1/√{}")):
        n = round(square)
        if 1 < n < 10_000 and close(square, n) and math.isqrt(n) ** 2 != n:
            return shown.format(n)
    return short


def wrap(text: str, kind: str, within: str = "mm") -> str:
    """`text` in parentheses unless it binds tighter than the product it is put in."""
    return text if kind == "atom" or kind == within else f"({text})"


def capped(e: Expr) -> Expr:
    """e, or `⋯` (its coefficient kept) past FULL_CHARS."""
    return e if len(e.text) <= FULL_CHARS else Expr("⋯", "atom", e.coefficient, e.count)


def scaled(e: Expr, factor: Fraction, count: int = 1) -> Expr:
    return replace(e, coefficient=e.coefficient * factor, count=e.count * count)


def bare(e: Expr) -> Expr:
    """e without its coefficient (a product keeps its factors' coefficients in front)."""
    return replace(e, coefficient=Fraction(1), count=1)


def ratio(scale: float) -> tuple[Fraction, int]:
    """A contraction's scale as a factor and a mean's count: 1/512 -> (1, 512)."""
    if scale and abs(1 / scale - round(1 / scale)) < 1e-9 and round(1 / scale) > 1:
        return Fraction(1), int(round(1 / scale))
    return Fraction(scale).limit_denominator(10_000), 1


def hadamard(g: Expr, d: tuple) -> Expr:
    factor, text, kind = d
    if text is None:  # a constant derivative
        return scaled(g, factor)
    if g.one:
        return Expr(text, kind, g.coefficient * factor, g.count)
    for number, other, other_kind in ((text, g.text, g.kind), (g.text, text, kind)):
        shown = strip_marks(number)
        if re.fullmatch(r"−?\d+", shown):  # an integer joins the coefficient
            return Expr(other, other_kind, g.coefficient * factor *
                        int(shown.replace("−", "-")), g.count)
        if re.fullmatch(r"−?[\d.]+(e−?\d+)?|√\d+", shown):  # a scalar: 0.01·G
            return Expr(f"{number}·{wrap(other, other_kind, 'mm')}", "mm",
                        g.coefficient * factor, g.count)
    divisor = re.fullmatch(r"1/([^\s()⊙·/+−]+)", strip_marks(text))
    if divisor:  # G ⊙ 1/√8 as G/√8
        return Expr(f"{wrap(g.text, g.kind, 'had')}/{divisor.group(1)}", "had",
                    g.coefficient * factor, g.count)
    return Expr(f"{wrap(g.text, g.kind, 'had')} ⊙ {wrap(text, kind, 'had')}", "had",
                g.coefficient * factor, g.count)


def strip_marks(text: str) -> str:
    return text.replace(OPEN, "").replace(CLOSE, "")


def transpose(e: Expr) -> Expr:
    if e.one:
        return e
    if e.factors:  # (A·B)ᵀ = Bᵀ·Aᵀ
        return scaled(product(transpose(e.factors[1]), transpose(e.factors[0])),
                       e.coefficient, e.count)
    if e.untransposed is not None:
        return scaled(e.untransposed, e.coefficient, e.count)
    text = e.text
    if e.kind == "atom" and text.endswith("ᵀ" + CLOSE) and matching(text, 0) == len(text) - 1:
        return Expr(text[1:-2], "atom", e.coefficient, e.count)  # a forward's own ᵀ undone
    if e.kind == "atom" and text.endswith("ᵀ") and "(" not in text:
        return Expr(text[:-1], "atom", e.coefficient, e.count)
    return Expr(f"{wrap(e.text, e.kind, 'T')}ᵀ", "atom", e.coefficient, e.count,
                 untransposed=bare(e))


def product(left: Expr, right: Expr) -> Expr:
    if left.one and right.one:
        return left
    text = f"{wrap(left.text, left.kind)}·{wrap(right.text, right.kind)}"
    return Expr(text, "mm", left.coefficient * right.coefficient, left.count * right.count,
                factors=(bare(left), bare(right)))


def sum_of(terms: list) -> Expr:
    if len(terms) == 1:
        return terms[0]
    text = ""
    for e in terms:
        shown = e.render()
        text = shown if not text else (f"{text} − {shown[1:]}" if shown.startswith("−")
                                       else f"{text} + {shown}")
    return Expr(text, "sum")


def single(g: Expr, output: str, term: str) -> Expr:
    """The gradient of a one-operand term (a sum, a mean, addmm's bias): g summed over the
    output dims the term lacks, broadcast over those it has alone, in the term's order."""
    summed = [k for k, c in enumerate(output) if c not in term]
    if summed and not g.one:
        marks = "".join(SUBSCRIPTS[k] if k < len(SUBSCRIPTS) else "₊" for k in summed)
        g = Expr(f"Σ{marks}({g.text})", "atom", g.coefficient, g.count)
    kept = [c for c in output if c in term]
    if len(kept) == 2 and kept != [c for c in term if c in kept]:
        return transpose(g)
    return g


def pair(g: Expr, output: str, other: Expr, other_indices: str, wanted: str):
    """The gradient of one operand of a product of two, `wanted` its indices: g and the other
    operand multiplied as matrices (either order, each maybe transposed) so that the indices
    come out as `wanted`; the arrangement with the fewest transposes. None if none fits."""
    best = None
    for left, right in (((g, output), (other, other_indices)),
                        ((other, other_indices), (g, output))):
        for flip_left in (False, True):
            for flip_right in (False, True):
                got = multiplied(flipped(left[1], flip_left), flipped(right[1], flip_right),
                                  wanted)
                cost = flip_left + flip_right
                if got == wanted and (best is None or cost < best[0]):
                    best = (cost, product(transpose(left[0]) if flip_left else left[0],
                                           transpose(right[0]) if flip_right else right[0]))
    return None if best is None else best[1]


def flipped(indices: str | None, flip: bool) -> str | None:
    if not flip:
        return indices
    if len(indices) == 1:
        return "^" + indices  # a row vector
    return None if len(indices) < 2 else indices[:-2] + indices[-1] + indices[-2]


def multiplied(left: str | None, right: str | None, wanted: str) -> str | None:
    """The indices of left·right as matrices (a batch index in front shared), or None."""
    if left is None or right is None:
        return None
    if left.startswith("^"):
        return None
    if right.startswith("^"):  # column · row: an outer product
        return left + right[1:] if len(left) == 1 else None
    if not left or not right:
        return left + right
    batch = ""
    if len(left) == 3 and len(right) == 3 and left[0] == right[0]:
        batch, left, right = left[0], left[1:], right[1:]
    if left[-1] == right[0] and left[-1] not in wanted:
        return batch + left[:-1] + right[1:]
    return None



def subscript(n: int) -> str:
    return "".join("₀₁₂₃₄₅₆₇₈₉"[int(c)] for c in str(n))

def matching(text: str, start: int) -> int:
    depth = 0
    for k in range(start, len(text)):
        depth += (text[k] == OPEN) - (text[k] == CLOSE)
        if depth == 0:
            return k
    return len(text) - 1
