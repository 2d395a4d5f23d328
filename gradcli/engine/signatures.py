"""The signatures of torch's builtin functions and Tensor methods, as its argument parser has them.

These are PyTorch 2.13's own strings (the ones its generated Python bindings hand to
PythonArgParser), for the functions and methods gradcli provides, overloads in torch's order;
`|deprecated` marks the hidden overloads torch still accepts. arguments.py parses them.
"""
from . import signatures_more as _more

FACTORY = ("ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
           "bool? pin_memory=False, bool? requires_grad=False")

TORCH = {
    "bilinear": ("bilinear(Tensor input1, Tensor input2, Tensor weight, Tensor? bias=None)",),
    "F.linear": ("linear(Tensor input, Tensor weight, Tensor? bias=None, *, Tensor out=None)",),
    "abs": ("abs(Tensor input, *, Tensor out=None)",),
    "add": (
        "add(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)",
        "add(Tensor input, Scalar alpha, Tensor other, *, Tensor out=None)|deprecated",
    ),
    "allclose": (
        "allclose(Tensor input, Tensor other, double rtol=1e-05, double atol=1e-08, "
        "bool equal_nan=False)",
    ),
    "amax": (
        "amax(Tensor input, IntArrayRef[1] dim=None, bool keepdim=False, *, Tensor out=None)",
    ),
    "amin": (
        "amin(Tensor input, IntArrayRef[1] dim=None, bool keepdim=False, *, Tensor out=None)",
    ),
    "arange": (
        f"arange(Scalar end, *, Tensor out=None, {FACTORY})",
        f"arange(Scalar start, Scalar end, *, {FACTORY})",
        f"arange(Scalar start, Scalar end, Scalar step=1, *, Tensor out=None, {FACTORY})",
    ),
    "argmax": ("argmax(Tensor input, int64_t? dim=None, bool keepdim=False, *, Tensor out=None)",),
    "argmin": ("argmin(Tensor input, int64_t? dim=None, bool keepdim=False, *, Tensor out=None)",),
    "atan": ("atan(Tensor input, *, Tensor out=None)",),
    "bmm": (
        "bmm(Tensor input, Tensor mat2, *, Tensor out=None)",
        "bmm(Tensor input, Tensor mat2, ScalarType out_dtype, *, Tensor out=None)",
    ),
    "cat": ("cat(TensorList tensors, int64_t dim=0, *, Tensor out=None)",),
    "chunk": ("chunk(Tensor input, int64_t chunks, int64_t dim=0)",),
    "clamp": (
        "clamp(Tensor input, Tensor? min=None, Tensor? max=None, *, Tensor out=None)",
        "clamp(Tensor input, Scalar? min=None, Scalar? max=None, *, Tensor out=None)",
    ),
    "clamp_max": (
        "clamp_max(Tensor input, Tensor max, *, Tensor out=None)",
        "clamp_max(Tensor input, Scalar max, *, Tensor out=None)",
    ),
    "clamp_min": (
        "clamp_min(Tensor input, Tensor min, *, Tensor out=None)",
        "clamp_min(Tensor input, Scalar min, *, Tensor out=None)",
    ),
    "clip": (
        "clip(Tensor input, Tensor? min=None, Tensor? max=None, *, Tensor out=None)",
        "clip(Tensor input, Scalar? min=None, Scalar? max=None, *, Tensor out=None)",
    ),
    "concat": ("concat(TensorList tensors, int64_t dim=0, *, Tensor out=None)",),
    "concatenate": ("concatenate(TensorList tensors, int64_t dim=0, *, Tensor out=None)",),
    "cos": ("cos(Tensor input, *, Tensor out=None)",),
    "conv1d": (
        "conv1d(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[1] stride=1, "
        "SymIntArrayRef[1] padding=0, SymIntArrayRef[1] dilation=1, SymInt groups=1)",
        "conv1d(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[1] stride=1, "
        "c10::string_view padding=\"valid\", SymIntArrayRef[1] dilation=1, SymInt groups=1)",
    ),
    "conv2d": (
        "conv2d(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[2] stride=1, "
        "SymIntArrayRef[2] padding=0, SymIntArrayRef[2] dilation=1, SymInt groups=1)",
        "conv2d(Tensor input, Tensor weight, Tensor? bias=None, SymIntArrayRef[2] stride=1, "
        "c10::string_view padding=\"valid\", SymIntArrayRef[2] dilation=1, SymInt groups=1)",
    ),
    "cosh": ("cosh(Tensor input, *, Tensor out=None)",),
    "cumsum": ("cumsum(Tensor input, int64_t dim, *, ScalarType? dtype=None, Tensor out=None)",),
    "div": (
        "div(Tensor input, Tensor other, *, Tensor out=None)",
        "div(Tensor input, Tensor other, *, c10::string_view? rounding_mode, Tensor out=None)",
        "div(Tensor input, Scalar other, *, c10::string_view? rounding_mode)",
    ),
    "divide": (
        "divide(Tensor input, Tensor other, *, Tensor out=None)",
        "divide(Tensor input, Tensor other, *, c10::string_view? rounding_mode, Tensor out=None)",
        "divide(Tensor input, Scalar other)",
        "divide(Tensor input, Scalar other, *, c10::string_view? rounding_mode)",
    ),
    "dot": ("dot(Tensor input, Tensor tensor, *, Tensor out=None)",),
    "empty": (
        "empty(SymIntArrayRef size, *, MemoryFormat? memory_format=None, Tensor out=None, "
        f"{FACTORY})",
    ),
    "empty_like": (f"empty_like(Tensor input, *, MemoryFormat? memory_format=None, {FACTORY})",),
    "eq": (
        "eq(Tensor input, Tensor other, *, Tensor out=None)",
        "eq(Tensor input, Scalar other, *, Tensor out=None)",
    ),
    "equal": ("equal(Tensor input, Tensor other)",),
    "exp": ("exp(Tensor input, *, Tensor out=None)",),
    "expm1": ("expm1(Tensor input, *, Tensor out=None)",),
    "eye": (
        f"eye(SymInt n, *, Tensor out=None, {FACTORY})",
        f"eye(SymInt n, SymInt m, *, Tensor out=None, {FACTORY})",
    ),
    "flatten": ("flatten(Tensor input, int64_t start_dim=0, int64_t end_dim=-1)",),
    "floor": ("floor(Tensor input, *, Tensor out=None)",),
    "ceil": ("ceil(Tensor input, *, Tensor out=None)",),
    "floor_divide": (
        "floor_divide(Tensor input, Tensor other, *, Tensor out=None)",
        "floor_divide(Tensor input, Scalar other)",
    ),
    "full": (f"full(SymIntArrayRef size, Scalar fill_value, *, Tensor out=None, {FACTORY})",),
    "full_like": (
        "full_like(Tensor input, Scalar fill_value, *, MemoryFormat? memory_format=None, "
        f"{FACTORY})",
    ),
    "gather": (
        "gather(Tensor input, int64_t dim, Tensor index, *, bool sparse_grad=False, "
        "Tensor out=None)",
    ),
    "ge": (
        "ge(Tensor input, Tensor other, *, Tensor out=None)",
        "ge(Tensor input, Scalar other, *, Tensor out=None)",
    ),
    "gt": (
        "gt(Tensor input, Tensor other, *, Tensor out=None)",
        "gt(Tensor input, Scalar other, *, Tensor out=None)",
    ),
    "index_select": ("index_select(Tensor input, int64_t dim, Tensor index, *, Tensor out=None)",),
    "isfinite": ("isfinite(Tensor input)",),
    "isnan": ("isnan(Tensor input)",),
    "le": (
        "le(Tensor input, Tensor other, *, Tensor out=None)",
        "le(Tensor input, Scalar other, *, Tensor out=None)",
    ),
    "linspace": (
        f"linspace(Tensor start, Tensor end, int64_t steps, *, Tensor out=None, {FACTORY})",
        f"linspace(Scalar start, Tensor end, int64_t steps, *, Tensor out=None, {FACTORY})",
        f"linspace(Tensor start, Scalar end, int64_t steps, *, Tensor out=None, {FACTORY})",
        f"linspace(Scalar start, Scalar end, int64_t steps, *, Tensor out=None, {FACTORY})",
    ),
    "log": ("log(Tensor input, *, Tensor out=None)",),
    "log10": ("log10(Tensor input, *, Tensor out=None)",),
    "log1p": ("log1p(Tensor input, *, Tensor out=None)",),
    "log2": ("log2(Tensor input, *, Tensor out=None)",),
    "log_softmax": (
        "log_softmax(Tensor input, int64_t dim, ScalarType? dtype=None, *, Tensor out=None)",
    ),
    "logical_not": ("logical_not(Tensor input, *, Tensor out=None)",),
    "logsumexp": (
        "logsumexp(Tensor input, IntArrayRef[1] dim, bool keepdim=False, *, Tensor out=None)",
    ),
    "lt": (
        "lt(Tensor input, Tensor other, *, Tensor out=None)",
        "lt(Tensor input, Scalar other, *, Tensor out=None)",
    ),
    "masked_fill": (
        "masked_fill(Tensor input, Tensor mask, Tensor value)",
        "masked_fill(Tensor input, Tensor mask, Scalar value)",
    ),
    "matmul": ("matmul(Tensor input, Tensor other, *, Tensor out=None)",),
    "max": (
        "max(Tensor input, *, Tensor out=None)",
        "max(Tensor input, Tensor other, *, Tensor out=None)",
        "max(Tensor input, int64_t dim, bool keepdim=False, *, TensorList[2] out=None)",
    ),
    "maximum": ("maximum(Tensor input, Tensor other, *, Tensor out=None)",),
    "mean": (
        "mean(Tensor input, *, ScalarType? dtype=None, Tensor out=None)",
        "mean(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, "
        "Tensor out=None)",
    ),
    "min": (
        "min(Tensor input, *, Tensor out=None)",
        "min(Tensor input, Tensor other, *, Tensor out=None)",
        "min(Tensor input, int64_t dim, bool keepdim=False, *, TensorList[2] out=None)",
    ),
    "minimum": ("minimum(Tensor input, Tensor other, *, Tensor out=None)",),
    "max_pool1d": (
        "max_pool1d(Tensor input, IntArrayRef[1] kernel_size, IntArrayRef[1] stride=[], "
        "IntArrayRef[1] padding=0, IntArrayRef[1] dilation=1, bool ceil_mode=False)",),
    "max_pool2d": (
        "max_pool2d(Tensor input, IntArrayRef[2] kernel_size, IntArrayRef[2] stride=[], "
        "IntArrayRef[2] padding=0, IntArrayRef[2] dilation=1, bool ceil_mode=False)",),
    "mm": (
        "mm(Tensor input, Tensor mat2, *, Tensor out=None)",
        "mm(Tensor input, Tensor mat2, ScalarType out_dtype, *, Tensor out=None)",
    ),
    "mul": ("mul(Tensor input, Tensor other, *, Tensor out=None)",),
    "multiply": (
        "multiply(Tensor input, Tensor other, *, Tensor out=None)",
        "multiply(Tensor input, Scalar other)",
    ),
    "mv": ("mv(Tensor input, Tensor vec, *, Tensor out=None)",),
    "diag": ("diag(Tensor input, int64_t diagonal=0, *, Tensor out=None)",),
    "triu": ("triu(Tensor input, int64_t diagonal=0, *, Tensor out=None)",),
    "tril": ("tril(Tensor input, int64_t diagonal=0, *, Tensor out=None)",),
    "narrow": (
        "narrow(Tensor input, int64_t dim, Tensor start, SymInt length)",
        "narrow(Tensor input, int64_t dim, SymInt start, SymInt length)",
    ),
    "ne": (
        "ne(Tensor input, Tensor other, *, Tensor out=None)",
        "ne(Tensor input, Scalar other, *, Tensor out=None)",
    ),
    "neg": ("neg(Tensor input, *, Tensor out=None)",),
    "negative": ("negative(Tensor input, *, Tensor out=None)",),
    "normal": (
        "normal(Tensor mean, Tensor std, *, Generator? generator=None, Tensor out=None)",
        "normal(Tensor mean, double std=1, *, Generator? generator=None, Tensor out=None)",
        "normal(double mean, Tensor std, *, Generator? generator=None, Tensor out=None)",
        "normal(double mean, double std, SymIntArrayRef size, *, Generator? generator=None, "
        f"Tensor out=None, {FACTORY})",
    ),
    "numel": ("numel(Tensor input)",),
    "ones": (f"ones(SymIntArrayRef size, *, Tensor out=None, {FACTORY})",),
    "ones_like": (f"ones_like(Tensor input, *, MemoryFormat? memory_format=None, {FACTORY})",),
    "outer": ("outer(Tensor input, Tensor vec2, *, Tensor out=None)",),
    "permute": ("permute(Tensor input, IntArrayRef dims)",),
    "pow": (
        "pow(Tensor input, Tensor exponent, *, Tensor out=None)",
        "pow(Scalar self, Tensor exponent, *, Tensor out=None)",
        "pow(Tensor input, Scalar exponent, *, Tensor out=None)",
    ),
    "prod": (
        "prod(Tensor input, *, ScalarType? dtype=None)",
        "prod(Tensor input, int64_t dim, bool keepdim=False, *, ScalarType? dtype=None, "
        "Tensor out=None)",
    ),
    "rand": (
        f"rand(SymIntArrayRef size, *, Generator? generator, Tensor out=None, {FACTORY})",
        f"rand(SymIntArrayRef size, *, Tensor out=None, {FACTORY})",
    ),
    "rand_like": (
        "rand_like(Tensor input, *, Generator? generator, MemoryFormat? memory_format=None, "
        f"{FACTORY})",
        f"rand_like(Tensor input, *, MemoryFormat? memory_format=None, {FACTORY})",
    ),
    "randint": (
        "randint(SymInt high, SymIntArrayRef size, *, Generator? generator, Tensor out=None, "
        f"{FACTORY})",
        f"randint(SymInt high, SymIntArrayRef size, *, Tensor out=None, {FACTORY})",
        "randint(SymInt low, SymInt high, SymIntArrayRef size, *, Generator? generator, "
        f"Tensor out=None, {FACTORY})",
        f"randint(SymInt low, SymInt high, SymIntArrayRef size, *, Tensor out=None, {FACTORY})",
    ),
    "randn": (
        f"randn(SymIntArrayRef size, *, Generator? generator, Tensor out=None, {FACTORY})",
        f"randn(SymIntArrayRef size, *, Tensor out=None, {FACTORY})",
    ),
    "randn_like": (
        "randn_like(Tensor input, *, Generator? generator, MemoryFormat? memory_format=None, "
        f"{FACTORY})",
        f"randn_like(Tensor input, *, MemoryFormat? memory_format=None, {FACTORY})",
    ),
    "randperm": (
        f"randperm(SymInt n, *, Generator? generator, Tensor out=None, {FACTORY})",
        f"randperm(SymInt n, *, Tensor out=None, {FACTORY})",
    ),
    "reciprocal": ("reciprocal(Tensor input, *, Tensor out=None)",),
    "relu": ("relu(Tensor input)",),
    "remainder": (
        "remainder(Tensor input, Tensor other, *, Tensor out=None)",
        "remainder(Scalar self, Tensor other)",
        "remainder(Tensor input, Scalar other, *, Tensor out=None)",
    ),
    "reshape": ("reshape(Tensor input, SymIntArrayRef shape)",),
    "round": (
        "round(Tensor input, *, Tensor out=None)",
        "round(Tensor input, *, int64_t decimals, Tensor out=None)",
    ),
    "rsqrt": ("rsqrt(Tensor input, *, Tensor out=None)",),
    "sigmoid": ("sigmoid(Tensor input, *, Tensor out=None)",),
    "sign": ("sign(Tensor input, *, Tensor out=None)",),
    "sin": ("sin(Tensor input, *, Tensor out=None)",),
    "sinh": ("sinh(Tensor input, *, Tensor out=None)",),
    "softmax": ("softmax(Tensor input, int64_t dim, ScalarType? dtype=None, *, Tensor out=None)",),
    "sqrt": ("sqrt(Tensor input, *, Tensor out=None)",),
    "square": ("square(Tensor input, *, Tensor out=None)",),
    "squeeze": (
        "squeeze(Tensor input)",
        "squeeze(Tensor input, int64_t dim)",
        "squeeze(Tensor input, IntArrayRef dim)",
    ),
    "stack": ("stack(TensorList tensors, int64_t dim=0, *, Tensor out=None)",),
    "std": (
        "std(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False, *, "
        "Tensor out=None)",
        "std(Tensor input, IntArrayRef[1]? dim=None, *, Scalar? correction=None, "
        "bool keepdim=False, Tensor out=None)",
        "std(Tensor input, bool unbiased=True)",
    ),
    "sub": (
        "sub(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)",
        "sub(Tensor input, Scalar alpha, Tensor other, *, Tensor out=None)|deprecated",
    ),
    "subtract": (
        "subtract(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)",
        "subtract(Tensor input, Scalar other, Scalar alpha=1)",
    ),
    "sum": (
        "sum(Tensor input, *, ScalarType? dtype=None)",
        "sum(Tensor input, IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, "
        "Tensor out=None)",
    ),
    "swapaxes": ("swapaxes(Tensor input, int64_t axis0, int64_t axis1)",),
    "t": ("t(Tensor input)",),
    "tan": ("tan(Tensor input, *, Tensor out=None)",),
    "tanh": ("tanh(Tensor input, *, Tensor out=None)",),
    "tensor": (
        "tensor(PyObject* data, *, ScalarType dtype=None, Device? device=None, "
        "bool pin_memory=False, bool requires_grad=False)",
    ),
    "transpose": ("transpose(Tensor input, int64_t dim0, int64_t dim1)",),
    "true_divide": (
        "true_divide(Tensor input, Tensor other, *, Tensor out=None)",
        "true_divide(Tensor input, Scalar other)",
    ),
    "unbind": ("unbind(Tensor input, int64_t dim=0)",),
    "unsqueeze": ("unsqueeze(Tensor input, int64_t dim)",),
    "var": (
        "var(Tensor input, IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False, *, "
        "Tensor out=None)",
        "var(Tensor input, IntArrayRef[1]? dim=None, *, Scalar? correction=None, "
        "bool keepdim=False, Tensor out=None)",
        "var(Tensor input, bool unbiased=True)",
    ),
    "where": (
        "where(Tensor condition)",
        "where(Tensor condition, Tensor input, Tensor other, *, Tensor out=None)",
        "where(Tensor condition, Scalar self, Tensor other)",
        "where(Tensor condition, Tensor input, Scalar other)",
        "where(Tensor condition, Scalar self, Scalar other)",
    ),
    "zeros": (f"zeros(SymIntArrayRef size, *, Tensor out=None, {FACTORY})",),
    "zeros_like": (f"zeros_like(Tensor input, *, MemoryFormat? memory_format=None, {FACTORY})",),
}

