import numpy as np

np.zeros(3)
np.ones((2, 2), dtype=np.float32)
np.arange(5)
np.arange(0.0, 1.0, 0.25)
np.linspace(0, 1, 5)
a = np.array([[1, 2], [3, 4]])
a
a.T
a.shape
a @ a
a * 1.5
a.sum(axis=0)
a[0]
a[1, 1]
a == 2
(a > 1).all()
np.float32(2.5)
print(a)
print(np.array([0.1, 0.25]))
