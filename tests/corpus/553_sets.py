import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
z = y.sum()
seen = set()
node = z.grad_fn
while node is not None:
    seen.add(node.name())
    nxt = [f for f, _ in node.next_functions if f is not None]
    node = nxt[0] if nxt else None
sorted(seen)
{1, 2}.union({2, 3})
{1, 2, 3}.intersection({2, 3, 4})
{1, 2} - {2}
s = {3, 1, 2}
s.add(4)
s.discard(10)
sorted(s)
len({x % 3 for x in range(10)})
{n: n ** 2 for n in range(4)}
