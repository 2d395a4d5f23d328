"""torch.autograd: grad modes, backward and grad, custom Functions, functional, forward AD,
gradcheck."""
