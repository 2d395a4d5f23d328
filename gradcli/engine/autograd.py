"""The autograd graph and the backward pass: nodes, accumulation, freeing, version checks, hooks.

The pass is iterative (no recursion at any graph depth): count dependencies with an explicit
stack, then run ready nodes from a heap, most recently created first, as PyTorch's engine does
(that order decides which leaves have already accumulated when a pass fails half-way).
"""
from __future__ import annotations

import itertools
import sys
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from . import opkit, runtime
from .dtypes import of_array
from .errors import runtime_error, type_error

_sequence = itertools.count()
_passes = itertools.count(1)  # each backward pass's number, process-wide (Node.freed_in)
CLOCK_EVERY = 255  # the time limit is read once every 256 nodes a pass visits
_ACCUMULATE_SEQ = 2**64 - 1  # torch's UINT64_MAX: a leaf accumulates as soon as it is ready

SECOND_BACKWARD = (
    "Trying to backward through the graph a second time (or directly access saved tensors after "
    "they have already been freed). Saved intermediate values of the graph are freed when you "
    "call .backward() or autograd.grad(). Specify retain_graph=True if you need to backward "
    "through the graph a second time or if you need to access saved tensors after calling "
    "backward."
)


class Meta:
    """What a node keeps of an input it did not save: enough to shape its gradient."""

    __slots__ = ("shape", "dtype", "ndim", "_zeros")

    def __init__(self, shape, dtype):
        self.shape, self.dtype, self.ndim = shape, dtype, len(shape)
        self._zeros = None

    def zeros(self) -> np.ndarray:
        """Read-only zeros of this shape and dtype (no memory of that size), made once."""
        if self._zeros is None:
            self._zeros = np.broadcast_to(np.zeros((), self.dtype), self.shape)
        return self._zeros


class Saved:
    """A saved array and the version of the tensor it came from, checked at backward time."""

    __slots__ = ("storage", "version", "hidden", "tensor", "output_of", "index", "nonleaf")

    def __init__(self, storage, tensor, output_of, index):
        self.storage, self.version = storage, storage.version if storage else 0
        self.hidden = storage.hidden_writes if storage else 0  # `.data` writes before saving
        self.tensor = tensor  # the input tensor (its grad_fn names it in the error), or None
        self.output_of = output_of  # for a saved output: the node that produced it
        self.index = index  # which input it is (-1: the output)
        # whether the input was a non-leaf: if detach_() makes it a leaf, torch refuses it
        self.nonleaf = tensor is not None and (
            tensor._grad_fn if tensor._base is None else tensor.grad_fn) is not None


class Node:
    """A grad_fn: one op application, its edges to its inputs' nodes, and what it saved."""

    __slots__ = ("op", "params", "next", "metas", "saved", "saved_refs", "frees", "seq",
                 "pre_hooks", "owner", "retained", "out_shape", "record", "shown_next", "cast",
                 "freed_in", "packed", "__weakref__")
    checks_saved_on_run = True  # (a custom Function's ctx checks them as its backward reads them)

    def __init__(self, op, params, next_, metas, saved, saved_refs, out_shape):
        self.op, self.params, self.next, self.metas = op, params, next_, metas
        self.saved = saved  # (input arrays or Metas, output array or Meta); None once freed
        self.saved_refs = saved_refs
        self.frees = False  # whether it saved tensors torch would save (then it runs once)
        self.seq = next(_sequence)  # torch's sequence_nr: the newest ready node runs first
        self.pre_hooks: list[Callable] | None = None  # hooks of the tensor this node produced
        self.record = None  # the check's trace record of that tensor, when tracing
        self.owner = None  # a weak reference to that tensor, once it has hooks
        self.retained = None  # that tensor, when it called retain_grad()
        self.out_shape = out_shape
        self.shown_next = None  # the edges torch shows, where they differ (CopySlices, where)
        self.cast = None  # the dtype the op computed in, when a saved input had another
        self.freed_in = None  # the number of the pass that freed `saved` (PassRecord.number)
        self.packed = None  # [(Saved, what pack returned, unpack)] under saved_tensors_hooks

    def name(self) -> str:
        n = self.op.grad_fn
        return f"torch::autograd::{n}" if n in ("CopySlices", "CopyBackwards",
                                                           "NotImplemented") else n

    @property
    def next_functions(self) -> tuple:
        return tuple((e, OUTPUT_NR.get(e, 0) if e is not None else 0)
                     for e in (self.next if self.shown_next is None else self.shown_next))

    def __repr__(self) -> str:
        return f"<{self.op.grad_fn} object>"


