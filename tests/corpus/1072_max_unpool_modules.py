# nn.MaxUnpool1d/2d/3d as a convolutional autoencoder and a SegNet-style decoder use them: MaxPool with return_indices, then MaxUnpool (output_size from the encoder), the layers' reprs and settings, gradients through both, and torch's error for an output_size out of range
import torch
import torch.nn as nn


class ConvAutoencoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 2, 3, padding=1)
        self.pool = nn.MaxPool2d(2, stride=2, return_indices=True)
        self.unpool = nn.MaxUnpool2d(2, stride=2)
        self.deconv = nn.ConvTranspose2d(2, 1, 3, padding=1)

    def forward(self, x):
        x = torch.relu(self.conv(x))
        size = x.size()
        x, indices = self.pool(x)
        x = self.unpool(x, indices, output_size=size)
        return torch.sigmoid(self.deconv(x))


torch.manual_seed(0)
model = ConvAutoencoder()
model
x = torch.rand(2, 1, 5, 5)
opt = torch.optim.Adam(model.parameters(), lr=1e-2)
for epoch in range(3):
    out = model(x)
    loss = nn.functional.mse_loss(out, x)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f"epoch {epoch} loss {loss.item():.5f}")
model.conv.weight.grad
pool1 = nn.MaxPool1d(2, stride=2, return_indices=True)
unpool1 = nn.MaxUnpool1d(2, stride=2)
unpool1
inp = torch.tensor([[[1., 2, 3, 4, 5, 6, 7, 8]]], requires_grad=True)
output, indices = pool1(inp)
r = unpool1(output, indices)
r
r.grad_fn
(r * torch.arange(8.)).sum().backward()
inp.grad
unpool1(output, indices, output_size=inp.size()[:2] + (9,))
pool3 = nn.MaxPool3d(2, return_indices=True)
unpool3 = nn.MaxUnpool3d(2)
nn.MaxUnpool3d((2, 1, 2), padding=1)
z = torch.randn(1, 1, 4, 4, 4, requires_grad=True)
o3, i3 = pool3(z)
r3 = unpool3(o3, i3)
r3.shape, r3.grad_fn
r3.sum().backward()
z.grad.sum()
u = nn.MaxUnpool2d(3)
u.kernel_size, u.stride, u.padding
list(u.state_dict())
p2, i2 = nn.MaxPool2d(2, return_indices=True)(torch.randn(1, 1, 4, 4))
try:
    nn.MaxUnpool2d(2)(p2, i2, output_size=[9, 9])
except ValueError as e:
    print(e)
