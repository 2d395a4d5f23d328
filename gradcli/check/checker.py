"""Turns each finished backward()/autograd.grad() pass into checked gradient rows.

For every tensor the pass touched: what the engine added, what sympy says it should add,
and whether `.grad` after the call equals its value before plus that. A ledger per tensor
keeps the symbolic history, so accumulated formulas read like `2*x + 3*x**2`.
"""
from __future__ import annotations

import dataclasses
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from gradcli.engine import runtime, trace
from gradcli.engine.autograd import PassRecord, saved_values_replaced, saved_values_written_behind
from gradcli.engine.trace import Opaque
from gradcli.engine.transforms import stand_in_for
from gradcli.events.events import GradRow

from . import (
    carried,
    chained,
    custom_backward,
    matrix_form,
    missing,
    numeric,
    rules,
    second_opinion,
    structured,
    surrogates,
    tangents,
    vectorized,
)
from .compare import (
    Expectation,
    in_dtype,
    judged,
    matches,
    rounding_allowance,
    same_values,
    tolerance,
)
from .derive import MAX_EXACT_SYMBOLS, choose_sample, differentiate
from .dropped import Dropped
from .functions import functions_under, with_verdict
from .ieee import evaluate, point_of
from .records import (
    Derived,
    NotReplayable,
    TooLarge,
    graph_key,
    input_elements,
    inputs_written_behind,
    leaf_records,
    require_replayable_size,
    values_written_behind,
)
from .replay import (
    MAX_SYMBOLIC_ELEMENTS,
    DerivativeWork,
    OverBudget,
    Replay,
    SymbolTable,
    constant_array,
    require_same_nans,
    scalar_objective,
)
from .rowdata import as_json, formula_texts, number_text, same_bits, sum_text
from .second_opinion import expected_after

# Up to this many input elements, each gradient element gets its own sympy formula, which the
# table shows; past it the formulas are too long to read and the structured path goes first.
FORMULA_ELEMENTS = 256
PRODUCT_ELEMENTS = 32  # (a 2x2 @ 2x2 keeps its formulas; a 16-sample MLP does not)
REFUSED_GRAPHS = 64  # graph structures whose sympy budget was over, kept per session


@dataclass
class Target:
    tensor: object
    before: np.ndarray | None
    added: np.ndarray
    after: np.ndarray
    result: object = None  # for autograd.grad: the returned gradient (x.grad is untouched)
    missing: bool = False  # given no gradient by the pass: a row only if sympy's is not zero
    returned_by: str = "autograd.grad (.grad untouched)"  # what gave `result`


@dataclass
class _History:
    tensor: object  # kept so that its id is not reused
    value: np.ndarray
    terms: list[list[str]] | None  # per element, each call's contribution since the last reset
    verified: bool = True  # whether the check verified `value` whole (the next call's start)
    mark: int = 0  # how many .grad transforms (clip_grad_norm_...) the session had made then


