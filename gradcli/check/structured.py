"""Exact gradients of graphs too large for per-element sympy: reverse accumulation over the
recorded forward, in float64, on every element. Each op's part comes from its forward, never
from the engine's VJP rules:

- a pointwise op: sympy differentiates its sym form once per op kind and input (on scalar
  symbols), and the derivative is evaluated on the replayed values of all elements;
- a contraction (mm, bmm, mv, dot, sums, means; addmm's plus its bias): its `Op.contraction`
  einsum, transposed mechanically (the gradient of one operand is the einsum of the others
  with the output's); a convolution's operands are its input's windows (`Op.unfold`), traced
  on element tags;
- a rearrangement (views, selections, cat, stack): its forward run on element tags says where
  each output element came from, and the gradient is added back there;
- a loss (mse, bce): its reduction transposed, then its pointwise part as above;
- an op along a dim (softmax): sympy's Jacobian of one slice, evaluated on every slice;
- an affine op (nll_loss, cumsum, x * 2): its forward run on symbols gives the coefficients;
- norms and statistics (layer_norm, batch_norm, var, logsumexp), extrema split among ties:
  written as steps in forms_nn.py.

Anything else raises TooLarge, and the check falls back to finite differences as before.
Each op's part: opgrads.py; the float32 rounding a comparison may allow for: spread.py.
"""
from __future__ import annotations

import numpy as np

from gradcli.engine import trace

from .compare import Expectation
from .numeric import replay
from .opgrads import add_part, input_grads
from .records import Derived, Opaque, TooLarge, leaf_records, reverse_topological
from .spread import Spread, rounding_spread

NOTE = ("structured: every element exact in float64: sympy's derivative of each pointwise op, "
        "contractions transposed from their einsum form, rearrangements traced on element tags")


def expect(record, roots, targets, shapes: dict | None = None) -> dict:
    """{id(target tensor): Expectation} for every target, or TooLarge when an op under the
    roots has no structured form. `shapes`, if given, gets every record's shape by id (the
    matrix form's, which then replays nothing again)."""
    # the leaves first: past MAX_REPLAY_RECORDS this raises before seconds of accumulation
    leaves = [r for root in roots for r in leaf_records(root)]
    values = replayed(record, roots)
    if shapes is not None:
        shapes.update({key: _shape(v) for key, v in values.items()})
        shapes.update({id(root): np.shape(seed) for root, seed in
                       zip(roots, record.grad_outputs, strict=True) if id(root) not in values})
    order = _reverse_topological(roots)
    through = hooked(record)
    order = _leading_to(targets, order, through)
    grads = _accumulate(record.grad_outputs, roots, order, values, through=through)
    found: list = []  # the rounding spread, worked out once on the first comparison needing it

    def spread() -> Spread:
        if not found:
            asked = frozenset(id(t.tensor._record) for t in targets if t.tensor.grad_fn is not None)
            going_on = {**grads, **through} if through else grads  # (a hook's output, on)
            found.append(rounding_spread(record.grad_outputs, roots, order, values, going_on,
                                         asked))
        return found[0]
    expected = {id(t.tensor): _expectation(t, leaves, grads, lambda where, t=t: _total(
        t, leaves, lambda r: spread().deviation(r, where))) for t in targets}
    for rid in through:  # what each hooked non-leaf's hooks should have received
        if rid in grads:
            expected[("hook", rid)] = Expectation(grads[rid], None, "symbolic", NOTE)
    return expected


def hooked(record) -> dict:
    """{id of a hooked non-leaf's record: what its hooks returned}: a hook is user code, so
    its output is taken as given and goes on down the graph in place of what it received
    (checked against what the tensor should have received: its hook row)."""
    return {id(h.node.record): np.asarray(h.grad_out, np.float64) for h in record.hooks
            if h.node is not None and h.node.record is not None}


def replayed(record, roots) -> dict:
    """The float64 values of the records under the roots (by id). A root's own value is read
    by no gradient, only its shape, which its seed has: where it does, the root is left out
    (a loss's mean sums every element in torch's order)."""
    values: dict = {}
    for root, tensor, seed in zip(roots, record.roots, record.grad_outputs, strict=True):
        skip = isinstance(root, trace.OpRecord) and np.shape(seed) == tuple(tensor.shape)
        for r in (root.args if skip else (root,)):
            if id(r) not in values:  # (what an earlier root's replay holds is not redone)
                values.update(replay(r, {}, values or None))
    return values