# The nodes that stand for output k > 0 of one torch node (a fused LSTM layer's h and c): an
# edge to one shows k in next_functions, as torch's does
OUTPUT_NR: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


class AccumulateGrad:
    """The node that ends every path at a leaf: adds the incoming gradient into `.grad`."""

    __slots__ = ("variable", "seq", "post_hooks", "__weakref__")

    def __init__(self, variable):
        self.variable = variable
        self.seq = _ACCUMULATE_SEQ
        self.post_hooks: list[Callable] | None = None  # register_post_accumulate_grad_hook's

    def name(self) -> str:
        return "torch::autograd::AccumulateGrad"

    @property
    def next_functions(self) -> tuple:
        return ()

    def __repr__(self) -> str:
        return "<AccumulateGrad object>"


@dataclass
class Touched:
    """A tensor whose gradient one pass changed: what it was, what the pass added."""

    tensor: Any
    before: np.ndarray | None
    added: np.ndarray
    # .grad right after the pass added to it, when post-accumulate hooks then ran (they may
    # change it, as an optimizer step in a hook does): what the check compares
    after: np.ndarray | None = None


@dataclass
class PassRecord:
    """What one backward()/autograd.grad() did, for the listener (the cross-check)."""

    roots: list
    grad_outputs: list  # the gradient each root was seeded with (arrays)
    touched: list[Touched]
    captured: list | None  # autograd.grad's results, in the order of `inputs`
    inputs: list | None
    create_graph: bool
    capture: bool = False  # autograd.grad (results returned, .grad untouched)
    hooks: list = field(default_factory=list)  # HookCall per hooked tensor, in run order
    seed_requires_grad: bool = False  # create_graph with a seed the graph depends on (jvp's trick)
    # under seed_requires_grad, the seed tensors themselves: the check replays their records,
    # so that the gradient is a formula in the seed too (linear in it: J^T u)
    seeds: list = field(default_factory=list)
    number: int = 0  # which pass of the process this is: the nodes it frees say so (freed_in)
    # retained non-leaves whose node every edge into gave no gradient (None): skipped, as
    # torch skips them; the check asks whether sympy's derivative there is zero too
    skipped: list = field(default_factory=list)

    @property
    def hooks_ran(self) -> bool:
        return bool(self.hooks)

    @property
    def api(self) -> str:
        """Which call made the pass, as its table is headed."""
        return "autograd.grad" if self.capture else "backward"


@dataclass
class TangentRead:
    """A tangent forward AD gave a tensor, as the script read it (unpack_dual), for the check:
    sympy's Jacobian of `record` times the tangents of the primals below it is what it must be."""

    tensor: Any  # the dual tensor
    tangent: np.ndarray
    record: Any  # its forward record, down to the make_dual primals (trace.Leaf records)
    seeds: dict  # id(a make_dual primal's Leaf record) -> (that record, its tangent's values)
    api = "forward_ad"  # (as its table is headed)


@dataclass
class HookCall:
    """What a tensor's hooks received and returned in one pass: user code's input and output,
    facts the check verifies against (the input) and continues from (the output)."""

    leaf: object  # the leaf tensor whose hooks ran, or None for a non-leaf
    node: object  # the non-leaf's grad_fn, or None for a leaf (its `owner` is the tensor)
    grad_in: np.ndarray
    grad_out: np.ndarray


def _describe(array) -> str:
    sizes = ", ".join(map(str, array.shape))
    return f"[{of_array(array).legacy} [{sizes}]]"


def _short_name(node) -> str:
    n = node.name()
    if n.startswith("torch::"):
        return n
    n = n.replace("Backward", "")
    return n[:-1] if n.endswith("0") else n


