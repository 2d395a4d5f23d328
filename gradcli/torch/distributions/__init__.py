"""torch.distributions: the distributions RL and VAE programs use, one module per family as
torch has them, each Python over gradcli's torch ops as torch's own is over its ops (so a
log_prob's graph has torch's nodes and the check verifies it as any other composition)."""
