"""The symbolic cross-check: sympy's derivative of the recorded forward, per gradient.

The engine's trace records say which op made which tensor from what. The check replays them
a second time with each op's symbolic forward (engine.ops.Op.sym, or its numpy forward over
object arrays; replay.py) and differentiates that with sympy itself (derive.py): the engine's
VJPs are never consulted. Elementwise graphs get one formula for all elements (vectorized.py);
graphs too large for sympy are replayed in float64 and differenced (numeric.py). checker.py
turns each pass into rows, compared with the per-dtype tolerances (compare.py).
"""
