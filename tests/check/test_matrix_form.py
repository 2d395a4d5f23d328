"""The structured rows' formula column: the gradient as a matrix expression (check/matrix_form.py),
bounded in the table, whole in JSON and with --explain; what it cannot write is a placeholder."""
import json
import os
import subprocess
import sys

import numpy as np
from test_checker import rows

from gradcli.check import matrix_form

MLP = ("torch.manual_seed(0)\nX = torch.randn(512, 64); Y = torch.randn(512, 1)\n"
       "W1 = (torch.randn(64, 128) * 0.1).requires_grad_(); "
       "b1 = torch.zeros(128, requires_grad=True)\n"
       "W2 = (torch.randn(128, 1) * 0.1).requires_grad_()\n"
       "loss = ((torch.tanh(X @ W1 + b1) @ W2 - Y) ** 2).mean()\nloss.backward()")

NORM = ("torch.manual_seed(3)\nx = torch.randn(16, 32)\nlin = torch.nn.Linear(32, 32)\n"
        "ln = torch.nn.LayerNorm(32)\nloss = torch.relu(ln(lin(x))).pow(2).mean()\n"
        "loss.backward()")


def by_name(source: str) -> dict:
    result, rs = rows(source)
    assert result.status == "ok"
    return {r.name: r for r in rs}


def test_the_mlp_reads_as_matrix_products_with_the_transposed_operands():
    found = by_name(MLP)
    w1, b1, w2 = found["W1"], found["b1"], found["W2"]
    assert all(r.method == "symbolic" and "structured" in r.note for r in (w1, b1, w2))
    assert w1.formula == [
        "(2/512)·Xᵀ·(((tanh(X·W1 + b1)·W2 − Y)·W2ᵀ) ⊙ (1 − tanh²(X·W1 + b1)))"]
    assert w1.matrix_form == "(2/512)·Xᵀ·(((tanh(X·W1 + b1)·W2 − Y)·W2ᵀ) ⊙ (1 − tanh²(·)))"
    assert b1.matrix_form.startswith("(2/512)·Σᵢ(")  # the bias, summed over the batch rows
    assert w2.formula == ["(2/512)·tanh(X·W1 + b1)ᵀ·(tanh(X·W1 + b1)·W2 − Y)"]
    assert w2.added_formula == w2.formula


def test_a_loop_accumulates_the_form_and_reuses_it():
    loop = MLP.replace("loss = ", "for step in range(3):\n    loss = ").replace(
        "\nloss.backward()", "\n    loss.backward()")
    result, rs = rows(loop)
    w1 = [r for r in rs if r.name == "W1"]
    assert len(w1) == 3 and w1[0].matrix_form and w1[1].matrix_form.startswith("2*(")
    assert w1[2].formula[0].startswith("3*((2/512)·Xᵀ·")


def test_layer_norm_reads_as_its_closed_form_over_x_hat_and_sigma():
    found = by_name(NORM)
    assert found["lin.weight"].formula == [
        "(2/512)·((Ĝ₁ − meanⱼ(Ĝ₁) − x̂₁ ⊙ meanⱼ(Ĝ₁ ⊙ x̂₁))/σ₁)ᵀ·x; where "
        "x̂₁ = (x·lin.weightᵀ + lin.bias − meanⱼ(x·lin.weightᵀ + lin.bias))/σ₁, "
        "σ₁ = √(varⱼ(x·lin.weightᵀ + lin.bias) + 1e−5), "
        "Ĝ₁ = relu(x̂₁ ⊙ ln.weight + ln.bias) ⊙ [(x̂₁ ⊙ ln.weight + ln.bias) > 0] ⊙ ln.weight"]
    assert found["lin.weight"].matrix_form == \
        "(2/512)·((Ĝ₁ − meanⱼ(Ĝ₁) − x̂₁ ⊙ meanⱼ(Ĝ₁ ⊙ x̂₁))/σ₁)ᵀ·x"
    assert found["ln.weight"].formula[0].startswith("(2/512)·Σᵢ(relu(x̂₁ ⊙ ln.weight + ln.bias)")
    assert found["ln.weight"].formula[0].split(";")[0].endswith(" ⊙ x̂₁)")  # Σᵢ(G ⊙ x̂)
    assert found["ln.bias"].formula[0].split(";")[0] == \
        "(2/512)·Σᵢ(relu(x̂₁ ⊙ ln.weight + ln.bias) ⊙ [(x̂₁ ⊙ ln.weight + ln.bias) > 0])"


