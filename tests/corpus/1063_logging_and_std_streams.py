# logging as training scripts use it (Python's root logger at WARNING, the last-resort handler, basicConfig, a named logger's StreamHandler with a Formatter) and print(file=sys.stderr), sys.stdout.write: what goes to stderr is the script's too
import torch
import logging
import sys

logging.warning("before basicConfig: %d", 3)
log = logging.getLogger("train")
log.info("hidden: the root is at WARNING")
log.warning("shown through the root's handler")
log
logging.basicConfig(level=logging.INFO)
log.info("still hidden: basicConfig did nothing, the root had a handler")
h = logging.StreamHandler(sys.stdout)
h.setFormatter(logging.Formatter("%(name)s - %(levelname)s - %(message)s"))
log.addHandler(h)
log.setLevel("DEBUG")
w = torch.tensor([1.0, -2.0], requires_grad=True)
for step in range(2):
    loss = (w ** 2).sum()
    loss.backward()
    log.debug("step %d loss %.3f", step, loss.item())
    with torch.no_grad():
        w -= 0.1 * w.grad
    w.grad.zero_()
w
log.getEffectiveLevel()
logging.getLevelName(20)
print("to stderr", w.tolist(), file=sys.stderr)
print("to stdout", file=sys.stdout)
sys.stdout.write("written\n")
sys.stderr.write("partial ")
sys.stderr.write("line\n")
sys.stdout.flush()
try:
    print("x", file=5)
except AttributeError as e:
    print("AttributeError:", e)