METHODS = {
    "add": (
        "add(Tensor other, *, Scalar alpha=1)",
        "add(Scalar alpha, Tensor other)|deprecated",
    ),
    "add_": (
        "add_(Tensor other, *, Scalar alpha=1)",
        "add_(Scalar alpha, Tensor other)|deprecated",
    ),
    "allclose": (
        "allclose(Tensor other, double rtol=1e-05, double atol=1e-08, bool equal_nan=False)",
    ),
    "amax": ("amax(IntArrayRef[1] dim=None, bool keepdim=False)",),
    "amin": ("amin(IntArrayRef[1] dim=None, bool keepdim=False)",),
    "argmax": ("argmax(int64_t? dim=None, bool keepdim=False)",),
    "argmin": ("argmin(int64_t? dim=None, bool keepdim=False)",),
    "bool": ("bool(*, MemoryFormat? memory_format=None)",),
    "chunk": ("chunk(int64_t chunks, int64_t dim=0)",),
    "clamp": (
        "clamp(Tensor? min=None, Tensor? max=None)",
        "clamp(Scalar? min=None, Scalar? max=None)",
    ),
    "clamp_": (
        "clamp_(Tensor? min=None, Tensor? max=None)",
        "clamp_(Scalar? min=None, Scalar? max=None)",
    ),
    "clamp_max": (
        "clamp_max(Tensor max)",
        "clamp_max(Scalar max)",
    ),
    "clamp_max_": (
        "clamp_max_(Tensor max)",
        "clamp_max_(Scalar max)",
    ),
    "clamp_min": (
        "clamp_min(Tensor min)",
        "clamp_min(Scalar min)",
    ),
    "clamp_min_": (
        "clamp_min_(Tensor min)",
        "clamp_min_(Scalar min)",
    ),
    "clip": (
        "clip(Tensor? min=None, Tensor? max=None)",
        "clip(Scalar? min=None, Scalar? max=None)",
    ),
    "clone": ("clone(*, MemoryFormat? memory_format=None)",),
    "contiguous": ("contiguous(*, MemoryFormat memory_format=contiguous_format)",),
    "copy_": (
        "copy_(Tensor other, bool non_blocking=False)",
        "copy_(Tensor other, bool async=False)|deprecated",
    ),
    "cumsum": ("cumsum(int64_t dim, *, ScalarType? dtype=None)",),
    "div": (
        "div(Tensor other)",
        "div(Tensor other, *, c10::string_view? rounding_mode)",
        "div(Scalar other, *, c10::string_view? rounding_mode)",
    ),
    "div_": (
        "div_(Tensor other)",
        "div_(Tensor other, *, c10::string_view? rounding_mode)",
        "div_(Scalar other, *, c10::string_view? rounding_mode)",
    ),
    "divide": (
        "divide(Tensor other)",
        "divide(Tensor other, *, c10::string_view? rounding_mode)",
        "divide(Scalar other)",
        "divide(Scalar other, *, c10::string_view? rounding_mode)",
    ),
    "dot": ("dot(Tensor tensor)",),
    "double": ("double(*, MemoryFormat? memory_format=None)",),
    "eq": (
        "eq(Tensor other)",
        "eq(Scalar other)",
    ),
    "equal": ("equal(Tensor other)",),
    "expand": ("expand(SymIntArrayRef size, *, bool implicit=False)",),
    "expand_as": ("expand_as(Tensor other)",),
    "uniform_": ("uniform_(double from=0, double to=1, *, Generator? generator=None)",),
    "normal_": ("normal_(double mean=0, double std=1, *, Generator? generator=None)",),
    "fill_": (
        "fill_(Tensor value)",
        "fill_(Scalar value)",
    ),
    "flatten": ("flatten(int64_t start_dim=0, int64_t end_dim=-1)",),
    "float": ("float(*, MemoryFormat? memory_format=None)",),
    "floor_divide": (
        "floor_divide(Tensor other)",
        "floor_divide(Scalar other)",
    ),
    "gather": ("gather(int64_t dim, Tensor index, *, bool sparse_grad=False)",),
    "ge": (
        "ge(Tensor other)",
        "ge(Scalar other)",
    ),
    "gt": (
        "gt(Tensor other)",
        "gt(Scalar other)",
    ),
    "half": ("half(*, MemoryFormat? memory_format=None)",),
    "index_select": ("index_select(int64_t dim, Tensor index)",),
    "int": ("int(*, MemoryFormat? memory_format=None)",),
    "is_contiguous": ("is_contiguous(*, MemoryFormat memory_format=contiguous_format)",),
    "le": (
        "le(Tensor other)",
        "le(Scalar other)",
    ),
    "log_softmax": ("log_softmax(int64_t dim, ScalarType? dtype=None)",),
    "logsumexp": ("logsumexp(IntArrayRef[1] dim, bool keepdim=False)",),
    "long": ("long(*, MemoryFormat? memory_format=None)",),
    "lt": (
        "lt(Tensor other)",
        "lt(Scalar other)",
    ),
    "masked_fill": (
        "masked_fill(Tensor mask, Tensor value)",
        "masked_fill(Tensor mask, Scalar value)",
    ),
    "masked_fill_": (
        "masked_fill_(Tensor mask, Tensor value)",
        "masked_fill_(Tensor mask, Scalar value)",
    ),
    "matmul": ("matmul(Tensor other)",),
    "max": (
        "max()",
        "max(Tensor other)",
        "max(int64_t dim, bool keepdim=False)",
    ),
    "maximum": ("maximum(Tensor other)",),
    "mean": (
        "mean(*, ScalarType? dtype=None)",
        "mean(IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None)",
    ),
    "min": (
        "min()",
        "min(Tensor other)",
        "min(int64_t dim, bool keepdim=False)",
    ),
    "minimum": ("minimum(Tensor other)",),
    "mm": ("mm(Tensor mat2)",),
    "mul": ("mul(Tensor other)",),
    "mul_": ("mul_(Tensor other)",),
    "multiply": (
        "multiply(Tensor other)",
        "multiply(Scalar other)",
    ),
    "mv": ("mv(Tensor vec)",),
    "diag": ("diag(int64_t diagonal=0)",),
    "triu": ("triu(int64_t diagonal=0)",),
    "tril": ("tril(int64_t diagonal=0)",),
    "narrow": (
        "narrow(int64_t dim, Tensor start, SymInt length)",
        "narrow(int64_t dim, SymInt start, SymInt length)",
    ),
    "ne": (
        "ne(Tensor other)",
        "ne(Scalar other)",
    ),
    "new_full": (f"new_full(SymIntArrayRef size, Scalar fill_value, *, {FACTORY})",),
    "new_ones": (f"new_ones(SymIntArrayRef size, *, {FACTORY})",),
    "new_tensor": (
        "new_tensor(PyObject* data, *, ScalarType dtype=None, Device? device=None, "
        "bool requires_grad=False)",
    ),
    "new_zeros": (f"new_zeros(SymIntArrayRef size, *, {FACTORY})",),
    "outer": ("outer(Tensor vec2)",),
    "permute": ("permute(IntArrayRef dims)",),
    "pow": (
        "pow(Tensor exponent)",
        "pow(Scalar exponent)",
    ),
    "pow_": (
        "pow_(Tensor exponent)",
        "pow_(Scalar exponent)",
    ),
    "prod": (
        "prod(*, ScalarType? dtype=None)",
        "prod(int64_t dim, bool keepdim=False, *, ScalarType? dtype=None)",
    ),
    "remainder": (
        "remainder(Tensor other)",
        "remainder(Scalar other)",
    ),
    "repeat": ("repeat(SymIntArrayRef repeats)",),
    "requires_grad_": ("requires_grad_(bool requires_grad=True)",),
    "reshape": ("reshape(SymIntArrayRef shape)",),
    "reshape_as": ("reshape_as(Tensor other)",),
    "round": (
        "round()",
        "round(*, int64_t decimals)",
    ),
    "size": ("size(int64_t? dim=None)",),
    "softmax": ("softmax(int64_t dim, ScalarType? dtype=None)",),
    "squeeze": (
        "squeeze()",
        "squeeze(int64_t dim)",
        "squeeze(IntArrayRef dim)",
    ),
    "std": (
        "std(IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False)",
        "std(IntArrayRef[1]? dim=None, *, Scalar? correction=None, bool keepdim=False)",
        "std(bool unbiased=True)",
    ),
    "sub": (
        "sub(Tensor other, *, Scalar alpha=1)",
        "sub(Scalar alpha, Tensor other)|deprecated",
    ),
    "sub_": (
        "sub_(Tensor other, *, Scalar alpha=1)",
        "sub_(Scalar alpha, Tensor other)|deprecated",
    ),
    "subtract": (
        "subtract(Tensor other, *, Scalar alpha=1)",
        "subtract(Scalar other, Scalar alpha=1)",
    ),
    "sum": (
        "sum(*, ScalarType? dtype=None)",
        "sum(IntArrayRef[1]? dim, bool keepdim=False, *, ScalarType? dtype=None)",
    ),
    "swapaxes": ("swapaxes(int64_t axis0, int64_t axis1)",),
    "to": (
        "to(Device device=None, ScalarType dtype=None, bool non_blocking=False, bool copy=False, "
        "*, MemoryFormat? memory_format=None)",
        "to(ScalarType dtype, bool non_blocking=False, bool copy=False, *, "
        "MemoryFormat? memory_format=None)",
        "to(Tensor tensor, bool non_blocking=False, bool copy=False, *, "
        "MemoryFormat? memory_format=None)",
    ),
    "transpose": ("transpose(int64_t dim0, int64_t dim1)",),
    "true_divide": (
        "true_divide(Tensor other)",
        "true_divide(Scalar other)",
    ),
    "type": (
        "type(PyObject* dtype=None, bool non_blocking=False, *, MemoryFormat? memory_format=None)",
        "type(PyObject* dtype=None, bool async=False, *, "
        "MemoryFormat? memory_format=None)|deprecated",
    ),
    "type_as": ("type_as(Tensor other)",),
    "unbind": ("unbind(int64_t dim=0)",),
    "unsqueeze": ("unsqueeze(int64_t dim)",),
    "var": (
        "var(IntArrayRef[1]? dim, bool unbiased=True, bool keepdim=False)",
        "var(IntArrayRef[1]? dim=None, *, Scalar? correction=None, bool keepdim=False)",
        "var(bool unbiased=True)",
    ),
    "view": (
        "view(ScalarType dtype)",
        "view(SymIntArrayRef size)",
    ),
    "view_as": ("view_as(Tensor other)",),
    "where": (
        "where(Tensor condition, Tensor other)",
        "where(Tensor condition, Scalar other)",
    ),
}