def test_the_table_is_bounded_and_the_full_form_is_in_json():
    found = by_name(NORM)
    for row in found.values():
        assert len(row.matrix_form) <= matrix_form.TABLE_CHARS
    longest = max(found.values(), key=lambda r: len(r.formula[0]))
    assert len(longest.formula[0]) > matrix_form.TABLE_CHARS  # so the bound did cut


def test_the_attention_scores_transposes_come_out_right():
    found = by_name(
        "torch.manual_seed(0)\nx = torch.randn(6, 8)\n"
        "Wq = torch.randn(8, 8, requires_grad=True); Wk = torch.randn(8, 8, requires_grad=True)\n"
        "q = x @ Wq; k = x @ Wk\natt = torch.softmax(q @ k.T, dim=-1)\n"
        "out = (att @ x).sum()\nout.backward()")
    # S ⊙ (G − Σⱼ(G ⊙ S))
    softmax = "softmax(x·Wq·(x·Wk)ᵀ) ⊙ (𝟙·xᵀ − Σⱼ(𝟙·xᵀ ⊙ softmax(x·Wq·(x·Wk)ᵀ)))"
    assert found["Wk"].formula == [f"xᵀ·({softmax})ᵀ·x·Wq"]  # the grad of kᵀ, transposed
    assert found["Wq"].formula == [f"xᵀ·({softmax})·(x·Wk)"]


def test_explain_prints_the_full_form_under_the_table(tmp_path):
    script = tmp_path / "mlp.py"
    script.write_text("import torch\n" + NORM + "\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    run = subprocess.run([sys.executable, "-m", "gradcli", "run", str(script), "--width", "400",
                          "--explain"], capture_output=True, text=True, env=env, timeout=120)
    shown = run.stdout
    full = [line for line in shown.splitlines() if line.startswith("lin.weight.grad = ")]
    assert full and len(full[0]) > matrix_form.TABLE_CHARS and "(·)" not in full[0]
    assert "; where x̂₁ = " in full[0] and "σ₁ = √(" in full[0]  # the names, defined
    data = subprocess.run([sys.executable, "-m", "gradcli", "run", str(script), "--format",
                           "json"], capture_output=True, text=True, env=env, timeout=120)
    (event,) = [e for e in json.loads(data.stdout)["events"] if e["kind"] == "backward"]
    weight = next(g for g in event["grads"] if g["name"] == "lin.weight")
    assert weight["formula"] == [full[0].removeprefix("lin.weight.grad = ")]


def test_an_op_sympy_cannot_write_keeps_the_row_checked():
    found = by_name("torch.manual_seed(1)\nW = torch.randn(40, 40, requires_grad=True)\n"
                    "x = torch.randn(8, 40)\nloss = torch.cumsum(torch.sin(x @ W), dim=1).sum()\n"
                    "loss.backward()")
    row = found["W"]
    assert row.method == "symbolic" and row.formula[0].startswith("xᵀ·(∂cumsum(")


def test_an_input_passed_on_whole_keeps_its_parentheses():
    """d(a²)/da = 2·a: the sum a is written into a product, so it stays parenthesised."""
    found = by_name("import torch.nn as nn\ntorch.manual_seed(0)\nx = torch.randn(5, 3)\n"
                    "model = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 1))\n"
                    "loss = model(x).pow(2).mean()\nloss.backward()")
    assert found["model.2.weight"].formula == [
        "(2/5)·(tanh(x·model.0.weightᵀ + model.0.bias)·model.2.weightᵀ + model.2.bias)ᵀ·"
        "tanh(x·model.0.weightᵀ + model.0.bias)"]


CE_MLP = ("import torch.nn as nn\ntorch.manual_seed(0)\n"
          "model = nn.Sequential(nn.Linear(5, 6), nn.ReLU(), nn.Linear(6, 3))\n"
          "x = torch.randn(8, 5)\ny = torch.randint(0, 3, (8,))\n"
          "loss = nn.CrossEntropyLoss()(model(x), y)\nloss.backward()")
ONEHOT = "; onehot(y): 1 at each row's target class, 0 elsewhere"
HIDDEN = "relu(x·model.0.weightᵀ + model.0.bias)"
LOGITS = f"{HIDDEN}·model.2.weightᵀ + model.2.bias"


def test_cross_entropy_reads_as_softmax_minus_onehot_chained_back():
    found = by_name(CE_MLP)
    assert found["model.2.weight"].formula == [
        f"(1/8)·(softmax({LOGITS}) − onehot(y))ᵀ·{HIDDEN}{ONEHOT}"]
    assert found["model.0.weight"].formula == [
        f"(1/8)·(((softmax({LOGITS}) − onehot(y))·model.2.weight) ⊙ "
        f"[(x·model.0.weightᵀ + model.0.bias) > 0])ᵀ·x{ONEHOT}"]
    table = found["model.0.weight"].matrix_form
    assert len(table) <= matrix_form.TABLE_CHARS and "onehot(y)" in table and "where" not in table


