"""Every op of the table, checked two ways from one example session each:
the cross-check agrees with the engine, and the cross-check catches the op's VJP when it is
deliberately wrong (GRADCLI_FAULT scales what that node passes on by 1.5)."""
import pytest

from gradcli.app.api import run_session
from gradcli.app.running import RunOptions
from gradcli.engine.ops import OPS

SETUP = """import torch
x = torch.tensor([[0.5, -1.2, 2.0], [1.5, 0.3, -0.7]], requires_grad=True)
p = torch.tensor([[0.5, 1.2, 2.0], [1.5, 0.3, 0.7]], requires_grad=True)
v = torch.tensor([0.4, 1.1, -0.6], requires_grad=True)
b = torch.tensor([0.1, -0.2], requires_grad=True)
"""
# op -> the statements that make `out` with it
EXAMPLES = {
    "neg": "out = -x", "exp": "out = x.exp()", "log": "out = p.log()", "sin": "out = x.sin()",
    "cos": "out = torch.cos(x)", "tan": "out = (x * 0.5).tan()", "tanh": "out = x.tanh()",
    "sigmoid": "out = torch.sigmoid(x)", "relu": "out = x.relu()", "sqrt": "out = p.sqrt()",
    "rsqrt": "out = p.rsqrt()", "reciprocal": "out = p.reciprocal()", "abs": "out = x.abs()",
    "sign": "out = x.sign() + x", "log1p": "out = p.log1p()", "expm1": "out = x.expm1()",
    "log2": "out = p.log2()", "log10": "out = p.log10()", "sinh": "out = x.sinh()",
    "cosh": "out = x.cosh()", "atan": "out = x.atan()", "floor": "out = x.floor() + x", "ceil": "out = torch.ceil(x) + x",
    "round": "out = x.round() + x", "round_decimals": "out = x.round(decimals=1) + x",
    "div_rounding": "out = torch.div(x, p + 0.3, rounding_mode='trunc') + x * p", "leaky_relu": "out = F.leaky_relu(x, 0.2)",
    "clone": "out = x.clone()", "contiguous": "out = x.t().contiguous()", "to_copy": "out = x.double()",
    "copy_grad": "(x ** 3).sum().backward(create_graph=True)\nout = x.grad",
    "pow": "out = x ** 3", "clamp": "out = x.clamp(-1, 1)",
    "clamp_tensor": "out = x.clamp(p * -0.5, p)", "clamp_min": "out = x.clamp_min(0.1)",
    "clamp_max": "out = x.clamp_max(0.5)", "clamp_min_tensor": "out = x.clamp_min(p * -0.5)",
    "clamp_max_tensor": "out = x.clamp_max(p * 0.5)",
    "add": "out = x + p", "sub": "out = x - p",
    "rsub": "out = 1 - x", "mul": "out = x * p", "div": "out = x / p",
    "pow_tensor": "out = p ** x", "rpow": "out = 2 ** x",
    "maximum": "out = torch.maximum(x, p * 0.5)", "minimum": "out = torch.minimum(x, p * 0.5)",
    "where": "out = torch.where(x > 0, x, p)", "sum": "out = x.sum()",
    "sum_dim": "out = x.sum(1)", "mean": "out = x.mean()", "mean_dim": "out = x.mean(dim=0)",
    "prod": "out = v.prod()", "prod_dim": "out = x.prod(1)", "max": "out = x.max()", "min": "out = x.min()",
    "amax": "out = x.amax(1)", "amin": "out = x.amin(0)", "max_dim": "out = x.max(1).values",
    "min_dim": "out = x.min(dim=0).values", "norm": "out = x.norm() + x.norm(dim=1).sum() + x.norm(p=1) + x.norm(3)",
    "var": "out = x.var(1)", "std": "out = x.std()", "logsumexp": "out = x.logsumexp(1)",
    "repeat": "out = x.repeat(2, 1, 2)",
    "cumsum": "out = x.cumsum(1)", "softmax": "out = x.softmax(1)",
    "log_softmax": "out = torch.log_softmax(x, dim=1)", "mm": "out = x @ p.t()",
    "backward_hook": "m = torch.nn.Tanh()\n"
                     "m.register_full_backward_hook(lambda mod, gin, gout: None)\nout = m(x)",
    "mv": "out = x @ v", "dot": "out = v.dot(v * v)",
    "bmm": "out = x.reshape(1, 2, 3) @ p.reshape(1, 3, 2)", "addmm": "out = F.linear(x, p, b)",
    "trilinear": "out = F.bilinear(x, p, torch.stack([x.t() @ p, p.t() @ x]))",
    "view": "out = x.view(3, 2)", "reshape_alias": "out = x.t().reshape(3, 2, 1)", "unsafe_view": "out = x.t().reshape(6)",
    "squeeze": "out = x.reshape(2, 1, 3).squeeze()",
    "squeeze_dim": "out = x.unsqueeze(0).squeeze(0)", "squeeze_last": "out = v @ p.t()",
    "unsqueeze": "out = x.unsqueeze(1)", "t": "out = x.t()", "permute": "out = x.permute(1, 0)",
    "transpose": "out = x.transpose(0, 1)", "expand": "out = v.expand(2, 3)",
    "select": "out = x[1]", "slice": "out = x[:, 1:]", "index": "out = x[[1, 0, 1]]",
    "index_select": "out = x.index_select(1, torch.tensor([2, 0]))",
    "gather": "out = x.gather(1, torch.tensor([[0, 2], [1, 1]]))",
    "masked_fill": "out = x.masked_fill(x > 1, 0.0)",
    "masked_fill_tensor": "out = x.masked_fill(x > 1, v[0] * 2)",
    "norm_aten": "out = F.pairwise_distance(x, p, p=3.0)",
    "roll": "out = x.roll((1, -1), (0, 1))", "cumprod": "out = x.cumprod(1)",
    "scatter": "out = p.scatter(1, torch.tensor([[2], [0]]), x[:, :1] * 2)",
    "index_add": "out = p.index_add(1, torch.tensor([2, 2]), x[:, 1:], alpha=0.5)",
    "index_put": "out = x * 1\nout[[1, 0]] = p[0] * v", "alias": "out = x[...]",
    "diag_embed": "out = torch.diag(v, 1) * 2", "diagonal_copy": "out = x.diag(1) + x.diag()",
    "diagonal": "out = torch.einsum('ii->i', x @ p.t()) * v[:2] + x.diagonal(1) * p.diagonal()",
    "diagonal_backward": "(out,) = torch.autograd.grad((torch.einsum('ii->i', x[:, :2]) ** 3)"
                         ".sum(), x, create_graph=True)",
    "dual_primal": "with torch.autograd.forward_ad.dual_level():\n"
                   "    out = torch.autograd.forward_ad.unpack_dual(torch.autograd.forward_ad."
                   "make_dual(x, torch.ones(2, 3))).primal",
    "fill_tensor": "out = x * 1\nout[:] = v[1]",
    "copy_slices": "out = torch.zeros(2, 3)\nout[0] = v * x[1]",
    "as_strided": "y = x * 1\nv = y[1]\nv.mul_(3)\nout = v * p[0]",
    "cat": "out = torch.cat([x, p])", "stack": "out = torch.stack([x, p], dim=1)",
    "unbind": "out = torch.unbind(x)[1]", "split": "out = x.split(1, dim=0)[1]",
    "split_with_sizes": "out = x.split([1, 1], dim=0)[1]",
    "unsafe_split": "out = torch.nn.GRUCell(3, 2)(x)",  # its gates are unsafe_chunk pieces
    "transpose_": "out = torch.nn.RNN(3, 2, batch_first=True)(x.unsqueeze(0))[0]",
    "mkldnn_rnn_layer": "out = torch.nn.LSTM(3, 2)(x.unsqueeze(1))[0]",
    "triu": "out = torch.triu(x, 1) + x", "tril": "out = x.tril(-1) * 3",
    "pack_padded_sequence": "out = torch.nn.utils.rnn.pack_padded_sequence(torch.stack([x, x * p"
                            ", p]), [2, 2, 1], batch_first=True).data",
    "fill": "y = x * 1\ny.fill_(2.0)\nout = y + x", "zero": "y = x * 1\ny.zero_()\nout = y + x",
    "uniform": "y = x * 1\ny.uniform_(-1, 1)\nout = y * x",
    "normal": "y = x * 1\ny.normal_(0.5, 2.0)\nout = y * x",
    "exponential": "y = x * 1\ny.exponential_(2.0)\nout = y * x",
    "cauchy": "y = x * 1\ny.cauchy_(0.5, 2.0)\nout = y * x",
    "random": "y = x * 1\ny.random_()\nout = y * x",
    "random_to": "y = x * 1\ny.random_(5)\nout = y * x",
    "random_from_to": "y = x * 1\ny.random_(-3, 3)\nout = y * x",
    "normal_tensor_float": "out = torch.normal(x, 2.0) * x",
    "normal_float_tensor": "out = torch.normal(0.5, p) * x",
    "normal_tensor_tensor": "out = torch.normal(x, p) * x",
    "copy": "y = x * 1\ny.copy_(p)\nout = y * 2",
    "index_backward": "(out,) = torch.autograd.grad((x[[1]] ** 3).sum(), x, create_graph=True)",
    "select_backward": "(out,) = torch.autograd.grad((x[1] ** 3).sum(), x, create_graph=True)",
    "slice_backward":
        "(out,) = torch.autograd.grad((x[:, 1:] ** 3).sum(), x, create_graph=True)",
    "flip": "(out,) = torch.autograd.grad((x.cumsum(1) ** 3).sum(), x, create_graph=True)",
    "mul_scalar":
        "(out,) = torch.autograd.grad((x.add(p, alpha=2) ** 3).sum(), p, create_graph=True)",
    "div_scalar": "(out,) = torch.autograd.grad((x.mean(1) ** 3).sum(), x, create_graph=True)",
    "scatter_src":
        "(out,) = torch.autograd.grad((x.max(1).values ** 3).sum(), x, create_graph=True)",
    "scatter_add_src": "(out,) = torch.autograd.grad(\n"
                       "    (x.gather(1, torch.tensor([[0, 2], [1, 1]])) ** 3).sum(), x,\n"
                       "    create_graph=True)",
    "index_add_src": "(out,) = torch.autograd.grad(\n"
                     "    (x.index_select(1, torch.tensor([2, 0])) ** 3).sum(), x, create_graph=True)",
    "tanh_backward": "(out,) = torch.autograd.grad((x.tanh() ** 3).sum(), x, create_graph=True)",
    "sigmoid_backward":
        "(out,) = torch.autograd.grad((x.sigmoid() ** 3).sum(), x, create_graph=True)",
    "threshold_backward":
        "(out,) = torch.autograd.grad(((-x).relu() ** 3).sum(), x, create_graph=True)",
    "leaky_relu_backward":
        "(out,) = torch.autograd.grad((F.leaky_relu(x, 0.2) ** 3).sum(), x, create_graph=True)",
    "softmax_backward":
        "(out,) = torch.autograd.grad((x.softmax(1) ** 3).sum(), x, create_graph=True)",
    "log_softmax_backward":
        "(out,) = torch.autograd.grad((x.log_softmax(1) ** 3).sum(), x, create_graph=True)",
    "mse_loss_backward":
        "(out,) = torch.autograd.grad(F.mse_loss(x, p) ** 3, x, create_graph=True)",
    "nll_loss_backward": "(out,) = torch.autograd.grad(\n"
                         "    F.nll_loss(x.log_softmax(1), torch.tensor([2, 0])) ** 3, x,\n"
                         "    create_graph=True)",
    "masked_slots": "y = x * 1\ny[0] = v ** 2\n"
                    "(out,) = torch.autograd.grad((y ** 3).sum(), x, create_graph=True)",
    "mse_loss": "out = F.mse_loss(x, p)",
    "bce_logits": "out = F.binary_cross_entropy_with_logits(\n"
                  "    x, p.sigmoid(), pos_weight=torch.tensor([1.5, 2.0, 0.5]))",
    "bce": "out = F.binary_cross_entropy(x.sigmoid(), p / 2.5, torch.tensor([1.0, 2.0, 0.5]),\n"
           "                             reduction='sum')",
    "nll_loss": "out = F.nll_loss(x.log_softmax(1), torch.tensor([2, 0]))",
    "nll_loss2d": "out = F.cross_entropy(x.view(1, 2, 3), torch.tensor([[1, 0, 1]]),\n"
                  "                      weight=b.detach() + 1, reduction='sum')",
    "nll_loss2d_backward": "(out,) = torch.autograd.grad(\n"
                           "    F.nll_loss(x.view(1, 2, 3, 1), torch.tensor([[[1], [0], [1]]])) ** 3,\n"
                           "    x, create_graph=True)",
    "floor_divide": "out = x // 2", "remainder": "out = x % 1.5",
    "remainder_tensor": "out = torch.remainder(x, p + 0.4)", "rremainder": "out = 2.5 % p",
    "fmod": "out = torch.fmod(x, 0.75)", "fmod_tensor": "out = x.fmod(p + 0.4)",
    # ops_pointwise.py, ops_selection.py, ops_linalg.py
    "sort": "out = x.sort(1, descending=True).values + torch.sort(v).values",
    "topk": "out = x.topk(2, dim=0).values * 2 + torch.topk(x, 1, dim=0, largest=False).values",
    "erf": "out = torch.erf(x)", "erfc": "out = x.erfc()", "atan2": "out = torch.atan2(x, p)",
    "hypot": "out = torch.hypot(x, p)",
    "lerp_scalar": "out = torch.lerp(x, p, 0.3)", "lerp_tensor": "out = x.lerp(p, v.sigmoid())",
    "addcmul": "out = torch.addcmul(v, x, p, value=0.5)",
    "addcdiv": "out = x.addcdiv(v, p, value=-2)",
    "masked_select": "out = x.masked_select(x > 0) * 2 + torch.masked_select(v, p > 1)[:1]",
    "trace": "out = torch.trace(x @ p.t()) * v",
    "bincount": "out = torch.bincount(torch.tensor([0, 2, 2]), weights=v)",
    "nan_to_num": "out = (x.log() * p).nan_to_num(1.0) + torch.nan_to_num((x * v).log(), -1.0)",
    "logit": "out = torch.logit(p * 0.3, 0.2) + (x * 0.4 + 0.5).logit(eps=0.3)",
    "xlogy": "out = torch.xlogy(x, p) + F.kl_div(x, p, reduction='none')",
    "xlogy_scalar_self": "out = torch.xlogy(2.0, p * v)",
    "xlogy_scalar_other": "out = x.xlogy(3) * p",
    "svdvals": "out = torch.linalg.svdvals(x) * v[:2] + torch.norm(x.t() * p.t(), 'nuc')",
    # torch's special functions and the rest of its elementwise math (ops_pointwise.py)
    "trunc": "out = x.trunc() + torch.fix(x * 2) + x", "frac": "out = x.frac() * p",
    "sgn": "out = x.sgn() + x", "lgamma": "out = torch.lgamma(x)", "digamma": "out = x.digamma()",
    "polygamma": "out = torch.polygamma(1, p) + x.polygamma(2)",
    "mvlgamma": "out = torch.mvlgamma(p + 2, 3)", "erfinv": "out = torch.erfinv(x * 0.4)",
    "i0": "out = torch.i0(x)", "i0e": "out = torch.special.i0e(x)",
    "i1": "out = torch.special.i1(x)", "i1e": "out = torch.special.i1e(x)",
    "erfcx": "out = torch.special.erfcx(x)", "ndtri": "out = torch.special.ndtri(p * 0.4)",
    "log_ndtr": "out = torch.special.log_ndtr(x)", "entr": "out = torch.special.entr(p)",
    "sinc": "out = torch.sinc(x)", "deg2rad": "out = x.deg2rad()",
    "rad2deg": "out = torch.rad2deg(x)", "add_scalar": "out = torch.special.ndtr(x)",
    "rsub_tensor": "out = torch.rsub(x, p, alpha=2)",
    "copysign": "out = torch.copysign(x, p - 1)", "copysign_scalar": "out = x.copysign(-1.0) * p",
    "fmax": "out = torch.fmax(x, p - 1)", "fmin": "out = x.fmin(p - 1)",
    "logaddexp": "out = torch.logaddexp(x, p)", "logaddexp2": "out = x.logaddexp2(p)",
    "ldexp": "out = torch.ldexp(x, p)", "nextafter": "out = torch.nextafter(x, p) * p",
    "heaviside": "out = torch.heaviside(x, p)",
    "xlog1py": "out = torch.special.xlog1py(x, p)",
    "xlog1py_scalar_self": "out = torch.special.xlog1py(2.0, p * v.abs())",
    "xlog1py_scalar_other": "out = torch.special.xlog1py(x, 3) * p",
    # ops_linalg.py: products added to a scaled input
    "addmm_scaled": "out = torch.addmm(b[:, None], x, p.t(), beta=0.5, alpha=-2)",
    "addmv": "out = torch.addmv(b, x, v, alpha=0.5)",
    "addr": "out = x.addr(b, v, beta=2)",
    "baddbmm": "out = torch.baddbmm(v, x.reshape(2, 3, 1), p.reshape(2, 1, 3), alpha=0.25)",
    "addbmm": "out = torch.addbmm(p.t() @ x, x.reshape(2, 3, 1), p.reshape(2, 1, 3), beta=0)",
    # (a bias broadcast along the batch and the columns)
    "baddbmm_unit": "out = torch.baddbmm(b.reshape(1, 2, 1), x.reshape(1, 2, 3), "
                    "p.reshape(1, 3, 2))",
    # ops_embedding_bag.py: mean over bags (one empty), weighted sums, columnwise maxima
    "embedding_bag": "out = F.embedding_bag(torch.tensor([1, 0, 1, 2]), x.t(),\n"
                     "    torch.tensor([0, 3, 3]), padding_idx=2)",
    "embedding_bag_weighted": "out = F.embedding_bag(torch.tensor([1, 0, 1, 2]), x.t(),\n"
                              "    torch.tensor([0, 1]), mode='sum', per_sample_weights=p[0, :1]"
                              ".repeat(4) * torch.tensor([1.0, -2.0, 0.5, 3.0]))",
    "embedding_bag_max": "out = F.embedding_bag(torch.tensor([[1, 0], [2, 2]]), x.t(), mode='max')",
    # ops_attention.py: torch's math path on 2-D inputs, the fused kernel on 4-D ones
    "safe_softmax": "out = F.scaled_dot_product_attention(x, p, p * 2, is_causal=True)",
    "sdpa_flash_cpu": "out = F.scaled_dot_product_attention(x.reshape(1, 1, 2, 3),\n"
                      "    p.reshape(1, 1, 2, 3), p.reshape(1, 1, 2, 3) * 2, enable_gqa=True)",
    "sdpa_flash_cpu_backward":
        "(out,) = torch.autograd.grad(F.scaled_dot_product_attention(\n"
        "    x.reshape(1, 1, 2, 3), p.reshape(1, 1, 2, 3), p.reshape(1, 1, 2, 3)).sum(), x,\n"
        "    create_graph=True)",
    # ops_linalg.py: det, slogdet, inv, solve
    "linalg_det": "out = torch.linalg.det(x.t() @ p + torch.eye(3)) * v",
    "linalg_slogdet": "out = torch.stack(torch.linalg.slogdet(x[:, :2] + p[:, 1:])) * b",
    "linalg_inv": "out = torch.linalg.inv(x[:, 1:] + p[:, :2])",
    "linalg_solve": "out = torch.linalg.solve(x[:, :2] + p[:, 1:], p) + torch.linalg.solve(\n"
                    "    x[:, 1:] + 2, p[:, :2], left=False) @ p + torch.linalg.solve(x[:, 1:], b)[:, None]",
    # ops_decomp.py: cholesky and its solves
    "linalg_cholesky": "out = (torch.linalg.cholesky(x.t() @ x + torch.eye(3)) * v +\n"
                       "       torch.linalg.cholesky_ex(p.t() @ p + torch.eye(3), upper=True).L)",
    "cholesky": "out = torch.cholesky(x @ x.t() + torch.eye(2), upper=True) * b",
    "cholesky_solve": "L = torch.linalg.cholesky(p @ p.t() + torch.eye(2))\n"
                      "out = torch.cholesky_solve(x, L) + torch.cholesky_solve(x * v, L.t(), True)",
    "cholesky_inverse": "L = torch.linalg.cholesky(x.t() @ x + torch.eye(3))\n"
                        "out = torch.cholesky_inverse(L) * v + torch.cholesky_inverse(L.t(), True)",
    "linalg_qr": "q, r = torch.linalg.qr(x.t() + p.t())\n"
                 "out = q * v[:, None] + r.sum() + torch.linalg.qr(x, 'complete').R.sum()",
    "linalg_eigh": "w, V = torch.linalg.eigh(x.t() @ p + p.t() @ x)\n"
                   "out = w * v + V * torch.linalg.eigvalsh(x.t() @ x, UPLO='U')[:, None]",
    "linalg_svd": "U, S, Vh = torch.linalg.svd(x + p)\nout = (U * b).sum() * S[:, None] + Vh[:2] * v",
    "linalg_solve_triangular": "out = torch.linalg.solve_triangular(p[:, 1:] + 1, x, upper=True) + "
                               "torch.linalg.solve_triangular(p[:, :2] + 1, x.t(), upper=False, "
                               "left=False, unitriangular=True).t()",
    "triangular_solve": "s = torch.triangular_solve(x, p[:, :2] + 2, transpose=True)\n"
                        "out = s.solution * v + s.cloned_coefficient.sum()",
    "linalg_matrix_exp": "out = torch.linalg.matrix_exp(x.t() @ p * 0.5) * v + (x[:, :2] * b).matrix_exp()[0, 0]",
    # ops_lu.py, ops_householder.py and their kin: LU, least squares, pinv, reflectors
    "linalg_lu": "P, L, U = torch.linalg.lu(x.t() @ p + torch.eye(3))\nout = L * v + U",
    "linalg_lu_factor_ex": "LU, piv, info = torch.linalg.lu_factor_ex(x.t() @ p + torch.eye(3))\n"
                           "out = LU * v",
    "linalg_lu_solve": "LU, piv = torch.linalg.lu_factor(x[:, :2] + p[:, 1:] + torch.eye(2))\n"
                       "out = torch.linalg.lu_solve(LU, piv, p)",
    "lu_unpack": "LU, piv = torch.linalg.lu_factor(x.t() @ p + torch.eye(3))\n"
                 "P, L, U = torch.lu_unpack(LU, piv)\nout = L * v + U",
    "linalg_lstsq": "out = torch.linalg.lstsq(x.t() + p.t(), v[:, None]).solution",
    # (hermitian=True on a matrix that is not symmetric: torch's rule, which the check verifies)
    "linalg_pinv": "out = torch.linalg.pinv(x + p) + torch.linalg.pinv(\n"
                   "    x[:, :2] @ p[:, 1:] + torch.eye(2), hermitian=True).sum()",
    "linalg_householder_product": "out = torch.linalg.householder_product(x.t() + p.t(), b)",
    "ormqr": "out = torch.ormqr(x.t() + p.t(), b, p.t() @ x + torch.eye(3))",
    "vdot": "out = torch.vdot(v, x[0] + p[1]) * b",
    # ops_grid.py: grid sampling and affine grids
    "grid_sampler_2d": "out = F.grid_sample(x.reshape(1, 1, 2, 3), p.reshape(1, 1, 3, 2) * 0.4,\n"
                       "                    align_corners=False)",
    "grid_sampler_3d": "out = F.grid_sample(x.reshape(1, 1, 1, 2, 3),\n"
                       "                    p.reshape(1, 1, 1, 2, 3) * 0.4, align_corners=True)",
    "grid_sampler_2d_backward": "(out,) = torch.autograd.grad((F.grid_sample(\n"
                                "    x.reshape(1, 1, 2, 3), p.reshape(1, 1, 3, 2) * 0.4,\n"
                                "    align_corners=False) ** 2).sum(), x, create_graph=True)",
    "grid_sampler_3d_backward": "(out,) = torch.autograd.grad((F.grid_sample(\n"
                                "    x.reshape(1, 1, 1, 2, 3), p.reshape(1, 1, 1, 2, 3) * 0.4,\n"
                                "    align_corners=True) ** 2).sum(), x, create_graph=True)",
    "affine_grid_generator": "out = F.affine_grid(x.reshape(1, 2, 3), (1, 1, 2, 2),\n"
                             "                    align_corners=False)",
    # ops_linalg.py: cross, cdist
    "linalg_cross": "out = torch.linalg.cross(x, p) + torch.cross(x.t(), v[:, None], dim=0).t()",
    "cdist": "out = torch.cdist(x, p) + torch.cdist(x, p * v, p=1) + torch.cdist(x, p, p=3)",
    "euclidean_dist": "out = torch.cdist(x, p + v, compute_mode='use_mm_for_euclid_dist')",
    # ops_nn.py
    "gelu": "out = F.gelu(x) + F.gelu(x * 0.5, approximate='tanh')",
    "gelu_backward": "(out,) = torch.autograd.grad(\n"
                     "    (F.gelu(x) ** 3 + F.gelu(x, approximate='tanh') ** 3).sum(), x,\n"
                     "    create_graph=True)",
    "elu": "out = F.elu(x, 0.7)", "softplus": "out = F.softplus(x, beta=2.0, threshold=1.5)",
    "elu_result": "out = F.elu(x * 1, 0.7, inplace=True)",
    "leaky_relu_result": "out = F.leaky_relu(x * 1, 0.2, inplace=True)",
    "threshold": "out = F.threshold(x, 0.3, -2.0)",
    "mode": "out = torch.cat([x, x[:, :1]], 1).mode(1).values",
    "unfold": "out = x.unfold(1, 2, 1) * v[:2]",
    "unfold_backward": "(g,) = torch.autograd.grad((x.unfold(1, 2, 1) ** 3).sum(), x,\n"
                       "                          create_graph=True)\nout = g",
    "threshold_result": "out = F.threshold(x * 1, 0.3, 0.1, inplace=True)",
    "elu_backward":
        "(out,) = torch.autograd.grad((F.elu(x, 0.7) ** 3).sum(), x, create_graph=True)",
    "softplus_backward": "(out,) = torch.autograd.grad(\n"
                         "    (F.softplus(x, beta=2.0, threshold=1.5) ** 3).sum(), x, create_graph=True)",
    # ops_activation.py
    "hardtanh": "out = F.hardtanh(x, -0.5, 1.5) + F.relu6(x * 4)",
    "hardtanh_result": "out = F.hardtanh(x * 1, -0.5, 1.5, inplace=True)",
    "hardsigmoid": "out = F.hardsigmoid(x * 3)",
    "softshrink": "out = F.softshrink(x, 0.6)", "hardshrink": "out = x.hardshrink(0.6)",
    "log_sigmoid": "out = F.logsigmoid(x)", "mish": "out = F.mish(x)",
    "celu": "out = F.celu(x, 0.7)", "selu": "out = F.selu(x)",
    "celu_result": "out = F.celu(x * 1, 0.7, inplace=True)",
    "selu_result": "out = F.selu(x * 1, inplace=True)",
    # ops_padding.py
    "constant_pad_nd": "out = F.pad(x, (1, -1, 0, 1), value=0.5)",
    "reflection_pad1d": "out = F.pad(x, (2, 1), 'reflect')",
    "reflection_pad2d": "out = F.pad(x[None], (1, 2, 1, 0), 'reflect')",
    "reflection_pad3d": "out = F.pad(x[None, None], (1, 1, 1, 0, 0, 0), 'reflect')",
    "replication_pad1d": "out = F.pad(x, (2, -1), 'replicate')",
    "replication_pad2d": "out = F.pad(x[None], (1, 2, 1, 0), 'replicate')",
    "replication_pad3d": "out = F.pad(x[None, None], (1, 1, 1, 0, 1, 0), 'replicate')",
    "circular_pad": "out = F.pad(x[None], (2, -1, 1, 1), 'circular')",
    "glu": "out = F.glu(x, 0) + F.glu(torch.cat([x, p], 1))[:, :3]",
    # ops_shuffle.py
    "pixel_shuffle": "out = F.pixel_shuffle(torch.cat([x, p]).reshape(1, 4, 1, 3), 2)",
    "pixel_unshuffle": "out = F.pixel_unshuffle(torch.cat([x, p]).reshape(1, 1, 4, 3)[..., :2], 2)",
    "channel_shuffle": "out = torch.channel_shuffle(torch.cat([x, p]).reshape(1, 4, 3), 2)",
    "silu": "out = F.silu(x)", "hardswish": "out = F.hardswish(x * 4)", "huber_loss": "out = F.huber_loss(x, p, delta=0.8)",
    "soft_margin_loss": "out = F.soft_margin_loss(x, (p - 1).detach()) + F.soft_margin_loss(x, v.detach(),\n"
                        "    reduction='sum') + F.soft_margin_loss(x, b[:, None].detach(), reduction='none')",
    "smooth_l1_loss": "out = F.smooth_l1_loss(x, p, reduction='sum', beta=0.7)",
    "multi_margin_loss": "out = F.multi_margin_loss(x, torch.tensor([2, 0]), p=2, margin=0.8,\n"
                         "    weight=v.detach().abs(), reduction='none') + F.multi_margin_loss(p, torch.tensor([1, 2]))",
    "multilabel_margin_loss": "out = F.multilabel_margin_loss(x, torch.tensor([[2, -1, 0], [0, 1, -1]]),\n"
                              "    reduction='none') + F.multilabel_margin_loss(p, torch.tensor([[1, 0, -1], [2, -1, 0]]))",
    "ctc_loss": "out = F.ctc_loss(x.reshape(2, 1, 3).log_softmax(2), torch.tensor([[1]]), [2], [1],\n"
                "    reduction='none')",
    "pdist": "out = torch.pdist(x.t()) + F.pdist(x.t() * p.t(), p=1.5)",
    # a write under no_grad that changes a tensor of the graph: the check reads it as a
    # constant added, the gradient passes as torch's (the clamp is not differentiated)
    "written_unseen": "out = x * p\nwith torch.no_grad():\n    out.clamp_min_(0.2)\nout = out * v",
    # the backward rows torch does not differentiate: create_graph's gradient, refused after
    "multi_margin_loss_backward": "(out,) = torch.autograd.grad(F.multi_margin_loss(x, torch.tensor([2, 0])),\n"
                                  "    x, create_graph=True)",
    "multilabel_margin_loss_backward": "(out,) = torch.autograd.grad(F.multilabel_margin_loss(\n"
                                       "    x, torch.tensor([[2, -1, 0], [0, 1, -1]])), x, create_graph=True)",
    "pdist_backward": "(out,) = torch.autograd.grad(torch.pdist(x).sum(), x, create_graph=True)",
    "ctc_loss_backward": "(out,) = torch.autograd.grad(F.ctc_loss(x.reshape(2, 1, 3).log_softmax(2),\n"
                         "    torch.tensor([[1]]), [2], [1]), x, create_graph=True)",
    "prelu": "out = F.prelu(x, v * 0.5) + torch.prelu(p - 1, b[:1])",
    "rrelu_with_noise": "out = F.rrelu(x, training=True) + F.rrelu(p - 1, 0.2, 0.4)",
    "rrelu_with_noise_result": "out = F.rrelu(x * 1, training=True, inplace=True) + F.rrelu(p - 1, inplace=True)",
    "layer_norm": "out = F.layer_norm(x, (3,), v, v * 0.5)",
    "batch_norm": "out = F.batch_norm(x, None, None, v, v * 0.5, training=True)\n"
                  "out = out + F.batch_norm(x, torch.zeros(3), torch.ones(3) * 2, v)",
    "group_norm": "out = F.group_norm(torch.cat([x, p]).reshape(2, 2, 3), 2, v[:2], b)",
    "embedding": "out = F.embedding(torch.tensor([[1, 0], [1, 1]]), x)",
    "embedding_padding": "out = F.embedding(torch.tensor([[1, 0], [1, 1]]), x, padding_idx=0)",
    "convolution": "out = F.conv2d(x.reshape(1, 2, 1, 3), p.reshape(3, 2, 1, 1), v,\n"
                   "               padding=(0, 1), stride=(1, 2))",
    "convolution_transpose": "out = F.conv_transpose2d(x.reshape(1, 2, 1, 3),\n"
                             "    p.reshape(2, 3, 1, 1)[:, :1], v[:1], stride=(1, 2), padding=(0, 1),\n"
                             "    output_padding=(0, 1))",
    "im2col": "(out,) = torch.autograd.grad(\n"
              "    (F.conv1d(x.reshape(1, 2, 3), p[:, :2].reshape(1, 2, 2)) ** 2).sum(), p,\n"
              "    create_graph=True)",
    "col2im": "(out,) = torch.autograd.grad(\n"
              "    (F.conv1d(x.reshape(1, 2, 3), p[:, :2].reshape(1, 2, 2)) ** 2).sum(), x,\n"
              "    create_graph=True)",
    "max_pool2d": "out = F.max_pool2d(x.reshape(1, 1, 2, 3), 2, stride=1, padding=1)",
    # (3 columns into 2 overlapping windows)
    "adaptive_max_pool2d": "out = F.adaptive_max_pool1d(x.reshape(1, 2, 3), 2)",
    "avg_pool2d": "out = F.avg_pool2d(x.reshape(1, 2, 3), 2, stride=1, padding=1,\n"
                  "                   count_include_pad=False)",
    # (overlapping windows: 3 rows into 2 windows of 2)
    "adaptive_avg_pool2d": "out = F.adaptive_avg_pool2d(x.reshape(1, 3, 2), (2, 3))",
    "adaptive_avg_pool2d_backward": "(out,) = torch.autograd.grad(\n"
        "    (F.adaptive_avg_pool2d(x.reshape(1, 3, 2), (2, 3)) ** 2).sum(), x,\n"
        "    create_graph=True)",
    "max_pool3d": "out = F.max_pool3d(x.reshape(1, 1, 1, 2, 3), 2, stride=1, padding=1)",
    "adaptive_max_pool3d": "out = F.adaptive_max_pool3d(x.reshape(1, 1, 2, 3), (1, 2, 2))",
    "avg_pool3d": "out = F.avg_pool3d(x.reshape(1, 1, 2, 3), (1, 2, 2), stride=1,\n"
                  "                   padding=(0, 1, 1), count_include_pad=False)",
    "adaptive_avg_pool3d": "out = F.adaptive_avg_pool3d(x.reshape(1, 1, 3, 2), (1, 2, 3))",
    "adaptive_avg_pool3d_backward": "(out,) = torch.autograd.grad(\n"
        "    (F.adaptive_avg_pool3d(x.reshape(1, 1, 3, 2), (1, 2, 3)) ** 2).sum(), x,\n"
        "    create_graph=True)",
    "fractional_max_pool2d": "out = F.fractional_max_pool2d(x.reshape(1, 2, 3), (1, 2),\n"
        "    output_size=(2, 2), _random_samples=torch.tensor([[[0.3, 0.6]]]))",
    "fractional_max_pool3d": "out = F.fractional_max_pool3d(\n"
        "    torch.cat([x, p]).reshape(1, 2, 2, 3)[..., :2], 1, output_size=(1, 1, 1),\n"
        "    _random_samples=torch.tensor([[[0.3, 0.6, 0.1]]]))",
    # (overlapping windows: a maximum in two of them is a duplicate index, whose gradient is
    # torch's rule, which the check verifies)
    "max_unpool2d": "pooled, at = F.max_pool2d(x.reshape(1, 2, 3), (1, 3), stride=1, padding=(0, 1),\n"
                    "    return_indices=True)\n"
                    "out = F.max_unpool2d(pooled, at, (1, 3), stride=1, padding=(0, 1))",
    "max_unpool3d": "pooled, at = F.max_pool3d(x.reshape(1, 1, 2, 3), (1, 1, 3), stride=1,\n"
                    "    padding=(0, 0, 1), return_indices=True)\n"
                    "out = F.max_unpool3d(pooled, at, (1, 1, 3), stride=1, padding=(0, 0, 1))",
    # shape ops (engine/ops_shape.py)
    "block_diag": "out = torch.block_diag(x, v, b[0])",
    "rot90": "out = torch.rot90(x, 1, (1, 0)) * p.t()",
    "take": "out = torch.take(x, torch.tensor([[5, 0], [-1, 2]]))",
    # reductions, scans and statistics (engine/ops_reductions.py)
    "var_mean_var": "out = torch.var_mean(x, 1)[0]",
    "var_mean_mean": "out = torch.var_mean(x, 1, keepdim=True)[1] * x",
    "std_mean_std": "out = torch.std_mean(x, correction=0)[0]",
    "std_mean_mean": "out = torch.std_mean(x, 0)[1]",
    "aminmax_min": "out = torch.aminmax(torch.cat([x, x[:, :1]], 1), dim=1).min",
    "aminmax_max": "out = x.aminmax().max",
    "nansum": "out = torch.where(x > 1, float('nan'), x).nansum(0)",
    "median": "out = torch.cat([x, x[:, :1]], 1).median()",
    "nanmedian": "out = torch.where(x > 1, float('nan'), x).nanmedian()",
    "median_dim": "out = torch.cat([x, x[:, :1]], 1).median(1).values",
    "nanmedian_dim": "out = torch.where(x > 1, float('nan'), x).nanmedian(0, True).values",
    "kthvalue": "out = x.kthvalue(2, 1).values",
    # torch's *_copy functions
    "copy_alias": "out = torch.alias_copy(x)", "copy_view": "out = torch.view_copy(x, (3, 2))",
    "copy_expand": "out = torch.expand_copy(v, (2, 3)) * x",
    "copy_permute": "out = torch.permute_copy(x, (1, 0))",
    "copy_transpose": "out = torch.transpose_copy(x, 0, 1)", "copy_t": "out = torch.t_copy(x)",
    "copy_squeeze": "out = torch.squeeze_copy(x[:1])",
    "copy_squeeze_dim": "out = torch.squeeze_copy(x[:1], 0)",
    "copy_unsqueeze": "out = torch.unsqueeze_copy(x, 1)",
    "copy_diagonal": "out = torch.diagonal_copy(x, 1)",
    "copy_unfold": "out = torch.unfold_copy(x, 1, 2, 1)",
    "copy_unbind": "out = torch.unbind_copy(x)[1]",
    "copy_split_with_sizes": "out = torch.split_with_sizes_copy(x, [2, 1], 1)[0]",
    "copy_slice": "out = torch.narrow_copy(x, 1, 1, 2)",
    "exp2": "out = torch.exp2(x)", "logcumsumexp": "out = x.logcumsumexp(1)",
    "cummax": "out = torch.cat([x, x[:, :1]], 1).cummax(1).values",
    "cummin": "out = torch.cummin(x, 0).values * x",
    "select_scatter": "out = torch.select_scatter(x, v * 2, 0, 1)",
    "slice_scatter": "out = torch.slice_scatter(x, p[:, 1:] ** 2, 1, 1)",
    "diagonal_scatter": "out = torch.diagonal_scatter(x, b * 3, 1)",
    "index_copy": "out = x.index_copy(1, torch.tensor([2, 0]), p[:, :2] * 2)",
    "index_fill": "out = x.index_fill(1, torch.tensor([0, 2]), -1.0) * x",
    "index_fill_tensor": "out = torch.index_fill(x, 0, torch.tensor([1]), b[0] * 2) * p",
    "scatter_add": "out = x.scatter_add(1, torch.tensor([[0, 0], [2, 1]]), p[:, :2] * 2)",
    "dist": "out = torch.dist(x, v, 3.5) * x",
    "renorm": "out = torch.renorm(x, 2, 0, 1.5)",
    "masked_scatter": "out = x.masked_scatter(x > 0, p * 2)",
    "put": "out = x.put(torch.tensor([0, -1]), b * 2)",
    "put_accumulate": "out = torch.put(x, torch.tensor([1, 1]), b * 2, accumulate=True) * x",
    "index_put_accumulate": "out = x.index_put((torch.tensor([0, 0]),), v * 2, True) * x",
    # the inverse trig/hyperbolic functions
    "asin": "out = (x * 0.5).asin()", "acos": "out = torch.acos(x * 0.5)",
    "asinh": "out = x.asinh()", "acosh": "out = (p + 1).acosh()",
    "atanh": "out = torch.atanh(x * 0.3)",
    "as_strided_view": "out = torch.as_strided(x, (2, 2), (1, 2), 1)",
    "copy_as_strided_view": "out = torch.as_strided_copy(x, (2, 2), (2, 1))",
    "as_strided_scatter": "out = torch.as_strided_scatter(x, b.reshape(2, 1) * 2, (2, 1), (3, 1))",
    "fill_new": "out = torch.fill(x, 2.0) + x", "fill_tensor_new": "out = torch.fill(x, v[1])",
    "frexp": "out = torch.frexp(x * 3).mantissa",
    "group_norm_mean": "out = torch.native_group_norm(torch.cat([x, p]).reshape(2, 2, 3), None, "
                       "None, 2, 2, 3, 2, 1e-5)[1]",
    "group_norm_rstd": "out = torch.native_group_norm(torch.cat([x, p]).reshape(2, 2, 3), None, "
                       "None, 2, 2, 3, 2, 1e-5)[2]",
    "scatter_reduce": "out = x.scatter_reduce(1, torch.tensor([[0, 0], [2, 1]]), p[:, :2] * 2, "
                      "'prod')",
    "index_reduce": "out = x.index_reduce(1, torch.tensor([2, 0]), p[:, :2] * 2, 'mean')",
    "unsqueeze_": "out = torch.quantile(x, torch.tensor([0.25, 0.5]), dim=1)",
    "bernoulli": "out = torch.bernoulli(p * 0.3) + x",
    "bernoulli_scalar": "y = x * 1\ny.bernoulli_(0.5)\nout = y * x",
    "bernoulli_tensor": "y = x * 1\ny.bernoulli_(p * 0.3)\nout = y * x",
    "bernoulli_p": "out = torch.bernoulli(x, 0.5)",
}
# F.interpolate's upsample ops (engine/ops_upsample.py), by mode and spatial dims, and
# their backward ops under create_graph
_UPSAMPLED = {"nearest": (1, 2, 3), "nearest-exact": (1, 2, 3), "linear": (1,), "bilinear": (2,),
              "trilinear": (3,), "bicubic": (2,)}
