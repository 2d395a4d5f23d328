# A training script as repositories write it: argparse options, functools/itertools helpers,
# typing in signatures, os.path for a checkpoint name never opened, time and gc, and
# `if __name__ == "__main__":` (issue #33)
from __future__ import annotations

import argparse
import functools
import gc
import itertools
import os
import time
from typing import List, Optional

import torch
import torch.nn as nn
import torch.nn.functional as F


def get_args(argv: Optional[List[str]] = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="tiny regression")
    parser.add_argument("--lr", type=float, default=0.1, help="learning rate")
    parser.add_argument("--hidden-size", type=int, default=4)
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--use-tanh", action="store_true")
    return parser.parse_args(argv)


@functools.lru_cache(maxsize=None)
def schedule(step: int) -> float:
    return 0.5 ** step


def train(args: argparse.Namespace) -> List[float]:
    torch.manual_seed(0)
    act = torch.tanh if args.use_tanh else functools.partial(F.leaky_relu, negative_slope=0.1)
    model = nn.Sequential(nn.Linear(2, args.hidden_size), nn.Linear(args.hidden_size, 1))
    opt = torch.optim.SGD(model.parameters(), lr=args.lr)
    grid = torch.tensor(list(itertools.product([-1.0, 0.0, 1.0], repeat=2)))
    target = grid.sum(dim=1, keepdim=True)
    losses = []
    for step in range(args.steps):
        opt.zero_grad()
        hidden = act(model[0](grid))
        loss = F.mse_loss(model[1](hidden), target) * schedule(step)
        loss.backward()
        opt.step()
        losses.append(round(loss.item(), 4))
    print(model[0].weight.grad)
    return losses


def main() -> None:
    start = time.time()
    args = get_args([])
    print(args)
    print(train(args))
    print(train(get_args(["--use-tanh", "--lr=0.05", "--steps", "2"])))
    print(os.path.join("checkpoints", f"model_h{args.hidden_size}.pt"))
    print(gc.collect() >= 0, time.time() - start >= 0)
    print(functools.reduce(lambda a, b: a * b, [schedule(i) for i in range(4)]))
    print(list(itertools.chain.from_iterable([[1, 2], [3]])), schedule(3))


if __name__ == "__main__":
    main()
