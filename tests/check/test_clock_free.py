"""No clock decides a method, a formula or a verdict (issue #29): a script checked on a busy
machine prints what it prints on a quiet one. Each script below is run twice, once as it is
and once with every clock running 50 times slower than time (what a loaded machine looks like
to code that times itself); the outputs must be the same, byte for byte. The quiet run is the
differential tests' own (test_differential.gradcli_trace, in the script's xdist group): each
script is run once more here, not twice.

The scripts are of every path: sympy per element (662's attention takes sympy seconds),
structured, numeric (475's finite differences, whose sample count was timed), sampled, and
none."""
import json
import sys
import time
from pathlib import Path

import pytest

from gradcli.app.api import run_json
from gradcli.app.running import RunOptions
from gradcli.engine.limits import Limits

sys.path.insert(0, str(Path(__file__).parents[1]))
from test_differential import CORPUS, gradcli_trace  # noqa: E402

SCRIPTS = [
    # sympy per element
    "001_accumulate_two_backwards", "002_zero_grad_between", "004_retain_grad_before",
    "229_ptest_inplace_view_backprop_view", "297_train_gan_style_detach",
    "298_train_gradient_accumulation", "391_random_program_77_14",
    "414_train_polynomial_fit_full_precision", "438_mse_loss_mixed_dtypes_create_graph",
    "774_gradcheck_float32", "777_gradcheck_multiple_inputs", "801_func_vmap_grad_per_example",
    "802_func_functional_call", "885_einsum_bilinear_three",
    "662_layer_norm_sequence_attention",
    # structured
    "620_blitz_lenet_tutorial", "642_lstm_proj_size", "646_nn_pack_bidirectional_layers",
    "733_gru_classifier_adam", "734_lstm_bidirectional", "750_lstm_manual_gates",
    "873_check_gather_log_softmax", "880_check_masked_attention_where",
    # numeric, sampled, none
    "452_identities_that_drop_a_nan", "455_identities_inside_the_derivative",
    "475_flip_roll_scatter_grads", "780_anomaly_sqrt_nan", "630_conv_double_backward",
    "451_leaf_written_through_data_after_the_graph", "709_hvp_vhp_docs",
]
SLOWER = 50
# the time limit may end a run (a named limit), never change one that finishes: far off here
OPTIONS = dict(limits=Limits(max_seconds=10**6))


def output(stem: str) -> str:
    script = CORPUS / f"{stem}.py"
    return text(run_json(script.read_text(), str(script), RunOptions(**OPTIONS)))


def quiet_output(stem: str) -> str:
    return text(gradcli_trace(CORPUS / f"{stem}.py"))


def text(trace: dict) -> str:
    return json.dumps(untimed(trace), sort_keys=True)


def untimed(value):
    """The output less what a clock measures (none in a session's JSON today)."""
    if isinstance(value, dict):
        return {k: untimed(v) for k, v in value.items() if k not in TIMINGS}
    if isinstance(value, list):
        return [untimed(v) for v in value]
    return value


TIMINGS = frozenset({"seconds", "elapsed", "timestamp"})


def slowed(clock):
    start = clock()
    return lambda: start + (clock() - start) * SLOWER


@pytest.mark.parametrize("stem", [
    pytest.param(stem, id=stem, marks=pytest.mark.xdist_group(stem)) for stem in SCRIPTS])
def test_a_busy_machine_prints_what_a_quiet_one_does(stem, monkeypatch):
    if "sympy" in sys.modules:  # the slow run's sympy as cold as a new process's (the second
        sys.modules["sympy"].core.cache.clear_cache()  # run's, warm, is faster still)
    for name in ("monotonic", "perf_counter", "time"):
        monkeypatch.setattr(time, name, slowed(getattr(time, name)))
    busy = output(stem)
    monkeypatch.undo()
    assert busy == quiet_output(stem)


def test_the_scripts_are_of_every_path():
    methods = set()
    for stem in ("001_accumulate_two_backwards", "475_flip_roll_scatter_grads", "709_hvp_vhp_docs",
                 "630_conv_double_backward", "880_check_masked_attention_where"):
        trace = gradcli_trace(CORPUS / f"{stem}.py")
        methods |= {g["method"] + (" structured" if "structured" in (g["note"] or "") else "")
                    for e in trace["events"] if e["kind"] == "backward" for g in e["grads"]}
    assert methods >= {"symbolic", "symbolic structured", "numeric", "sampled", "none"}