def _check_saved(node) -> None:
    if node.saved is None:
        raise runtime_error(SECOND_BACKWARD)
    if node.checks_saved_on_run:
        for r in node.saved_refs:  # (a loop that finds nothing, usually: then no list)
            s = r.storage
            if s is not None and (s.version != r.version or r.nonleaf and r.tensor.grad_fn is None):
                check_saved_versions(node)


# The nodes whose saved values an unpack hook replaced, for the check (weakly: no node kept)
REPLACED_BY_UNPACK: weakref.WeakSet = weakref.WeakSet()


def torch_save_order(node) -> list:
    """The node's Saved records in the order torch saves and reads them: inputs by name
    (`other` before `self`), then outputs."""
    return sorted(node.saved_refs,
                  key=lambda r: (r.index < 0, r.index == 0 and not node.op.self_first))


def pack_saved(node, tensor_of) -> None:
    """Under saved_tensors_hooks: the innermost pack hook called on each tensor the node saves
    (`tensor_of(ref)`), its result kept for the unpack hook at backward time."""
    state = runtime.current
    hooks, numbers = state.saved_hooks, state.number_saves  # (a Python number: unhooked)
    pack, unpack = hooks[-1]
    state.saved_hooks = []  # torch runs pack with the hooks off: what pack does is not packed
    try:
        node.packed = [(ref, pack(tensor_of(ref)), unpack) for ref in torch_save_order(node)
                       if ref.tensor not in numbers]
    finally:
        state.saved_hooks = hooks


def unpack_saved(node, inputs: tuple, out, numpy_pass: bool) -> tuple:
    """The node's saved values as its unpack hooks give them back: torch computes the
    gradient from what unpack returns, whatever it is (the check then shows the difference)."""
    inputs = list(inputs)
    for ref, packed, unpack in node.packed:
        value = unpack(packed)
        if not hasattr(value, "grad_fn"):
            raise type_error("Output of saved tensor unpack_hook expected to be a Tensor but "
                             f"got result of type {type(value).__name__}")
        saved = out if ref.index < 0 else inputs[ref.index]
        if value.data.shape != saved.shape or value.data.dtype != saved.dtype:
            raise runtime_error(
                f"unpack_hook returned a tensor {_describe(value.data)} for a saved tensor "
                f"{_describe(saved)}: gradcli computes a gradient from a saved tensor of its "
                "own shape and dtype only")
        if not np.array_equal(value.data, saved, equal_nan=True):
            REPLACED_BY_UNPACK.add(node)
            if not numpy_pass:
                raise runtime_error("gradcli cannot differentiate again (create_graph) through "
                                    "a saved tensor that an unpack hook replaced")
            value = value.data
        else:
            value = saved
        if ref.index < 0:
            out = value
        else:
            inputs[ref.index] = value
    return tuple(inputs), out


def check_saved_versions(node) -> None:
    """torch's errors for a saved tensor modified in place (or detached) since it was saved."""
    spoiled = [r for r in node.saved_refs if r.storage is not None and (
        r.storage.version != r.version or r.nonleaf and r.tensor.grad_fn is None)]
    if spoiled:
        # the first in the order torch checks them: inputs by name (`other` before `self`),
        # then outputs
        first = next(r for r in torch_save_order(node) if r in spoiled)
        if first.nonleaf and first.tensor.grad_fn is None:
            raise runtime_error("Trying to use a saved tensor that has been detached in-place, "
                                "i.e. with .detach_().This is not supported, please use "
                                "out-of-place `.detach()` instead")
        _version_error(node, first)


def _version_error(node, ref) -> None:
    t = ref.tensor
    producer = ref.output_of or (t.grad_fn if t is not None else None)
    # a saved input is described as the tensor is now; a saved output as it was made
    desc = _describe(t.data if t is not None else node.saved[1])
    which = f", which is output 0 of {_short_name(producer)}," if producer else ""
    raise runtime_error(
        "one of the variables needed for gradient computation has been modified by an "
        f"inplace operation: {desc}{which} is at version {ref.storage.version}; expected "
        f"version {ref.version} instead. Hint: enable anomaly detection to find the "
        "operation that failed to compute its gradient, with "
        "torch.autograd.set_detect_anomaly(True, check_nan=False).")


