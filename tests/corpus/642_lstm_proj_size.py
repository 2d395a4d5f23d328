import torch
import torch.nn as nn
# LSTM with proj_size: h is projected by weight_hr_l{k} to proj_size, c keeps hidden_size
torch.manual_seed(0)
m = nn.LSTM(3, 4, proj_size=2, num_layers=2)
print(m)
print([(n, tuple(p.shape)) for n, p in m.named_parameters()])
print(m.weight_hr_l0)
x = torch.randn(5, 2, 3, requires_grad=True)
out, (h, c) = m(x)
print(out.shape, h.shape, c.shape)
print(out[-1])
print(h)
print(c)
print(out.grad_fn.name(), out.grad_fn.next_functions[0][0].name())
(out.sum() + c.sum()).backward()
print(m.weight_hr_l1.grad)
print(m.weight_hh_l0.grad)
print(x.grad[0])
bi = nn.LSTM(3, 4, proj_size=2, bias=False, batch_first=True, bidirectional=True)
print(bi)
o, (hb, cb) = bi(torch.randn(2, 4, 3), (torch.zeros(2, 2, 2), torch.ones(2, 2, 4)))
print(o.shape, hb.shape, cb.shape)
print(o[:, -1])
u, (hu, cu) = m(torch.randn(3, 3))
print(u.shape, hu.shape, cu.shape)
attempts = [
    lambda: m(x, (torch.zeros(2, 2, 4), torch.zeros(2, 2, 4))),
    lambda: m(x, (torch.zeros(2, 2, 2), torch.zeros(2, 2, 2))),
    lambda: nn.LSTM(3, 4, proj_size=4),
    lambda: nn.LSTM(3, 4, proj_size=-1),
    lambda: nn.GRU(3, 4, proj_size=2),
]
for attempt in attempts:
    try:
        attempt()
    except RuntimeError as e:
        print("RuntimeError:", e)
    except ValueError as e:
        print("ValueError:", e)
