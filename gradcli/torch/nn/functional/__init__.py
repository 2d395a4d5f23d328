"""torch.nn.functional over Tensors, by topic."""