_INTERPOLATE = {1: "x.reshape(1, 2, 3), size=5", 2: "x.reshape(1, 1, 2, 3), scale_factor=1.7",
                3: "x.reshape(1, 1, 1, 2, 3), size=(2, 3, 4)"}
for _mode, _dims_of in _UPSAMPLED.items():
    for _dims in _dims_of:
        _call = f"F.interpolate({_INTERPOLATE[_dims]}, mode={_mode!r})"
        _name = f"upsample_{_mode.replace('-', '_')}{_dims}d"
        EXAMPLES[_name] = f"out = {_call}"
        EXAMPLES[_name + "_backward"] = (f"(out,) = torch.autograd.grad(({_call} ** 2).sum(), x,"
                                         "\n    create_graph=True)")
BACKWARD = "out.backward(torch.linspace(0.5, 1.5, out.numel()).reshape(out.shape))\n"
# A zero gradient scaled by 1.5 is still zero: no check can see these faults.
ZERO_GRADIENT = {"sign", "floor", "ceil", "round", "round_decimals", "div_rounding", "fill",
                 "trunc", "sgn",
                 "zero", "uniform", "normal", "exponential", "cauchy", "random", "random_to",
                 "random_from_to", "normal_tensor_float", "normal_float_tensor",
                 "normal_tensor_tensor", "fill_new", "bernoulli", "bernoulli_scalar",
                 "bernoulli_tensor"}
