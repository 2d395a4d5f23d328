"""gradcli's engine layer."""
import gc

import numpy as np

# inf and nan are values in torch's arithmetic, never warnings or errors: numpy is told so
# once for the process, not with an errstate context around every op (a cost per op). Code
# that wants numpy to raise still says so locally with np.errstate(...="raise").
np.seterr(all="ignore")

# A graph is many small objects that live until its backward pass. With Python's default
# thresholds (a collection every 700 new objects) the cycle collector walks them over and
# over: half the time of a long chain of ops. Collect rarely; the engine makes few cycles.
# (It also makes imports, sympy's above all, ~25% faster.)
gc.set_threshold(200_000, 50, 50)