def sum_to(xp, g, shape):
    """Sum a gradient back over the axes broadcasting added (once, here, for every edge), with
    torch's at::sum_to steps (under create_graph they are the gradient's grad_fn)."""
    if g.shape == tuple(shape):
        return g
    if not shape:
        return xp.sum(g)
    lead = g.ndim - len(shape)
    axes = tuple(range(lead)) + tuple(
        i + lead for i, s in enumerate(shape) if s == 1 and g.shape[i + lead] != 1)
    if axes:
        g = xp.sum(g, axis=axes, keepdims=True)
    return xp.reshape(g, shape) if lead else g


def _run_hooks(hooks, grad, wrap, unwrap):
    for hook in hooks:
        result = hook(wrap(grad))
        if result is None:
            continue
        if not hasattr(result, "data") or not hasattr(result, "grad_fn"):
            raise type_error(f"expected Variable, but hook returned '{type(result).__name__}'")
        if tuple(result.shape) != tuple(grad.shape):
            name = getattr(hook, "__name__", "hook")
            raise runtime_error(f"hook '{name}' has changed the size of value")
        grad = unwrap(result)
    return grad


def saved_values_written_behind(roots) -> bool:
    """Whether a non-leaf value that the graph under `roots` saved for its gradients was
    written through `.data` after it was saved: torch's gradient then uses the written values,
    which no replay of the recorded forward can know. (A leaf's saved value is its memory,
    as the check sees it too.) A write before saving is what the forward read, and a graph
    built after an update (`p.data -= lr * p.grad`) is checked as any other."""
    return _some_node(roots, lambda node: any(
        ref.storage is not None and ref.storage.hidden_writes != ref.hidden and
        (ref.index < 0 or ref.nonleaf) for ref in node.saved_refs))


def saved_values_replaced(roots) -> bool:
    """Whether a saved_tensors_hooks unpack hook gave a node of the graph under `roots` other
    values than it saved (the gradient uses them; no replay of the forward can know them)."""
    if not REPLACED_BY_UNPACK:  # (no hook replaced anything: no walk of the graph)
        return False
    return _some_node(roots, REPLACED_BY_UNPACK.__contains__)


def _some_node(roots, test) -> bool:
    stack = [r.grad_fn for r in roots if r.grad_fn is not None]
    seen = set()
    while stack:
        node = stack.pop()
        if id(node) in seen or not isinstance(node, Node):
            continue
        seen.add(id(node))
        if test(node):
            return True
        stack.extend(e for e in node.next if e is not None)
    return False


def _topo_deps(starts) -> dict:
    """In-degree of every node reachable from `starts`, counted with an explicit stack."""
    deps: dict = {}
    seen = set(starts)  # (nodes hash by identity) the nodes ever put on the stack
    stack = list(seen)
    clock, visited = runtime.current, 0
    while stack:
        node = stack.pop()
        visited += 1
        if not visited & CLOCK_EVERY:
            clock.count_work(CLOCK_EVERY + 1, "in backward()", "graph node visited")
        for e in getattr(node, "next", ()):
            if e is not None:
                deps[e] = deps.get(e, 0) + 1
                if e not in seen:  # each node visited once: pushed the first time it is met
                    seen.add(e)
                    stack.append(e)
    return deps


def _needed(starts, deps, targets) -> set:
    """Ids of the nodes from which some target is reachable (the part worth executing)."""
    order, ready = [], [n for n in starts if deps.get(n, 0) == 0]
    remaining = dict(deps)
    while ready:
        node = ready.pop()
        order.append(node)
        for e in getattr(node, "next", ()):
            if e is not None:
                remaining[e] -= 1
                if remaining[e] == 0:
                    ready.append(e)
    needed = set()
    for node in reversed(order):
        if id(node) in targets or any(e is not None and id(e) in needed
                                      for e in getattr(node, "next", ())):
            needed.add(id(node))
    return needed


