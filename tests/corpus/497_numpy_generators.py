import numpy as np
import torch
rs = np.random.RandomState(0)
rs
a = rs.rand(2, 3).astype(np.float32)
a
rs.randn(3)
rs.randint(0, 5, size=4)
rng = np.random.default_rng(42)
rng
rng.random(3)
rng.standard_normal((2, 2))
rng.integers(0, 10, size=5)
rng.normal(0.0, 1.0, size=3)
x = torch.from_numpy(rs.rand(3).astype(np.float32)).requires_grad_()
(x ** 2).sum().backward()
x.grad
type(rs).__name__
type(rng).__name__
rs.seed(3)
rs.permutation(5)
rng.rand(2)
