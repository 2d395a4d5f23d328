"""What pasted model-building code meets: the constructs gradcli refuses say which and what to
write instead (never a traceback), and the helpers such snippets lean on (packed sequences,
DataLoader, Python's random) behave as PyTorch's. The corpus (644-649, 668-672) compares whole
scripts with PyTorch; these pin the edges."""
import pytest

from gradcli.app.api import run_json

HEAD = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\n"


def run(source: str) -> list[dict]:
    return run_json(HEAD + source, "<test>")["events"]


def prints(source: str) -> list[str]:
    return [e["text"] for e in run(source) if e["kind"] == "print"]


@pytest.mark.parametrize("line, name, instead", [
    ("torch.optim.SparseAdam(nn.Linear(2, 2).parameters())", "SparseAdam", "SGD, Adam"),
])
def test_a_refused_construct_is_named_with_what_to_write_instead(line, name, instead):
    events = run(line)
    assert [e["kind"] for e in events] == ["invalid"]
    assert name in events[0]["message"] and instead in events[0]["hint"]


def test_a_saved_model_is_the_sessions_to_load_again():
    """The MNIST example's `torch.save(model.state_dict(), "mnist_cnn.pt")` at its end, and
    the quickstart's load: the session holds the file, a copy comes back."""
    events = run("m = nn.Linear(2, 1)\nm(torch.ones(2)).sum().backward()\n"
                 "torch.save(m.state_dict(), 'mnist_cnn.pt')\nm.bias.data.fill_(5.0)\n"
                 "m2 = nn.Linear(2, 1)\nm2.load_state_dict(torch.load('mnist_cnn.pt'))\n"
                 "print(torch.equal(m2.weight, m.weight), m2.bias.item() == 5.0)\n"
                 "torch.save(m, 'whole.pt')\ntorch.load('whole.pt')")
    assert [e["text"] for e in events if e["kind"] == "print"] == ["True False"]
    assert events[-1]["kind"] == "error" and events[-1]["type"] == "UnpicklingError"
    assert events[-1]["message"].startswith("Weights only load failed.")


def test_refused_in_a_class_body_too():
    events = run("class M(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
                 "        self.opt = torch.optim.SparseAdam(self.parameters())\n")
    assert events[0]["kind"] == "invalid" and "SGD, Adam" in events[0]["hint"]


def test_packed_lengths_longer_than_the_padding_are_refused_not_read_past_the_end():
    events = run("nn.utils.rnn.pack_padded_sequence(torch.ones(2, 3, 1), [3, 1, 1])")
    error = [e for e in events if e["kind"] == "error"][0]
    assert error["type"] == "RuntimeError" and "longer than the padded sequences" in \
        error["message"]


def test_a_packed_sequence_unpacks_as_a_namedtuple():
    out = prints("p = nn.utils.rnn.pack_sequence([torch.ones(3), torch.ones(1)])\n"
                 "data, sizes, s, u = p\nprint(sizes, s, u, p.is_cuda, len(p))\n")
    assert out == ["tensor([2, 1, 1]) None None False 4"]


def test_dataloader_length_and_drop_last():
    out = prints("from torch.utils.data import TensorDataset, DataLoader\n"
                 "ds = TensorDataset(torch.arange(10.0))\n"
                 "print(len(DataLoader(ds, batch_size=4)), "
                 "len(DataLoader(ds, batch_size=4, drop_last=True)))\n"
                 "print([len(b[0]) for b in DataLoader(ds, batch_size=4, drop_last=True)])\n")
    assert out == ["3 2", "[4, 4]"]


def test_dataloader_refuses_what_one_process_cannot_honour():
    events = run("from torch.utils.data import TensorDataset, DataLoader\n"
                 "DataLoader(TensorDataset(torch.ones(3)), sampler=[0, 1, 2])\n")
    error = [e for e in events if e["kind"] == "error"][0]
    assert "sampler=" in error["message"] and "shuffle=" in error["message"]


def test_python_random_is_seeded_per_session_as_python_is():
    import random
    random.seed(5)
    expected = [random.randint(0, 100) for _ in range(3)]
    source = "import random\nrandom.seed(5)\nprint([random.randint(0, 100) for _ in range(3)])\n"
    assert prints(source) == [str(expected)] == prints(source)


def test_only_the_cpu_is_a_device():
    events = run("torch.device('cuda:0')\n")
    error = [e for e in events if e["kind"] == "error"][0]
    assert "CPU only" in error["message"]


def test_dropout_of_a_transposed_tensor_drops_what_torch_drops():
    # torch fills the mask in memory order (empty_like keeps the transpose's strides): the
    # same draws land on the transposed positions, not on the logical order's
    source = ("torch.manual_seed(0)\nm = F.dropout(torch.ones(3, 2).t(), 0.5)\n"
              "torch.manual_seed(0)\nc = F.dropout(torch.ones(3, 2), 0.5)\n"
              "print(torch.equal(m, c.t()), torch.equal(m, c.reshape(2, 3)))\n")
    assert prints(source) == ["True False"]


def test_attention_with_other_key_sizes_has_torch_s_separate_projections():
    out = prints("m = nn.MultiheadAttention(4, 2, kdim=3, add_bias_kv=True)\n"
                 "print([name for name, _ in m.named_parameters()])\n")
    assert out == ["['q_proj_weight', 'k_proj_weight', 'v_proj_weight', 'in_proj_bias', "
                   "'bias_k', 'bias_v', 'out_proj.weight', 'out_proj.bias']"]