def run_backward(roots, grads, *, keep_graph: bool, create_graph: bool,
                 inputs=None, capture: bool = False, ns=None) -> PassRecord:
    """Propagate `grads` from `roots` to the leaves (or, with capture, to `inputs`).

    `ns` is the tensor namespace (tensor.py) used to wrap arrays for hooks and, under
    create_graph, to run the VJPs differentiably.
    """
    xp = ns.XP if create_graph else opkit.NUMPY
    wrap = (lambda g: g) if create_graph else ns.wrap_grad
    unwrap = (lambda t: t) if create_graph else (lambda t: t.data)
    entries = [r.grad_fn if r.grad_fn is not None else ns.accumulator(r) for r in roots]
    buffers: dict = {}
    for e, g in zip(entries, grads):
        g = g if create_graph else g.data
        buffers[e] = buffers[e] + g if e in buffers else g
    deps = _topo_deps(set(entries))
    target_entries = None
    if inputs is not None:
        target_entries = {id(t.grad_fn if t.grad_fn is not None else ns.accumulator(t)): i
                          for i, t in enumerate(inputs)}
    needed = _needed(list(dict.fromkeys(entries)), deps, target_entries) if inputs else None
    seeded = create_graph and any(g.requires_grad for g in grads)
    record = PassRecord(list(roots), [g.data for g in grads], [], [None] * len(inputs or ()),
                        list(inputs) if inputs is not None else None, create_graph, capture,
                        seed_requires_grad=seeded, seeds=list(grads) if seeded else [],
                        number=next(_passes))
    ready = ReadyQueue()
    for e in dict.fromkeys(entries):
        if deps.get(e, 0) == 0:
            ready.push(e)
    shared: list = []  # leaves whose new .grad is an array other edges still hold (see _unshare)
    clock, visited = runtime.current, 0
    check_nan = clock.anomaly_enabled and clock.anomaly_check_nan  # anomaly mode
    try:
        while ready.heap:
            node = ready.pop()
            visited += 1
            if not visited & CLOCK_EVERY:
                clock.count_work(CLOCK_EVERY + 1, "in backward()", "graph node visited")
            if needed is not None and id(node) not in needed:
                continue
            grad = buffers.pop(node)
            if isinstance(node, AccumulateGrad):
                _accumulate(node.variable, grad, record, target_entries, capture, create_graph,
                            wrap, unwrap, ns, shared)
                continue
            if node.pre_hooks:
                _unshare(shared, ns)
                before_hooks = _array(grad)  # now: a hook may change grad in place
                grad = _run_hooks(node.pre_hooks, grad, wrap, unwrap)
                record.hooks.append(HookCall(None, node, before_hooks, _array(grad)))
            if node.retained is not None:
                _retain(node.retained, grad, record, create_graph, ns)
            if target_entries is not None and id(node) in target_entries:
                record.captured[target_entries[id(node)]] = grad
                if capture and not any(id(e) in needed for e in node.next if e is not None):
                    continue
            grads = _apply_vjp(node, grad, xp, keep_graph, record.number)
            if check_nan:
                _check_nan(node, grads)
            for e, gi in zip(node.next, grads):  # (as many: _apply_vjp made sure)
                if e is None:
                    continue
                if gi is not None:  # (None: torch's undefined gradient, norm(x, 0)'s)
                    buffers[e] = buffers[e] + gi if e in buffers else gi
                deps[e] -= 1
                if deps[e] == 0:
                    _ready_or_skipped(e, ready, buffers, deps, record.skipped)
            gi = grads = None  # (no reference left behind: see _ONLY_OURS)
    finally:
        grad = buffers = None
        _unshare(shared, ns)
    runtime.current.backward_finished(record)
    return record


