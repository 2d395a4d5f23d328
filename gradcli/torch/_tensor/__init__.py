"""Tensor operations of the torch namespace (and their Tensor methods), by kind."""
