"""torch.nn.modules: the built-in module classes, one file per torch file."""