class Checker:
    def __init__(self, name_of: Callable[[object], str], rtol: float | None = None,
                 atol: float | None = None, enabled: bool = True,
                 const_name: Callable[[object], str | None] | None = None,
                 names_of: Callable[[list], dict[int, str]] | None = None):
        self.name_of, self.rtol, self.atol, self.enabled = name_of, rtol, atol, enabled
        self.names_of = names_of  # name_of of many tensors at once (by id), where it is faster
        self.const_name = const_name  # a constant record's name in the script (matrix forms)
        # custom Functions the script declares surrogates: their backward is taken as given
        self.surrogates: frozenset[str] = frozenset()
        self.symbols = SymbolTable()
        self.history: dict[int, _History] = {}
        self._history_before: dict[int, _History] = {}  # as the pass found it (carried.py)
        self.derived: dict[int, Derived] = {}  # a leaf's .grad as sympy sees it, after create_graph
        self._cut_leaves: dict[int, _CutLeaf] = {}  # id(record) -> its stand-in variable
        self._stand_ins: dict[int, chained.StandIn] = {}  # id(Derived) -> its symbols' owner
        self._derived_of: dict[int, str] = {}  # id(Derived) -> the tensor it is the gradient of
        self._unnamed: dict[int, tuple[object, str]] = {}  # id(tensor) -> (tensor, its label)
        # graph structure (records.graph_key) -> why sympy's budget refused it: a loop's next
        # step of the same structure is refused at once, not counted again
        self._over_budget: OrderedDict[tuple, str] = OrderedDict()
        # id(tensor) -> its name during one pass (None outside): the script's variables do
        # not change while it is checked, and finding a parameter's name walks every module
        self._pass_names: dict[int, str] | None = None

    # ---- the pass -------------------------------------------------------------------
    def check(self, record: PassRecord) -> list[GradRow]:
        if not self.enabled:
            return self.unchecked_rows(record, "the check is off (--no-check)", "check-off")
        self._pass_names = {}
        try:
            return self._check(record)
        finally:
            self._pass_names = None

    def _check(self, record: PassRecord) -> list[GradRow]:
        targets = self._targets(record)
        if runtime.current.grad_transforms:  # (the rows replace histories a start may read)
            self._history_before = dict(self.history)
        targets += [_missing(t) for t in missing.untouched(record, [t.tensor for t in targets])]
        if self.names_of is not None:  # (the rows' names, found in one walk)
            self._pass_names.update(self.names_of([t.tensor for t in targets]))
        roots = [getattr(r, "_record", None) for r in record.roots]
        functions, ruled = functions_under(roots), rules.ruled_under(roots)
        backwards, declared, applies = custom_backward.verdicts(
            functions, self.rtol, self.atol, self._name, self.surrogates)
        expectations = self._expect(record, targets)
        if applies:
            expectations = surrogates.through_backwards(applies, targets, expectations)
        rows = []
        for t in targets:
            row = self._row(t, expectations.get(id(t.tensor)))
            if not t.missing or row.match is False:  # (a gradient rightly not given: no row)
                rows.append(rules.with_rules(
                    with_verdict(row, t.tensor, functions, backwards, declared), t.tensor,
                    ruled))
        rows += [self._hook_row(*value) for key, value in expectations.items()
                 if isinstance(key, tuple)]  # ("hook", ...): what a non-leaf's hooks received
        if record.create_graph:
            self._derive(record, [t for t in targets if not t.missing], expectations)
        return rows

    def unchecked_rows(self, record: PassRecord, reason: str, why: str) -> list[GradRow]:
        """Every row of the pass, unchecked for `reason` (in words) and `why` (a code)."""
        return [self._row(t, _unchecked(reason, why)) for t in self._targets(record)]

    def _targets(self, record: PassRecord) -> list[Target]:
        out = [Target(t.tensor, t.before, np.asarray(t.added),
                      _after(t.tensor) if t.after is None else t.after)
               for t in record.touched]
        if record.capture:
            for t, g in zip(record.inputs, record.captured, strict=True):
                if g is not None:
                    value = np.asarray(getattr(g, "data", g))
                    out.append(Target(t, None, value, value, result=g))
        return out

    def check_tangent(self, read, reason: str | None = None) -> GradRow:
        """The row of a tangent forward AD gave (an autograd.TangentRead): against sympy's
        J·v, or unchecked for `reason`."""
        target = Target(read.tensor, None, read.tangent, read.tangent, result=read.tangent,
                        returned_by="forward AD as its tangent (.grad is not touched)")
        if not self.enabled:
            reason = "the check is off (--no-check)"
        try:
            exp = tangents.unchecked(reason) if reason else \
                tangents.expect(read, self.symbols, self._name)
        except TooLarge as big:
            exp = tangents.unchecked(str(big) if isinstance(big, NotReplayable) else
                                     f"graph too large for sympy ({big})")
        row = self._row(target, exp)
        return dataclasses.replace(row, name=f"{row.name} (tangent)")

    def _expect(self, record, targets) -> dict:
        roots = [getattr(r, "_record", None) for r in record.roots]
        if any(r is None for r in roots):
            return {id(t.tensor): _unchecked("the check was off when the graph was built",
                                            "check-off")
                    for t in targets}
        if runtime.current.hidden_writes and saved_values_written_behind(record.roots):
            return {id(t.tensor): _unchecked(
                "written behind: a value saved for this gradient was changed through .data "
                "after it was saved (autograd does not see it; the gradient uses the changed "
                "value, which the forward record cannot give)", "written-behind") for t in targets}
        if saved_values_replaced(record.roots):
            return {id(t.tensor): _unchecked(
                "replaced by an unpack hook: torch.autograd.graph.saved_tensors_hooks gave "
                "the backward other values than the forward saved, and the gradient uses them "
                "(no replay of the forward can give them)", "opaque") for t in targets}
        if runtime.current.hidden_writes and values_written_behind(roots):
            return {id(t.tensor): _unchecked(
                "written behind: a tensor this graph read was changed through .data after the "
                "graph was built (autograd does not see it: the gradient reads values the "
                "forward computed from the old one, which no replay of the forward can give)",
                "written-behind") for t in targets}
        try:
            # (a graph of 1e5 ops is too large for every path: known without walking it, and
            # an elementwise one that deep would only run sympy out of Python's stack)
            require_replayable_size(roots)
            if vectorized.applies(roots) and not record.hooks and not record.seed_requires_grad:
                found = vectorized.expect(record, roots, targets, self._name, _is_intermediate)
            else:
                found = self._structured_first(record, roots, targets)
            found = second_opinion.with_chain(record, roots, targets, found)
            return second_opinion.nan_kept(record, roots, targets, found)
        except TooLarge as big:
            if not self._prefers_structure(record, roots, targets):  # (else tried first)
                try:
                    return second_opinion.nan_kept(record, roots, targets,
                                                   self._structured(record, roots, targets))
                except TooLarge as unstructured:
                    big = f"{big}, {unstructured}"
            if record.hooks:  # (finite differences cannot run user code's hooks again)
                return {id(t.tensor): _unchecked(f"a hook ran, and the graph is too large for "
                                                 f"sympy ({big})", "too-large") for t in targets}
            try:
                return numeric.expect(record, roots, targets, reason=str(big))
            except TooLarge as bigger:
                opaque = isinstance(bigger, NotReplayable)
                reason = str(bigger) if opaque else f"graph too large to check ({bigger})"
                why = "opaque" if opaque else "too-large"
                return {id(t.tensor): _unchecked(reason, why) for t in targets}

    def _structured_first(self, record, roots, targets) -> dict:
        """A graph past FORMULA_ELEMENTS, or a product of matrices past PRODUCT_ELEMENTS, gets
        no readable per-element formulas, and sympy would spend seconds to minutes building
        them: take the structured path first, exact on every element, and per-element sympy
        only where that path has no form for an op."""
        if not self._prefers_structure(record, roots, targets):
            return self._symbolic(record, roots, targets)
        try:
            return self._structured(record, roots, targets)
        except TooLarge as unstructured:
            try:
                return self._symbolic(record, roots, targets)
            except TooLarge as big:  # both said why: the numeric fallback's note says both
                raise TooLarge(f"{big}, {unstructured}") from None

    def _structured(self, record, roots, targets) -> dict:
        """The structured path's expectations, each with its gradient as a matrix form."""
        shapes: dict = {}
        found = structured.expect(record, roots, targets, shapes)
        if record.hooks:  # (the matrix form has no term for what a hook returned)
            return self._hooks_applied(record, targets, found)
        matrix_form.attach(found, roots, targets, self._name, self.const_name, shapes)
        return found

    def _hooks_applied(self, record, targets, found: dict) -> dict:
        """The structured path through hooks, cut at each hooked tensor as the symbolic path
        cuts it: what its hooks received is checked (a target's row, or its hook row), and
        what they returned is taken as given (structured.hooked)."""
        hooked, leaf_hooks = _hooks(record)
        for t in targets:
            hook = leaf_hooks.get(id(t.tensor)) or hooked.get(id(t.tensor._record))
            if hook is not None:
                found[id(t.tensor)] = self._through_hook(found[id(t.tensor)], hook)
        for rid, h in hooked.items():
            exp, target = found.pop(("hook", rid), None), _hook_target(h)
            if exp is not None and not any(t.tensor is target.tensor for t in targets):
                found[("hook", rid)] = (target, exp)
        return found

    @staticmethod
    def _prefers_structure(record, roots, targets) -> bool:
        """Also where per-element sympy would only sample a target (past MAX_EXACT_SYMBOLS
        elements): the structured path checks every element of every target."""
        try:
            size = sum(input_elements(r) for r in roots)
        except TooLarge:  # too many records to replay: no path takes it but the last
            return False
        if record.create_graph and size <= FORMULA_ELEMENTS:  # per-element formulas, which
            return False  # a second derivative differentiates (the structured path has none)
        return size > PRODUCT_ELEMENTS and (
            size > FORMULA_ELEMENTS or structured.multiplies_matrices(roots) or
            any(np.size(t.added) > MAX_EXACT_SYMBOLS for t in targets))

    def _symbolic(self, record, roots, targets) -> dict:
        """Per target, sympy's derivative of the forward. A hook is user code: the gradient it
        received is checked like any other, and what it returned is taken as given."""
        size = sum(input_elements(r) for r in roots)
        if size > MAX_SYMBOLIC_ELEMENTS:  # decided before building a single symbol
            raise TooLarge(f"inputs of {size:,} elements")
        key = self._structure(record, roots, targets)
        refused = self._over_budget.get(key) if key is not None else None
        if refused is not None:
            raise OverBudget(refused)
        hooked, leaf_hooks = _hooks(record)
        try:
            return self._derivatives(record, roots, targets, hooked, leaf_hooks,
                                     DerivativeWork())
        except OverBudget as over:
            if key is not None:
                self._over_budget[key] = str(over)
                while len(self._over_budget) > REFUSED_GRAPHS:
                    self._over_budget.popitem(last=False)
            raise

    def _structure(self, record, roots, targets) -> tuple | None:
        """The pass's structure, by which a refusal of sympy's budget is remembered; None for
        a pass with hooks (user code, whose cuts the key does not say)."""
        if record.hooks:
            return None
        try:
            # (the script's names, read only: _name would number the unnamed in another order)
            return (graph_key(roots, targets, self.name_of, remember=False), record.create_graph,
                    record.seed_requires_grad)
        except TooLarge:
            return None

    def _derivatives(self, record, roots, targets, hooked, leaf_hooks,
                     work: DerivativeWork) -> dict:
        leaves = {id(r): r for root in roots for r in leaf_records(root)}
        chain = self._chain_cuts(record, roots, targets, hooked, leaf_hooks, leaves)
        objective = self._objective(record, roots, hooked, chain)
        result = {}
        for t in targets:
            hook = leaf_hooks.get(id(t.tensor)) or hooked.get(id(t.tensor._record))
            if _is_intermediate(t.tensor) and hook is None:
                cut = {id(t.tensor._record): self._cut(t.tensor._record, t.tensor)}
                entries, source = list(cut.values()), self._objective(record, roots, hooked, cut)
            elif _is_intermediate(t.tensor):
                entries, source = [self._cut(t.tensor._record, t.tensor)], objective
            else:
                entries = [self.symbols.of(r, self._name(t.tensor)) for r in leaves.values()
                           if r.tensor is t.tensor]
                source = objective
            exp = self._derivative(source, entries, t, list(self.symbols.names.values()),
                                   work, list(chain.values()))
            result[id(t.tensor)] = exp if hook is None else self._through_hook(exp, hook)
        for rid, h in hooked.items():  # what each hooked non-leaf's hooks received
            target = _hook_target(h)
            if not any(t.tensor is target.tensor for t in targets):
                exp = self._derivative(objective, [self._cut(rid_record(h), target.tensor)],
                                       target, list(self.symbols.names.values()), work)
                result[("hook", rid)] = (target, exp)
        return result

    def _chain_cuts(self, record, roots, targets, hooked, leaf_hooks, leaves) -> dict:
        """Large first derivatives under the roots, each cut to symbols (chained.py); only
        for a pass that makes no gradient to differentiate again and targets only leaves."""
        if record.create_graph or hooked or leaf_hooks or \
                any(_is_intermediate(t.tensor) for t in targets):
            return {}
        derived = chained.derived_under(roots)
        if not derived or not chained.worth_chaining(derived):
            return {}
        entries = [self.symbols.of(r, self._name(r.tensor)) for r in leaves.values()]
        cuts = {}
        for d in derived:
            standing = self._stand_ins.get(id(d))
            if standing is None:
                standing = self._stand_ins[id(d)] = chained.stand_in(d, entries)
            cuts[id(d)] = self.symbols.of(standing, f"∂{self._derived_of.get(id(d), 'g')}")
        return cuts

    def _objective(self, record, roots, hooked: dict, extra_cuts: dict):
        """sum(v * y) over the roots, with each hooked tensor cut out and its paths replaced by
        a linear term in what its hooks returned: d/dx then follows the hooks' output."""
        cuts = {rid: self._cut(rid_record(h), owner(h)) for rid, h in hooked.items()}
        cuts.update(extra_cuts)
        dropped = Dropped()
        outputs = [(r, Replay(self.symbols, self._name, cuts, dropped).run(r)) for r in roots]
        outputs += [(rid_record(h), Replay(self.symbols, self._name, {
            k: v for k, v in cuts.items() if k != rid}, dropped).run(rid_record(h)))
            for rid, h in hooked.items()]
        for r, y in outputs:
            dropped.read(r, y)  # a root is read by its seed, a hooked tensor by its hooks
        seeds = self._seeds(record) + [h.grad_out for h in hooked.values()]
        entries = self.symbols.names.values()
        point = point_of([e.symbols for e in entries], [e.values for e in entries])
        # the numeric replay that takes over differences elementwise graphs element by element
        # (elsewhere one nan term makes every difference nan); after a write through .data
        # the forward's values are not the replay's
        if vectorized.elementwise_size(roots) >= 0 and \
                not (runtime.current.hidden_writes and inputs_written_behind(roots)):
            for (_, y), root in zip(outputs, record.roots):
                require_same_nans(lambda y=y, root=root: in_dtype(
                    evaluate(np.asarray(y, dtype=object), point), root.dtype.name), root)
        return scalar_objective([y for _, y in outputs], seeds) + dropped.term(point)

    def _seeds(self, record) -> list:
        """Each root's seed as sympy sees it: a seed that requires grad (the double-backward
        trick of jvp, hvp and jacfwd) is its replayed record, so that the gradient is a formula
        in it too (J^T u), which a pass with respect to that seed differentiates again (J v)."""
        seeds = list(record.grad_outputs)
        for i, record_ in enumerate(_seed_records(record)):
            if record_ is not None:
                seeds[i] = Replay(self.symbols, self._name).run(record_)
        return seeds

    def _through_hook(self, exp: Expectation, hook) -> Expectation:
        """A hooked tensor's gradient: sympy's value is what its hooks must have received; what
        they returned is user code's own result, so that is what accumulates."""
        received = np.asarray(hook.grad_in)
        dtype = received.dtype.name
        expected = in_dtype(exp.added, dtype)
        ok, _ = matches(received, expected, *tolerance(dtype, self.rtol, self.atol))
        note = ("its hooks received sympy's value and returned this; the row shows what they "
                "returned" if ok else
                f"its hooks received {received.astype(np.float64).tolist()}, but sympy's value "
                f"is {exp.added.tolist()}")
        added = np.asarray(hook.grad_out, dtype=np.float64) if ok else exp.added
        return Expectation(added, exp.formulas, exp.method, _clause(exp.note, note), exp.mask,
                           exp.point)

    def _cut(self, record, tensor) -> object:
        """An intermediate seen as an independent variable: one symbol table entry per record."""
        leaf = self._cut_leaves.get(id(record))
        if leaf is None:
            leaf = self._cut_leaves[id(record)] = _CutLeaf(record, tensor)
        # a record no tensor holds still needs a name of its own: one name is one sympy symbol
        return self.symbols.of(leaf, self._name(tensor if tensor is not None else leaf))

    def _derivative(self, objective, entries, target, all_symbols,
                    work: DerivativeWork, chain: list = ()) -> Expectation:
        shape = np.shape(target.added)
        if not entries:
            zeros = np.zeros(shape)
            return Expectation(zeros, np.full(shape, 0, dtype=object), "symbolic",
                               "the output does not depend on this tensor")
        sample = choose_sample(int(np.prod(shape)))
        total = None
        for e in entries:
            d = differentiate(objective, e.symbols, sample, work)
            total = d if total is None else total + d
        if chain:  # through first derivatives cut to symbols: the chain rule joins them
            chained.add_chain_terms(total, objective, chain, entries, sample, work)
        point = point_of([s.symbols for s in all_symbols], [s.values for s in all_symbols])
        mask = None
        if sample is not None:
            mask = np.zeros(total.size, dtype=bool)
            mask[sample] = True
            mask = mask.reshape(total.shape)
            picked = evaluate(np.asarray(total[mask], dtype=object), point)
            added = np.full(total.shape, np.nan)
            added[mask] = picked
            note = f"sympy on {len(sample)} sampled elements of {total.size}"
            return Expectation(added, total, "sampled", note, mask, point)
        added = evaluate(total, point)
        shown = np.vectorize(self.symbols.displayed, otypes=[object])(total)
        return Expectation(added, shown, "symbolic", "", point=point)

    # ---- rows -----------------------------------------------------------------------
    def _row(self, t: Target, exp: Expectation | None) -> GradRow:
        dtype = t.tensor.dtype.name
        rtol, atol = tolerance(dtype, self.rtol, self.atol)
        if exp is None:
            exp = _unchecked("no expectation", "not-checked")
        history = None if t.result is not None else self.history.get(id(t.tensor))
        formulas = formula_texts(exp)
        if formulas is None and exp.matrix is not None:  # one form standing for every element
            formulas = [exp.matrix.full]
        terms, note = self._accumulated(history, t, formulas, exp.note)
        accumulated = None if terms is None else [sum_text(ts) for ts in terms]
        if t.result is not None:
            note = _clause(note, f"returned by {t.returned_by}")
        expected = None
        match = None
        worst = None
        mask = exp.mask
        if exp.method != "none":
            expected = expected_after(t.before, exp.added, dtype)
            match, worst, widened = judged(t.after, expected, rtol, atol, exp.mask,
                                           rounding_allowance(exp, dtype))
            if match and widened:  # within the rounding of its sums
                note = _clause(note, "tolerance widened by the float rounding of sums of "
                                     "many terms")
            second = None if match or exp.chain is None else \
                second_opinion.second_opinion(t, exp, expected, dtype, rtol, atol)
            if second is not None:
                match, worst, expected, mask, chained_note = second
                note = _clause(note, chained_note)
        why, gap = _gap(exp, mask)
        start, carried_on = ("", "") if why or t.missing else self._start(history, t)
        if start:
            why, gap = "unchecked-start", f"unchecked start: {start}"
        note = _clause(note, carried_on) if carried_on else note
        note = f"unchecked: {note}" if exp.method == "none" else _clause(note, gap)
        if t.missing:
            note = _clause(note, missing.note(t.tensor))
        elif t.result is None:
            self.history[id(t.tensor)] = _History(t.tensor, np.array(t.after, copy=True), terms,
                                                  mark=len(runtime.current.grad_transforms),
                                                  verified=not why or match is False)
        grad = as_json(t.after)
        return GradRow(
            name=self._name(t.tensor), shape=tuple(np.shape(t.after)), dtype=dtype,
            grad=grad, added=grad if same_bits(t.after, t.added) else as_json(t.added),
            expected=None if expected is None else as_json(expected, mask),
            formula=accumulated, added_formula=formulas, method=exp.method, match=match,
            note=note, max_error=worst, tolerance=(rtol, atol),
            matrix_form=None if exp.matrix is None else matrix_form.in_table(terms, exp.matrix),
            unchecked=why)

    def _start(self, history, t: Target) -> tuple[str, str]:
        """Why the .grad this call added to was never verified ("" when it was), and a note
        clause naming the known function (clip_grad_norm_...) that carried a verified .grad
        to it."""
        start = _unchecked_start(history, t)
        if start != carried.SET_BY_HAND or not runtime.current.grad_transforms:
            return start, ""
        return carried.start(t, self._history_before, runtime.current.grad_transforms,
                             self.rtol, self.atol)

    def _hook_row(self, target: Target, exp: Expectation) -> GradRow:
        """The gradient a non-leaf's hooks received, against sympy (nothing accumulates)."""
        # the tensor's; for one that is gone, the session's default (its gradient is float64)
        dtype = (target.tensor.dtype if target.tensor is not None else
                 runtime.default_dtype()).name
        rtol, atol = tolerance(dtype, self.rtol, self.atol)
        expected = in_dtype(exp.added, dtype)
        match, worst = matches(target.after, expected, rtol, atol, exp.mask)
        name = self._name(target.tensor) if target.tensor is not None else "a hooked tensor"
        formulas = formula_texts(exp)
        why, gap = _gap(exp, exp.mask)
        note = _clause("the gradient this tensor's hooks received; .grad is not touched", gap)
        return GradRow(name=f"{name} (hook input)", shape=tuple(np.shape(target.after)),
                       dtype=dtype, grad=as_json(target.after), added=as_json(target.added),
                       expected=as_json(expected, exp.mask), formula=formulas,
                       added_formula=formulas, method=exp.method, match=match,
                       note=note, max_error=worst, tolerance=(rtol, atol), unchecked=why)

    def _accumulated(self, history, t: Target, formulas, note):
        """Each element's contributions since `.grad` was last reset, and a note on resets."""
        if formulas is None:
            return None, note
        if t.before is None:
            return [[f] for f in formulas], note
        if history is not None and history.terms is not None and \
                len(history.terms) == len(formulas) and \
                same_values(history.value, t.before):
            return [ts + [f] for ts, f in zip(history.terms, formulas, strict=True)], note
        before = np.asarray(t.before).reshape(-1)
        if not np.count_nonzero(before):
            return [[f] for f in formulas], _clause(note, ".grad was zeroed before this call")
        if len(formulas) != before.size:  # one formula for all elements: .grad's not in it
            return [[f] for f in formulas], note
        # (a value no formula made: the row says whether the check ever verified it)
        return [[number_text(v), f] for v, f in zip(before, formulas, strict=True)], note

    def _derive(self, record, targets, expectations) -> None:
        """Under create_graph, the check side of each new gradient is sympy's derivative, so a
        second derivative differentiates sympy's first one, never the engine's VJP graph."""
        roots = [r._record for r in record.roots]
        seeds = _seed_records(record)
        try:
            leaves = list({id(r): r for root in roots + [s for s in seeds if s is not None]
                           for r in leaf_records(root)}.values())
        except NotReplayable as opaque:  # roots sympy cannot see: nor can it see their gradients
            for t in targets:
                _holder(t)._record = Opaque(str(opaque))
            return
        for t in targets:
            exp = expectations.get(id(t.tensor))
            holder = _holder(t)
            if exp is None or exp.method != "symbolic" or \
                    np.shape(exp.formulas) != np.shape(holder.data):
                holder._record = Opaque("its first derivative had no per-element symbolic form, "
                                        "so a second one could only reuse the engine's rules")
                continue
            previous = self._previous_exprs(t)
            exprs = self._in_leaves(exp.formulas, t) + previous
            cut = None
            if _is_intermediate(t.tensor) and t.result is None:
                before = self.derived.get(id(t.tensor))
                earlier = before.cut[1] if before is not None and before.cut and \
                    previous is before.exprs else previous
                cut = (id(t.tensor._record), exp.formulas + earlier)
            through = None
            if _is_intermediate(t.tensor) and t.result is not None:
                symbols = self._cut(t.tensor._record, t.tensor).symbols.reshape(-1)
                through = (t.tensor._record, symbols, exp.formulas)
            derived = Derived(exprs, np.asarray(holder.data, dtype=np.float64), leaves, cut,
                              through)
            holder._record = derived
            self._derived_of[id(derived)] = self._name(t.tensor)
            if t.result is None:
                self.derived[id(t.tensor)] = derived

    def _in_leaves(self, formulas, t: Target):
        """A gradient with respect to an intermediate is in terms of its cut symbols: these
        stand for what the intermediate is made of, so that differentiating the gradient again
        (x - 0.1*grad, in a loop) reaches the leaves below it."""
        if not _is_intermediate(t.tensor):
            return formulas
        cut = self._cut(t.tensor._record, t.tensor).symbols.reshape(-1)
        made_of = Replay(self.symbols, self._name).run(t.tensor._record).reshape(-1)
        swap = dict(zip(cut, made_of, strict=True))
        return np.vectorize(lambda f: f.xreplace(swap) if hasattr(f, "xreplace") else f,
                            otypes=[object])(formulas)

    def _previous_exprs(self, t: Target):
        if t.before is None or t.result is not None:
            return 0
        prev = self.derived.get(id(t.tensor))
        if prev is not None and same_values(prev.value, t.before):
            return prev.exprs
        return constant_array(np.asarray(t.before))

    def _name(self, tensor) -> str:
        """The script's name for `tensor`; a tensor no name holds (a leaf rebound in a loop,
        still in the graph) is `tensor`, `tensor#2`, ...: sympy's symbols of one name are one."""
        if self._pass_names is None:
            return self._named(tensor)
        name = self._pass_names.get(id(tensor))
        if name is None:
            name = self._pass_names[id(tensor)] = self._named(tensor)
        return name

    def _named(self, tensor) -> str:
        name = self.name_of(tensor)
        if name:
            return name
        original = stand_in_for(tensor)
        if original is not None:  # a torch.func transform's own input: the script's tensor
            return self._named(original)
        if id(tensor) not in self._unnamed:  # the tensor is kept so that its id is not reused
            n = len(self._unnamed) + 1
            self._unnamed[id(tensor)] = (tensor, "tensor" if n == 1 else f"tensor#{n}")
        return self._unnamed[id(tensor)][1]


