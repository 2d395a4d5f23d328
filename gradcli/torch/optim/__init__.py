"""torch.optim: the optimizers and learning-rate schedulers."""