def vector_jacobian(roots, seeds: list, inputs: list, values: dict) -> list:
    """The gradient of Σ seed·root with respect to each input record, through the records
    between them only (a custom Function's forward); `values` holds the replayed values of
    the records under the roots, the inputs' included. TooLarge where an op has no form."""
    stops = frozenset(id(r) for r in inputs)
    grads = _accumulate(seeds, roots, _reverse_topological(roots, stops), values, stops)
    return [grads.get(id(r)) for r in inputs]


def _leading_to(targets, order: list, asked=()) -> list:
    """The records of `order` that some target's record is under, in the same order: no
    gradient is worked out for what no target reads (an input batch's, say). `asked`: ids of
    more records whose gradient is wanted (hooked ones)."""
    wanted = {id(t.tensor) for t in targets}
    # a retained non-leaf's gradient is asked, and so is a hooked one's
    asked = {id(t.tensor._record) for t in targets if t.tensor.grad_fn is not None} | set(asked)
    reached: set = set()
    for r in reversed(order):  # inputs before the records that read them
        args = getattr(r, "args", None)
        if id(r) in asked or (not reached.isdisjoint(map(id, args)) if args is not None else
                              isinstance(r, trace.Leaf) and id(r.tensor) in wanted):
            reached.add(id(r))
    return [r for r in order if id(r) in reached]


def _accumulate(seeds, roots, order: list, values: dict,
                stops: frozenset = frozenset(), through: dict | None = None) -> dict:
    """The gradient of every record of `order` by id, the roots seeded with `seeds`. Parts
    that flow into a record outside `order` are not worked out, nor what flows on from a
    record in `stops`; from a record in `through` (by id) flows its value there instead (a
    hook's output)."""
    kept = {id(r) for r in order}
    grads: dict = {}
    for root, seed in zip(roots, seeds, strict=True):
        seed = np.asarray(seed, np.float64)
        shape = values[id(root)].shape if id(root) in values else seed.shape
        add_part(grads, root, np.broadcast_to(seed, shape))
    for r in order:
        g = grads.get(id(r))
        if g is None or not isinstance(r, trace.OpRecord) or id(r) in stops:
            continue
        if through and id(r) in through:
            g = through[id(r)]
        args = [values[id(a)] for a in r.args]
        wanted = [id(a) in kept for a in r.args]
        parts = input_grads(r, g, args, wanted, value=values.get(id(r)))
        for a, part in zip(r.args, parts, strict=True):
            if part is not None and not isinstance(a, trace.Const):
                add_part(grads, a, part)
    return grads


def multiplies_matrices(roots) -> bool:
    """Whether a product of tensors (mm, addmm, conv...) is under the roots: its elements'
    formulas are sums of products of every row, too long to read and slow to build."""
    seen, stack = set(), list(roots)
    while stack:
        r = stack.pop()
        if id(r) in seen:
            continue
        seen.add(id(r))
        op = getattr(r, "op", None)
        if op is not None and (op.unfold is not None or
                               (op.contraction is not None and len(r.args) > 1)):
            return True
        stack.extend(getattr(r, "args", ()))
    return False


def _reverse_topological(roots, stops: frozenset = frozenset()) -> list:
    """The records under the roots, each after every record that reads it; what is under
    a record in `stops` (by id) is left out."""
    order = reverse_topological(roots, stops)
    if any(isinstance(r, (Derived, Opaque)) for r in order):
        raise TooLarge("a create_graph gradient in the graph")
    return order


def _shape(value) -> tuple:
    """np.shape, without its dispatch for an array (a pass's every replayed value)."""
    return value.shape if isinstance(value, np.ndarray) else np.shape(value)


def _expectation(target, leaves: list, grads: dict, rounding) -> Expectation:
    return Expectation(_total(target, leaves, lambda r: grads.get(id(r))), None, "symbolic", NOTE,
                       rounding=rounding)


def _total(target, leaves: list, part_of) -> np.ndarray:
    """What the pass adds to the target: the parts of each of its records (`part_of(record)`,
    None for a record with none), in its shape."""
    tensor = target.tensor
    records = [r for r in leaves if r.tensor is tensor] if tensor.grad_fn is None else \
        [tensor._record]
    parts = [part for part in map(part_of, records) if part is not None]
    shape = np.shape(target.added)
    if len(parts) == 1 and np.shape(parts[0]) == shape:  # (the usual case: nothing to add)
        return np.asarray(parts[0], np.float64)
    total = np.zeros(shape)
    for part in parts:
        total = total + np.broadcast_to(part, shape)
    return total