# The torch._C._nn functions torch.nn.functional's Python code hands its arguments to.
NN = {
    "adaptive_avg_pool2d": (
        "adaptive_avg_pool2d(Tensor input, SymIntArrayRef[2] output_size, *, Tensor out=None)",),
    "avg_pool2d": (
        "avg_pool2d(Tensor input, IntArrayRef[2] kernel_size, IntArrayRef[2] stride=None, "
        "IntArrayRef[2] padding=0, bool ceil_mode=False, bool count_include_pad=True, "
        "int64_t? divisor_override=None, *, Tensor out=None)",),
    "binary_cross_entropy": (
        "binary_cross_entropy(Tensor input, Tensor target, Tensor? weight=None, "
        "int64_t reduction=at::Reduction::Mean, *, Tensor out=None)",),
    "binary_cross_entropy_with_logits": (
        "binary_cross_entropy_with_logits(Tensor input, Tensor target, Tensor? weight=None, "
        "Tensor? pos_weight=None, int64_t reduction=at::Reduction::Mean)",),
    "cross_entropy_loss": (
        "cross_entropy_loss(Tensor input, Tensor target, Tensor? weight=None, "
        "int64_t reduction=at::Reduction::Mean, SymInt ignore_index=-100, "
        "double label_smoothing=0.0)",),
    "leaky_relu": ("leaky_relu(Tensor input, Scalar negative_slope=0.01, *, Tensor out=None)",),
    "mse_loss": ("mse_loss(Tensor input, Tensor target, int64_t reduction=at::Reduction::Mean, "
                 "*, Tensor out=None)",),
    "max_pool2d_with_indices": (
        "max_pool2d_with_indices(Tensor input, IntArrayRef[2] kernel_size, "
        "IntArrayRef[2] stride=[], IntArrayRef[2] padding=0, IntArrayRef[2] dilation=1, "
        "bool ceil_mode=False)",),
    "nll_loss_nd": (
        "nll_loss_nd(Tensor input, Tensor target, Tensor? weight=None, "
        "int64_t reduction=at::Reduction::Mean, SymInt ignore_index=-100)",),
}

# The methods and functions that take no arguments at all (Python's METH_NOARGS messages).
NOARGS_METHODS = frozenset(
    "abs abs_ atan cos cos_ cosh detach detach_ dim exp exp_ expm1 floor ceil is_floating_point "
    "is_inference isfinite isnan item log log10 log1p log2 log_ logical_not neg neg_ negative "
    "nelement numel reciprocal relu relu_ retain_grad rsqrt sigmoid sigmoid_ sign sin sin_ sinh "
    "sqrt sqrt_ square t tan tanh tanh_ tolist zero_".split())
NOARGS_FUNCTIONS = frozenset({"is_grad_enabled"})

TORCH.update(_more.TORCH)
METHODS.update(_more.METHODS)
NOARGS_METHODS |= _more.NOARGS_METHODS
