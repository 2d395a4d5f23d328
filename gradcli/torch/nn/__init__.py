"""torch.nn: modules, the functional API, init and utils."""
