import torch

names = ["weight", "bias", "x"]
values = [torch.tensor(0.123456), torch.tensor(-2.5), torch.tensor(10.0)]
width = max([len(n) for n in names])
for n, v in zip(names, values):
    print("{:<{}} = {:>{}.{}f}".format(n, width, v.item(), 10, 3))
"{0}{1}{0}".format("ab", "-")
"{!s:>5}|{!r}".format(1, "s")
"%5.1f%%" % 12.345
"%(name)s=%(val).2f" % {"name": "lr", "val": 0.01}
"{:{}}".format(1, 2, 3)
"{1}{}".format(1, 2)