# A row only the check's record holds (autograd's node stays the written tensor's own): no
# node of its name to fault.
RECORD_ONLY = {"written_unseen"}
# torch: "derivative for aten::floor_divide is not implemented" (remainder: of a number % x)
# (and the fused attention kernel's backward; the second derivatives torch refuses)
NOT_DIFFERENTIABLE = {"floor_divide", "rremainder", "heaviside", "sdpa_flash_cpu_backward",
                      "multi_margin_loss_backward", "multilabel_margin_loss_backward",
                      "pdist_backward", "ctc_loss_backward", "bernoulli_p",
                      "grid_sampler_2d_backward", "grid_sampler_3d_backward", "bincount"}


def session(op: str) -> str:
    return SETUP + EXAMPLES[op] + "\n" + BACKWARD



def test_every_op_has_an_example():
    assert set(EXAMPLES) == set(OPS)


@pytest.mark.parametrize("op", sorted(set(OPS) - NOT_DIFFERENTIABLE))
def test_check_agrees_with_engine(op):
    result = run_session(session(op), f"{op}.py")
    assert result.status == "ok", [e for e in result.events if e.kind in ("error", "backward")]
    rows = [g for e in result.events if e.kind == "backward" for g in e.grads]
    assert rows and all(r.match for r in rows), rows


