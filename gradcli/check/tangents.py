"""The check of a tangent forward AD gave (torch.autograd.forward_ad): sympy's Jacobian of the
replayed forward, down to the make_dual primals, times the tangents given to them. The
engine pushes tangents through its VJPs (the double-vjp trick, per op); sympy never sees
them, so a wrong derivative rule shows up here as it does in a backward pass."""
from __future__ import annotations

import numpy as np

from gradcli.engine.symforms import sp

from .compare import Expectation
from .derive import differentiate
from .ieee import evaluate, point_of
from .records import TooLarge, input_elements, leaf_records
from .replay import MAX_SYMBOLIC_ELEMENTS, DerivativeWork, Replay, SymbolTable, constant_array

NOTE = "J·v: sympy's Jacobian of the forward times the tangents given to make_dual"


def unchecked(reason: str) -> Expectation:
    return Expectation(np.zeros(0), None, "none", reason)


def expect(read, table: SymbolTable, name_of) -> Expectation:
    """J·v for the tangent `read` (an autograd.TangentRead), per element of the tensor."""
    size = input_elements(read.record)
    if size > MAX_SYMBOLIC_ELEMENTS:  # decided before building a single symbol
        raise TooLarge(f"inputs of {size:,} elements")
    outputs = np.asarray(Replay(table, name_of).run(read.record), dtype=object)
    primals = [read.seeds[id(r)] for r in leaf_records(read.record) if id(r) in read.seeds]
    directions = [(table.of(leaf, name_of(leaf.tensor)).symbols.reshape(-1),
                   constant_array(tangent).reshape(-1)) for leaf, tangent in primals]
    where = [{s: i for i, s in enumerate(symbols)} for symbols, _ in directions]
    work = DerivativeWork()
    products = np.empty(outputs.shape, dtype=object)
    for idx in np.ndindex(*outputs.shape):
        y = sp().sympify(outputs[idx])
        terms = []
        for (symbols, v), index in zip(directions, where, strict=True):
            # (only the primal's elements this one depends on: the rest give zeros)
            held = sorted(index[s] for s in y.free_symbols if s in index)
            partials = differentiate(y, symbols, held, work)
            terms += [partials[i] * v[i] for i in held]
        products[idx] = sp().Add(*terms)
    entries = list(table.names.values())
    point = point_of([e.symbols for e in entries], [e.values for e in entries])
    shown = np.vectorize(table.displayed, otypes=[object])(products)
    return Expectation(evaluate(products, point), shown, "symbolic", NOTE, point=point)
