"""The PyTorch side of the differential tests: the tracer (needs torch) and the trace comparison."""
