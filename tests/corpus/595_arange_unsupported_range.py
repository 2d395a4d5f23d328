import torch
import math
for a in [(0, 1, math.inf), (0, 1, 1e-300), (0.5, math.inf), (1e20, math.nan), (-math.inf, 2.0)]:
    try:
        print(a, torch.arange(*a))
    except Exception as e:
        print(a, e)
