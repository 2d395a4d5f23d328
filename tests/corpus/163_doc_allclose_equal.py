import torch
torch.allclose(torch.tensor([10000., 1e-07]), torch.tensor([10000.1, 1e-08]))
torch.allclose(torch.tensor([10000., 1e-08]), torch.tensor([10000.1, 1e-09]))
torch.allclose(torch.tensor([1.0, float('nan')]), torch.tensor([1.0, float('nan')]))
torch.allclose(torch.tensor([1.0, float('nan')]), torch.tensor([1.0, float('nan')]), equal_nan=True)
torch.equal(torch.tensor([1, 2]), torch.tensor([1, 2]))
torch.equal(torch.tensor([3, 2]), torch.tensor([1, 2]))