def _seed_records(record) -> list:
    """Per seed, the record of one that requires grad (Opaque where the check did not see it
    made), None for a constant one; [] for a pass seeded with constants only."""
    if not record.seed_requires_grad:
        return []
    return [None if not g.requires_grad else trace.record_of(g)
            if g.grad_fn is None or g._record is not None else Opaque(
                "it was seeded with a tensor that requires grad (the double-backward trick) "
                "whose graph the check did not record") for g in record.seeds]


def _holder(t: Target):
    """The tensor holding a target's new gradient: autograd.grad's result, or its .grad."""
    return t.result if t.result is not None else t.tensor._grad


class _CutLeaf:
    """An intermediate tensor seen as an independent variable (retain_grad, hooks, grad wrt
    it), valued as the forward computed it."""

    def __init__(self, record, tensor):
        self.record, self.tensor, self.version = record, tensor, 0
        value = tensor.data if tensor is not None else numeric.record_value(record)
        self.value = trace.Snapshot(np.array(value, copy=True))


def _hooks(record) -> tuple[dict, dict]:
    """The pass's hook calls: {id(non-leaf's record): call}, {id(leaf): call}."""
    return ({id(h.node.record): h for h in record.hooks
             if h.node is not None and h.node.record is not None},
            {id(h.leaf): h for h in record.hooks if h.leaf is not None})


