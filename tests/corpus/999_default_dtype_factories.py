# What torch.set_default_dtype changes: factories without dtype=, Python floats meeting integer tensors, torch.Tensor (FloatTensor stays float32), the repr's dtype suffix, float16 as the default, and torch's errors for what is no floating dtype
import torch

torch.set_default_dtype(torch.float64)
torch.tensor([1.0, 2.0])
torch.tensor(1.5).dtype
torch.tensor([1, 2])
torch.tensor([])
torch.zeros(2)
torch.ones(2, 1)
torch.empty(3).dtype
torch.full((2,), 1.5)
torch.full((2,), 1).dtype
torch.arange(0.0, 1.0, 0.25)
torch.arange(3).dtype
torch.linspace(0, 1, 3)
torch.eye(2)
torch.manual_seed(0)
torch.randn(3)
torch.rand(2)
torch.randint(0, 5, (3,))
torch.Tensor([1, 2])
torch.Tensor(2).dtype
torch.FloatTensor([1, 2])
torch.DoubleTensor([1]).dtype
torch.tensor([1, 2]) * 2.5
torch.tensor([1, 2]) / 2
torch.sqrt(torch.tensor([4, 9]))
torch.tensor([1.0, 2.0], dtype=torch.float32) * 2.5
torch.tensor([1.0, 2.0], dtype=torch.float32)
torch.tensor([], dtype=torch.float32)
torch.nn.Parameter().dtype
a = torch.tensor([0.5, 1.5], requires_grad=True)
b = (a * torch.tensor([2, 3])).sum()
b
b.backward()
a.grad
torch.set_default_dtype(torch.float16)
torch.get_default_dtype()
torch.tensor([1.0, 2.0])
torch.tensor([1.0], dtype=torch.float32)
torch.set_default_dtype(torch.float32)
torch.get_default_dtype()
torch.tensor([1.0, 2.0], dtype=torch.float64)
for call in (lambda: torch.set_default_dtype(torch.int64), lambda: torch.set_default_dtype(float),
             lambda: torch.set_default_dtype("float64"), lambda: torch.set_default_dtype(),
             lambda: torch.get_default_dtype(torch.float64),
             lambda: torch.set_default_tensor_type(torch.LongTensor)):
    try:
        call()
    except TypeError as e:
        print("TypeError:", e)
torch.get_default_dtype()
torch.set_default_tensor_type(torch.DoubleTensor)
torch.get_default_dtype()
torch.set_default_tensor_type("torch.FloatTensor")
torch.get_default_dtype()
torch.set_default_dtype(torch.float64)
try:
    torch.addmm(torch.zeros(2, 2, 2), torch.zeros(2, 3), torch.zeros(3, 2))
except RuntimeError as e:
    print("RuntimeError:", e)