@pytest.mark.parametrize("op", sorted(set(OPS) - NOT_DIFFERENTIABLE - ZERO_GRADIENT - RECORD_ONLY))
def test_check_catches_a_wrong_vjp(op, monkeypatch):
    monkeypatch.setenv("GRADCLI_FAULT", OPS[op].grad_fn)
    result = run_session(session(op), f"{op}.py")
    assert result.status == "mismatch"
    assert result.exit_code == 1


def test_floor_divide_has_no_derivative():
    result = run_session(session("floor_divide"), "floor_divide.py")
    error = [e for e in result.events if e.kind == "error"][0]
    assert (error.type, error.message) == (
        "RuntimeError", "derivative for aten::floor_divide is not implemented")


@pytest.mark.parametrize("op, error", [
    ("multi_margin_loss_backward", ("RuntimeError", "derivative for "
                                    "aten::multi_margin_loss_backward is not implemented")),
    ("multilabel_margin_loss_backward", ("RuntimeError", "derivative for "
                                         "aten::multilabel_margin_loss_backward is not implemented")),
    ("pdist_backward", ("NotImplementedError",
                        "the derivative for '_pdist_backward' is not implemented.")),
    ("ctc_loss_backward", ("RuntimeError",
                           "derivative for aten::_ctc_loss_backward is not implemented"))])
def test_second_derivatives_torch_refuses(op, error):
    result = run_session(session(op), f"{op}.py")
    raised = [e for e in result.events if e.kind == "error"][0]
    assert (raised.type, raised.message) == error


def test_check_off_reports_method_none():
    result = run_session(session("mul"), "mul.py", RunOptions(check=False))
    rows = [g for e in result.events if e.kind == "backward" for g in e.grads]
    assert result.status == "ok" and rows
    assert all(r.method == "none" and r.match is None for r in rows)


@pytest.mark.parametrize("op", sorted(set(OPS) - NOT_DIFFERENTIABLE - ZERO_GRADIENT - RECORD_ONLY))
def test_check_catches_a_vjp_wrong_in_one_element(op, monkeypatch):
    monkeypatch.setenv("GRADCLI_FAULT", OPS[op].grad_fn)
    monkeypatch.setenv("GRADCLI_FAULT_MODE", "element")
    result = run_session(session(op), f"{op}.py")
    assert result.status == "mismatch"
