"""torch.nn.utils: gradient clipping and packed sequences."""
