"""An elementwise result's strides as torch's TensorIterator lays it out (engine/layout.py),
against real torch: sliced, transposed and broadcast inputs in either order."""
import numpy as np
import pytest
import torch as real

from gradcli.engine.layout import elementwise_layout


def fresh(a):
    """A contiguous copy, of a numpy array or a torch tensor."""
    return a.contiguous() if isinstance(a, real.Tensor) else np.ascontiguousarray(a)


def turned(a):
    """An (8, 4) view of a's top-left corner, transposed: columns outermost."""
    return a[:4, :8].swapaxes(0, 1)


BASE = np.arange(6 * 8 * 12, dtype=np.float32).reshape(6, 8, 12)
CASES = {  # name: (first input, second input or None), as index expressions on BASE
    "column slice": (lambda b: b[0][:, 4:8], None),
    "column slice, then contiguous": (lambda b: b[0][:, 4:8], lambda b: fresh(b[1][:, :4])),
    "contiguous, then column slice": (lambda b: fresh(b[1][:, :4]), lambda b: b[0][:, 4:8]),
    "transposed, then column slice": (lambda b: turned(b[0]), lambda b: b[1][:, 4:8]),
    "column slice, then transposed": (lambda b: b[1][:, 4:8], lambda b: turned(b[0])),
    "every other column": (lambda b: b[0][:, ::2], None),
    "3-d slice": (lambda b: b[:, 2:5, 1:9], None),
    "3-d permuted slice": (lambda b: b[:, 2:5, 1:9].swapaxes(0, 2).swapaxes(1, 2), None),
    "broadcast row, then slice": (lambda b: b[0, 0, :4], lambda b: b[0][:, 4:8]),
}


@pytest.mark.parametrize("name", CASES)
def test_elementwise_result_strides_match_torch(name):
    first, second = CASES[name]
    arrays = [first(BASE)] + ([second(BASE)] if second else [])
    ours = elementwise_layout(np.add(*arrays) if second else np.negative(arrays[0]), arrays)
    base = real.from_numpy(BASE.copy())
    tensors = [first(base)] + ([second(base)] if second else [])
    theirs = (tensors[0] + tensors[1]) if second else -tensors[0]
    assert tuple(s // ours.itemsize for s in ours.strides) == theirs.stride()
