"""The symbolic cross-check: sympy's derivative of the recorded forward, per gradient."""