class ReadyQueue:
    """The nodes ready to run, in torch's order: its engine's std::priority_queue, highest
    sequence_nr first (the newest node; AccumulateGrad before all). Ties, between leaves, fall
    as libstdc++'s binary heap lets them: hook order shows it (stack([a, b, c]): a, c, b), so
    its push_heap/pop_heap are reproduced step for step."""

    __slots__ = ("heap",)

    def __init__(self):
        self.heap: list = []

    def __bool__(self) -> bool:
        return bool(self.heap)

    def push(self, node) -> None:
        heap = self.heap
        heap.append(node)
        if len(heap) > 1:  # (a chain's queue holds one node at a time: nothing to sift)
            self._sift_up(len(heap) - 1, node)

    def pop(self):
        heap = self.heap
        top, last = heap[0], heap.pop()
        if heap:
            self._adjust(last)
        return top

    def _sift_up(self, hole: int, node) -> None:  # std::__push_heap
        heap = self.heap
        parent = (hole - 1) // 2
        while hole > 0 and heap[parent].seq < node.seq:
            heap[hole] = heap[parent]
            hole, parent = parent, (parent - 1) // 2
        heap[hole] = node

    def _adjust(self, node) -> None:  # std::__adjust_heap from the root, then __push_heap
        heap, n, hole = self.heap, len(self.heap), 0
        child = 0
        while child < (n - 1) // 2:
            child = 2 * (child + 1)
            if heap[child].seq < heap[child - 1].seq:
                child -= 1
            heap[hole] = heap[child]
            hole = child
        if n % 2 == 0 and child == (n - 2) // 2:
            child = 2 * (child + 1)
            heap[hole] = heap[child - 1]
            hole = child - 1
        self._sift_up(hole, node)


def _apply_vjp(node, grad, xp, keep_graph, number):
    if node.saved is None or node.saved_refs:  # (else there is nothing to check: add's nodes)
        _check_saved(node)
    inputs, out = node.saved if node.saved else (node.metas, _out_meta(node.out_shape))
    if node.packed and node.saved:
        inputs, out = unpack_saved(node, inputs, out, xp is opkit.NUMPY)
    if xp is not opkit.NUMPY and node.saved:
        inputs, out = xp.saved_tensors(node, inputs, out)
    elif node.cast is not None and node.saved:
        inputs = tuple(x.astype(node.cast) if isinstance(x, np.ndarray) and
                       x.dtype != node.cast else x for x in inputs)
    if node.frees and not keep_graph:
        node.saved = None  # free: a node that saved nothing can run again, as in torch
        node.freed_in = number
    grads = node.op.vjp(xp, grad, out, *inputs, **node.params)
    faults = runtime.current.faults
    if faults.names and node.op.grad_fn in faults.names:
        grads = tuple(None if g is None else faults.corrupt(g) for g in grads)
    # (an input with no edge needs no gradient: it is not summed back or cast; one of the
    # input's own shape and dtype, the usual case, is passed on as it is)
    if len(grads) != len(node.next):
        raise ValueError(f"{node.op.grad_fn}: {len(grads)} gradients for {len(node.next)} "
                         "inputs")
    passed = []  # (a loop, not a comprehension: each one is a function made, per node)
    for g, meta, edge in zip(grads, node.metas, node.next):
        if g is None or edge is None:
            passed.append(None)
        elif meta is not None and g.dtype is meta.dtype and g.shape == meta.shape:
            passed.append(g)
        else:
            passed.append(_to_input(xp, g, meta))
    return passed


def _ready_or_skipped(node, ready, buffers, deps, skipped: list) -> None:
    """A node all of whose gradients have arrived runs; where every one was undefined (None)
    it is skipped as torch skips it, and the nodes after it are told so in turn."""
    stack = [node]
    while stack:
        n = stack.pop()
        if n in buffers:
            ready.push(n)
            continue
        if getattr(n, "retained", None) is not None:
            skipped.append(n.retained)
        for e in getattr(n, "next", ()):
            if e is not None:
                deps[e] -= 1
                if deps[e] == 0:
                    stack.append(e)


def _out_meta(shape) -> Meta:
    """The output Meta of a node that saved nothing (one per shape, not one per node run)."""
    m = _OUT_METAS.get(shape)
    if m is None:
        if len(_OUT_METAS) > 1024:  # (a bound, for sessions of ever new shapes)
            _OUT_METAS.clear()
        m = _OUT_METAS[shape] = Meta(shape, None)
    return m


_OUT_METAS: dict = {}


