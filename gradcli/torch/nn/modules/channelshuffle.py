"""torch.nn.ChannelShuffle (torch/nn/modules/channelshuffle.py) as a built-in class deriving
from nn.Module (module.py), over F.channel_shuffle."""
from __future__ import annotations

from gradcli.torch.nn.functional import vision
from gradcli.torch.nn.modules.module import layer_class, set_fields

CHANNEL_SHUFFLE = layer_class(
    "ChannelShuffle", lambda self, groups: set_fields(self, groups=groups),
    lambda self, input: vision.channel_shuffle(input, self.attributes["groups"]),
    lambda self: f"groups={self.attributes['groups']}", fields=("groups",))
