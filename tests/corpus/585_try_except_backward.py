import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x ** 2).sum()
y.backward()
errors = []
for attempt in range(2):
    try:
        y.backward()
    except RuntimeError as e:
        errors.append(type(e).__name__)
        print(f"attempt {attempt}: {e.__class__.__name__}: {str(e)[:60]}...")
print(errors, x.grad)

z = torch.tensor(3.0)
try:
    z.backward()
except RuntimeError as err:
    print(type(err).__name__, "-", err)

w = torch.ones(2, 2, requires_grad=True)
try:
    (w * 2).backward()
except RuntimeError as err:
    print(f"{type(err).__name__}: {err}")
finally:
    print("grad is", w.grad)

def safe_grad(fn, t):
    try:
        out = fn(t)
        out.backward()
        return t.grad
    except (RuntimeError, TypeError) as e:
        return f"failed with {type(e).__name__}"

print(safe_grad(lambda t: t.sum() * 3, torch.ones(3, requires_grad=True)))
print(safe_grad(lambda t: t * 3, torch.ones(3, requires_grad=True)))
print(safe_grad(lambda t: t.sum(), torch.ones(3)))