def _check_nan(node, grads) -> None:
    """Anomaly mode's check of each gradient a node returns (torch's engine, after the node
    ran): the first one with a nan fails the pass."""
    for i, g in enumerate(grads):
        # (an array; a Tensor under create_graph; a custom Function's slots pass on others)
        array = g if isinstance(g, np.ndarray) else getattr(g, "data", None)
        if isinstance(array, np.ndarray) and np.isnan(array).any():
            runtime.current.nan_node = node
            raise runtime_error(f"Function '{node.name()}' returned nan values in its {i}th "
                                "output.")


def _to_input(xp, g, meta):
    if meta is None:  # a custom Function's OutputSlot: its node sums the outputs' gradients
        return g
    if g.shape != meta.shape:
        g = sum_to(xp, g, meta.shape)
    if g.dtype is not meta.dtype and g.dtype != meta.dtype:
        g = g.astype(meta.dtype) if xp is opkit.NUMPY else xp.cast(g, meta.dtype)
    return g


def _accumulate(t, grad, record, target_entries, capture, create_graph, wrap, unwrap, ns,
                shared):
    if t._hooks:
        _unshare(shared, ns)
        before_hooks = _array(grad)  # now: a hook may change grad in place
        grad = _run_hooks(t._hooks, grad, wrap, unwrap)
        record.hooks.append(HookCall(t, None, before_hooks, _array(grad)))
    if target_entries is not None and id(t._accumulator) in target_entries:
        record.captured[target_entries[id(t._accumulator)]] = grad
    if capture:
        return  # autograd.grad never touches .grad
    before = None if t._grad is None else t._grad.data.copy()
    owned = sys.getrefcount(grad) <= _ONLY_OURS
    if ns.accumulate_into(t, grad, create_graph) and not owned:
        shared.append(t)
    touched = Touched(t, before, grad if not create_graph else grad.data)
    record.touched.append(touched)
    if t._accumulator.post_hooks:
        _unshare(shared, ns)
        touched.after = t._grad.data.copy()
        _run_post_accumulate_hooks(t)


def _run_post_accumulate_hooks(t) -> None:
    """The leaf's post-accumulate-grad hooks, each given the leaf once its .grad holds the sum
    (torch: the hook must return None; what it did before returning stays)."""
    for hook in list(t._accumulator.post_hooks):
        if hook(t) is not None:
            raise runtime_error("Tensor post accumulate grad hooks should return None.")


# References to a gradient that only this pass holds, as _accumulate sees it: run_backward's
# `grad`, _accumulate's `grad`, getrefcount's argument. More: someone else holds it too (the
# caller's seed, another edge's buffer, a tensor, a saved value).
_ONLY_OURS = 3

# References to a new .grad's array once no one else holds it: the .grad tensor's data, the
# pass record's Touched.added, getrefcount's argument.
_GRAD_ALONE = 3


def _unshare(shared: list, ns) -> None:
    """Like torch, a new .grad is memory of its own; torch copies a gradient that another
    edge still holds (`a + b`'s two edges get the same one). gradcli lets .grad share it while
    only the engine can see both, and copies only if it is still shared when user code could
    look (before a hook runs, and at the end of the pass): most of the time the other edge
    has let go by then, and the copy is saved."""
    for t in shared:
        if sys.getrefcount(t._grad.data) > _GRAD_ALONE:
            t._grad = ns.wrap_grad(t._grad.data.copy())
    shared.clear()


def _array(grad) -> np.ndarray:
    return np.array(getattr(grad, "data", grad), copy=True)


def _retain(t, grad, record, create_graph, ns):
    # NOTE: retained grads accumulate out of place (a new tensor each time), unlike leaves:
    # torch's retain_grad hook sets grad.clone(), then .grad + grad (under create_graph both
    # keep the gradient's graph: CloneBackward0, AddBackward0).
    before = None if t._grad is None else t._grad.data.copy()
    if create_graph:
        t._grad = grad.clone() if t._grad is None else t._grad + grad
        added = grad.data
    else:
        added = grad
        t._grad = ns.wrap_grad(added.copy() if before is None else before + added)
    record.touched.append(Touched(t, before, added))
