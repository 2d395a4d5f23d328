"""PyTorch's dtypes and its type-promotion rules (torch.result_type), over numpy dtypes."""
from __future__ import annotations

import numpy as np

BOOL, INT, FLOAT = 0, 1, 2  # promotion categories, lowest first


class DType:
    """A torch dtype: `torch.float32` and friends."""

    __slots__ = ("name", "np", "category", "legacy", "cpp", "c")

    def __init__(self, name: str, np_dtype, category: int, legacy: str, cpp: str, c: str):
        self.name = name  # "float32"
        self.np = np.dtype(np_dtype)
        self.category = category
        self.legacy = legacy  # "torch.FloatTensor", used in version-counter messages
        self.cpp = cpp  # "Float", c10's ScalarType name
        self.c = c  # "float", the C type name some messages use

    @property
    def is_floating_point(self) -> bool:
        return self.category == FLOAT

    @property
    def itemsize(self) -> int:
        return self.np.itemsize

    def __repr__(self) -> str:
        return f"torch.{self.name}"

    __str__ = __repr__


float16 = DType("float16", np.float16, FLOAT, "torch.HalfTensor", "Half", "c10::Half")
float32 = DType("float32", np.float32, FLOAT, "torch.FloatTensor", "Float", "float")
float64 = DType("float64", np.float64, FLOAT, "torch.DoubleTensor", "Double", "double")
uint8 = DType("uint8", np.uint8, INT, "torch.ByteTensor", "Byte", "unsigned char")
int8 = DType("int8", np.int8, INT, "torch.CharTensor", "Char", "signed char")
int16 = DType("int16", np.int16, INT, "torch.ShortTensor", "Short", "short int")
int32 = DType("int32", np.int32, INT, "torch.IntTensor", "Int", "int")
int64 = DType("int64", np.int64, INT, "torch.LongTensor", "Long", "long int")
bool_ = DType("bool", np.bool_, BOOL, "torch.BoolTensor", "Bool", "bool")

ALL = (float16, float32, float64, uint8, int8, int16, int32, int64, bool_)
_BY_NP = {d.np: d for d in ALL}
# The names torch exposes: torch.float is float32, torch.long is int64, ...
TORCH_NAMES = {
    "float16": float16, "half": float16, "float32": float32, "float": float32,
    "float64": float64, "double": float64, "uint8": uint8, "int8": int8, "int16": int16,
    "short": int16, "int32": int32, "int": int32, "int64": int64, "long": int64, "bool": bool_,
}


def of_array(a: np.ndarray) -> DType:
    return _BY_NP[a.dtype]


def promote(a: DType, b: DType) -> DType:
    """torch.promote_types: a float beats any int (int64 + float16 is float16, unlike numpy)."""
    if a is b:
        return a
    if a.category != b.category:
        return a if a.category > b.category else b
    return _BY_NP[np.promote_types(a.np, b.np)]


def parse(value) -> DType:
    """A dtype argument: a DType, or the Python types float/int/bool as torch accepts them."""
    if isinstance(value, DType):
        return value
    if value is float:
        return float64
    if value is int:
        return int64
    if value is bool:
        return bool_
    from .errors import type_error

    raise type_error(f"dtype must be a torch.dtype, not {type(value).__name__}")