def rid_record(hook):
    return hook.node.record


def owner(hook):
    return hook.node.owner() if hook.node.owner is not None else None


def _hook_target(hook) -> Target:
    received = np.asarray(hook.grad_in, dtype=np.float64)
    return Target(owner(hook), None, received, received)


def _is_intermediate(tensor) -> bool:
    return isinstance(getattr(tensor, "_record", None), (trace.OpRecord, Derived))


def _missing(tensor) -> Target:
    """A tensor the pass gave nothing, as if given zeros: its .grad as it is (zeros if None)."""
    g = tensor._grad
    now = np.zeros(tuple(tensor.shape)) if g is None else np.array(g.data, copy=True)
    return Target(tensor, None if g is None else now, np.zeros(now.shape), now, missing=True)


def _after(tensor) -> np.ndarray:
    g = tensor._grad
    return np.asarray(g.data if g is not None else 0.0)


def _gap(exp: Expectation, mask) -> tuple[str, str]:
    """Why a row's expectation does not verify the whole gradient, as a code and a note clause
    (`unchecked: ...`); ("", "") when it does."""
    if exp.method == "none":
        return exp.why or "not-checked", ""  # (the note is the reason)
    if exp.method == "numeric":
        return "numeric", "unchecked: finite differences, not sympy"
    left = 0 if mask is None else int(np.size(mask) - np.count_nonzero(mask))
    if left:
        return "sampled", f"unchecked: {left} of {np.size(mask)} elements not evaluated"
    return "", ""


def _unchecked_start(history, t: Target) -> str:
    """Why the .grad this call added to was never verified, "" when it was (or was None or
    zero): set by hand, or left by a call whose row was unchecked."""
    if t.before is None or t.result is not None:
        return ""
    if history is not None and same_values(history.value, t.before):
        return "" if history.verified else \
            "the .grad this call added to was left unchecked by an earlier call"
    if not np.count_nonzero(t.before):
        return ""
    return carried.SET_BY_HAND


def _unchecked(reason: str, why: str) -> Expectation:
    return Expectation(np.zeros(0), None, "none", reason, why=why)


def _clause(note: str, more: str) -> str:
    return f"{note}; {more}" if note else more
