"""torch.utils: data loading."""
