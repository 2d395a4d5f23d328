import torch
import torch.nn as nn
# reading an optimizer's per-parameter state: momentum buffers, Adam's moments and step count
torch.manual_seed(0)
model = nn.Linear(3, 2)
x = torch.randn(4, 3)
y = torch.randn(4, 2)
sgd = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
print(len(sgd.state), sgd.state_dict()['state'])
for _ in range(2):
    sgd.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    sgd.step()
buf = sgd.state[model.weight]['momentum_buffer']
print(buf)
print(list(sgd.state[model.bias].keys()), len(sgd.state))
print(model.weight in sgd.state, torch.equal(buf, sgd.state_dict()['state'][0]['momentum_buffer']))
plain = torch.optim.SGD(model.parameters(), lr=0.1)
nn.functional.mse_loss(model(x), y).backward()
plain.step()
print(plain.state_dict()['state'], len(plain.state))
adam = torch.optim.Adam(model.parameters(), lr=0.01, amsgrad=True)
for _ in range(3):
    adam.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    adam.step()
st = adam.state[model.bias]
print(st['step'], st['step'].dtype, st['step'].item())
print(st['exp_avg'])
print(st['exp_avg_sq'])
print(st['max_exp_avg_sq'])
print(sorted(st.keys()))
for p in model.parameters():
    print(adam.state[p]['exp_avg'].shape, adam.state[p]['step'])
rms = torch.optim.RMSprop(model.parameters(), lr=0.01, momentum=0.5, centered=True)
nn.functional.mse_loss(model(x), y).backward()
rms.step()
print({k: v.shape for k, v in rms.state[model.weight].items()})
ada = torch.optim.Adagrad(model.parameters(), lr=0.1, initial_accumulator_value=0.2)
print(ada.state[model.bias])
ada.step()
print(ada.state[model.bias]['sum'], ada.state[model.bias]['step'])
# a buffer read before the next step is the live one, updated in place
before = sgd.state[model.weight]['momentum_buffer']
sgd.step()
print(before is sgd.state[model.weight]['momentum_buffer'], before)