def test_log_softmax_and_nll_loss_read_as_cross_entropy_and_weighted_as_the_general_form():
    plain = by_name(CE_MLP.replace("nn.CrossEntropyLoss()(model(x), y)",
                                   "torch.nn.functional.nll_loss(model(x).log_softmax(1), y)"))
    assert plain["model.2.bias"].formula == [f"(1/8)·Σᵢ(softmax({LOGITS}) − onehot(y)){ONEHOT}"]
    weighted = by_name(CE_MLP.replace("nn.CrossEntropyLoss()", "nn.CrossEntropyLoss("
                                      "weight=torch.tensor([1., 2., 3.]))"))
    bias = weighted["model.2.bias"].formula[0]  # rows no longer sum to one: G − softmax ⊙ ΣⱼG
    assert bias.startswith("−Σᵢ(G₁ − softmax(") and " ⊙ Σⱼ(G₁))" in bias
    assert "; where G₁ = (w[y] ⊙ onehot(y))/Σ w[y]" in bias


CONV = ("import torch.nn as nn\nimport torch.nn.functional as F\ntorch.manual_seed(5)\n"
        "c1 = nn.Conv2d(1, 2, 3, padding=1)\nc2 = nn.Conv2d(2, 2, 3)\n"
        "x = torch.randn(2, 1, 6, 6)\n"
        "loss = F.max_pool2d(F.relu(c2(F.relu(c1(x)))), 2).pow(2).sum()\nloss.backward()")


def test_a_conv_net_reads_as_transposed_convolutions_and_correlations():
    found = by_name(CONV)
    inner = "conv(relu(conv(x, c1.weight, padding=1) + c1.bias), c2.weight) + c2.bias"
    g2 = f"unpool(maxpool(relu({inner})), argmax) ⊙ [({inner}) > 0]"
    weight2 = found["c2.weight"].formula[0]
    assert weight2.startswith(f"2·corr(relu(conv(x, c1.weight, padding=1) + c1.bias), {g2});")
    assert found["c2.bias"].formula[0].startswith(f"2·Σᵢₖₗ({g2});")
    weight1 = found["c1.weight"].formula[0]
    assert weight1.startswith(  # the padding of c1, c2 has none
        f"2·corr(x, conv_transpose({g2}, c2.weight) ⊙ [(conv(x, c1.weight, padding=1) + c1.bias)"
        " > 0], padding=1);")
    for name in ("conv_transpose(G, W): the transposed convolution", "corr(X, G): the cross",
                 "unpool(G, argmax): each element of G put back"):
        assert name in weight1  # what the operations mean, after the form
    assert "conv_transpose(G, W)" not in weight2
    assert all(len(r.matrix_form) <= matrix_form.TABLE_CHARS for r in found.values())


def test_constants_read_as_people_write_them():
    tidy = matrix_form.tidy_number
    assert [tidy(v) for v in (2.0, 0.5, 0.01, 1 / 3, 8 ** 0.5, 8 ** -0.5, 1e-5, -1.0)] == \
        ["2", "0.5", "0.01", "1/3", "√8", "1/√8", "1e−5", "−1"]
    assert tidy(float(np.float32(8 ** -0.5))) == "1/√8" and tidy(0.123456) == "0.1235"
    found = by_name("import math\ntorch.manual_seed(10)\nx = torch.randn(4, 8)\n"
                    "k = torch.randn(8, 4)\nW = torch.randn(8, 8, requires_grad=True)\n"
                    "att = torch.softmax(x @ W @ k / math.sqrt(8), dim=-1)\n"
                    "att.pow(2).mean().backward()")
    scores = "softmax((x·W·k)/√8)"
    assert found["W"].formula == [  # G/√8, not G ⊙ 1/2.828
        f"(2/16)·xᵀ·({scores} ⊙ ({scores} − Σⱼ({scores} ⊙ {scores}))/√8)·kᵀ"]


