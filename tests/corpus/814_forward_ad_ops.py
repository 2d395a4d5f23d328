import torch
import torch.autograd.forward_ad as fwAD
x = torch.tensor([[0.5, -1.2, 2.0], [1.5, 0.3, -0.7]])
w = torch.tensor([[0.2, -0.4], [1.0, 0.5], [-0.3, 0.8]])
tx = torch.tensor([[1.0, 0.75, -1.0], [0.5, 2.0, 0.25]])
with fwAD.dual_level():
    d = fwAD.make_dual(x, tx)
    outs = {
        "sin_exp": d.sin() * d.exp(),
        "tanh_sigmoid": torch.tanh(d) + torch.sigmoid(d),
        "pow_div": d ** 3 / (d * d + 1),
        "relu_abs": torch.relu(d) - d.abs(),
        "matmul": d @ w,
        "sum_mean": d.sum(dim=1) + d.mean(dim=1),
        "softmax": torch.softmax(d, dim=1),
        "log_softmax": torch.log_softmax(d, dim=0),
        "norm": d.norm(),
        "max": d.max(dim=1).values,
        "where": torch.where(d > 0, d * 2, -d),
        "index": d[:, 1:] * d[0, 1:],
        "reshape_t": d.reshape(3, 2).t(),
        "cat": torch.cat([d, d * 2], dim=0).sum(0),
        "clamp": d.clamp(-1.0, 1.0),
        "logsumexp": torch.logsumexp(d, dim=1),
    }
    for name, out in outs.items():
        p, t = fwAD.unpack_dual(out)
        print(name, p, t)
    print(outs["norm"].reshape(1))
    print(outs["matmul"])