def test_the_logistic_reads_as_sigma_and_huber_as_a_clamp():
    found = by_name("import torch.nn as nn\ntorch.manual_seed(2)\n"
                    "x = torch.randn(64, 3, requires_grad=True)\nt = torch.rand(64, 1)\n"
                    "lin = nn.Linear(3, 1)\n"
                    "loss = nn.BCEWithLogitsLoss()(lin(torch.sigmoid(x)), t) + "
                    "nn.HuberLoss()(lin(x), t)\nloss.backward()")
    assert found["lin.bias"].formula == [
        "(1/64)·Σᵢ(σ(σ(x)·lin.weightᵀ + lin.bias) − t) + "
        "(1/64)·Σᵢ(clamp(x·lin.weightᵀ + lin.bias − t, −1, 1))"]
    assert found["x"].formula[0].startswith(  # sigmoid's derivative σ ⊙ (1 − σ)
        "(1/64)·(((σ(σ(x)·lin.weightᵀ + lin.bias) − t)·lin.weight) ⊙ σ(x) ⊙ (1 − σ(x)))")
    assert "x·lin.weightᵀ" in found["lin.bias"].matrix_form  # a name is not elided


def test_a_recurrent_net_reads_as_a_chain_of_named_steps():
    """Each state is read twice per step: written out whole the form would double with every
    step; named (Z₁, G₁) and defined after it, it grows with the steps."""
    found = by_name("torch.manual_seed(4)\nW = torch.randn(6, 6, requires_grad=True)\n"
                    "U = torch.randn(3, 6, requires_grad=True)\nh = torch.zeros(5, 6)\n"
                    "for t in range(6):\n    x = torch.randn(5, 3)\n"
                    "    h = torch.tanh(h @ W + x @ U) + 0.5 * h\n"
                    "loss = h.pow(2).mean()\nloss.backward()")
    full = found["W"].formula[0]
    assert "⋯" not in full and "; where Z₁ = " in full and len(full) < matrix_form.FULL_CHARS
    assert "Z₅ = tanh(Z₄·W + " in full  # each step's state from the one before
    assert len(found["W"].matrix_form) <= matrix_form.TABLE_CHARS


def test_selections_and_in_place_writes_read_as_where_their_gradient_goes():
    found = by_name("torch.manual_seed(1)\nW = torch.randn(10, 4, requires_grad=True)\n"
                    "E = torch.randn(12, 4, requires_grad=True)\n"
                    "idx = torch.tensor([1, 3, 3, 7])\nx = torch.randn(64, 4)\n"
                    "h = torch.index_select(W, 0, idx).contiguous()\n"
                    "y = (x @ h.t()).reshape(-1)\nz = torch.zeros(256)\n"
                    "z[::2] = torch.tanh(y[::2])\n"
                    "e = torch.nn.functional.embedding(torch.tensor([[0, 2], [5, 2]]), E)\n"
                    "loss = z.pow(2).sum() + e.sum(1).pow(2).mean()\nloss.backward()")
    weight = found["W"].formula[0]
    assert weight.startswith("index_add(view⁻¹(2·put(written(copy_slices(z, copy(")
    assert "[::2]))ᵀ·x, idx);" in weight and "written(G): the elements of G" in weight
    assert "contiguous" not in weight  # the same elements: nothing to write
    assert found["E"].formula[0].startswith("(2/8)·scatter_add(Σⱼ(E[idx]), idx);")


def test_batch_norm_and_statistics_read_in_closed_form():
    found = by_name("import torch.nn as nn\ntorch.manual_seed(6)\nx = torch.randn(32, 5)\n"
                    "bn = nn.BatchNorm1d(5)\nev = nn.BatchNorm1d(5)\nev.eval()\n"
                    "W = torch.randn(5, 5, requires_grad=True)\n"
                    "loss = ev(bn(x @ W)).pow(2).mean() + torch.logsumexp(x @ W, 1).mean() + "
                    "(x @ W).var(0).sum() + torch.amax(x @ W, 1).sum()\nloss.backward()")
    assert found["W"].formula == [
        "(2/160)·xᵀ·((Ĝ₁ − meanᵢ(Ĝ₁) − x̂₁ ⊙ meanᵢ(Ĝ₁ ⊙ x̂₁))/σ₁)"  # training: batch statistics
        " + (1/32)·xᵀ·softmaxⱼ(x·W)"  # logsumexp
        " + (2/31)·xᵀ·(x·W − meanᵢ(x·W))"  # var, N − 1 = 31
        " + xᵀ·ties(x·W); where "  # amax
        "x̂₁ = (x·W − meanᵢ(x·W))/σ₁, σ₁ = √(varᵢ(x·W) + 1e−5), "
        "x̂₂ = (x̂₁ ⊙ bn.weight + bn.bias − running mean)/σ₂, σ₂ = √(running var + 1e−5), "
        "Ĝ₁ = (x̂₂ ⊙ ev.weight + ev.bias) ⊙ ev.weight/σ₂ ⊙ bn.weight; "  # eval: G ⊙ γ/σ
        "ties(X): 1/(number of extrema) where X is its extremum, 0 elsewhere"]
