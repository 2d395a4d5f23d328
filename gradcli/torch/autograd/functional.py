"""torch.autograd.functional: jacobian, hessian, vjp, jvp, hvp and vhp.

A port of PyTorch's torch/autograd/functional.py onto gradcli's autograd.grad, helper for
helper, so that values, grad_fns (create_graph=True), and errors are PyTorch's. Every pass
runs through `autograd_grad`, so the check sees each one like a script's own autograd.grad.
"""
from __future__ import annotations

from typing import Any

from gradcli.engine.errors import TorchError, runtime_error, type_error
from gradcli.engine.runtime import is_grad_enabled
from gradcli.engine.tensor import Size, Tensor
from gradcli.engine.type_names import type_name
from gradcli.torch._tensor.creation import zeros_like
from gradcli.torch._tensor.indexing import getitem
from gradcli.torch._tensor.shape import reshape, split, squeeze, stack, view
from gradcli.torch.autograd.grad import autograd_grad, enable_grad, set_grad_enabled

STRATEGIES = ("forward-mode", "reverse-mode")

# ---- PyTorch's helpers ----------------------------------------------------------------


def _as_tuple(inp, arg_name: str, fn_name: str) -> tuple[bool, tuple]:
    """(whether `inp` was a tuple, `inp` as a tuple of tensors)."""
    is_inp_tuple = isinstance(inp, tuple)
    inp = inp if is_inp_tuple else (inp,)
    for i, el in enumerate(inp):
        if not isinstance(el, Tensor):
            where = f"value at index {i}" if is_inp_tuple else f"given {arg_name}"
            raise type_error(f"The {arg_name} given to {fn_name} must be either a Tensor or a "
                             f"tuple of Tensors but the {where} has type "
                             f"<class '{type_name(el)}'>.")
    return is_inp_tuple, inp


def _tuple_postprocess(res, to_unpack):
    """Unwrap the tuples the caller did not give: `to_unpack` is one flag, or (outputs,
    inputs) for a Jacobian's tuple of tuples."""
    if isinstance(to_unpack, tuple):
        if not to_unpack[1]:
            res = tuple(el[0] for el in res)
        if not to_unpack[0]:
            res = res[0]
    elif not to_unpack:
        res = res[0]
    return res


def _grad_preprocess(inputs: tuple, create_graph: bool, need_graph: bool) -> tuple:
    """Inputs the function's graph starts from: a view of the caller's tensor when the result
    must stay differentiable in it, else a fresh detached leaf."""
    return tuple(view(inp, inp.data.shape) if create_graph and inp.requires_grad
                 else inp.detach().requires_grad_(need_graph) for inp in inputs)


def _grad_postprocess(inputs: tuple, create_graph: bool) -> tuple:
    if isinstance(inputs[0], Tensor):
        return inputs if create_graph else tuple(inp.detach() for inp in inputs)
    return tuple(_grad_postprocess(inp, create_graph) for inp in inputs)


def _validate_v(v: tuple, other: tuple, is_other_tuple: bool) -> None:
    if len(other) != len(v):
        if is_other_tuple:
            raise runtime_error(f"v is a tuple of invalid length: should be {len(other)} but "
                                f"got {len(v)}.")
        raise runtime_error("The given v should contain a single Tensor.")
    for idx, (el_v, el_other) in enumerate(zip(v, other)):
        if el_v.data.shape != el_other.data.shape:
            prepend = f"Entry {idx} in " if is_other_tuple else ""
            raise runtime_error(f"{prepend}v has invalid size: should be "
                                f"{Size(el_other.data.shape)} but got {Size(el_v.data.shape)}.")


_INDEPENDENT = {
    "hessian": "The hessian of the user-provided function with respect to input {i} is "
               "independent of the input. This is not allowed in strict mode. You should "
               "ensure that your function is thrice differentiable and that the hessian "
               "depends on the inputs.",
    "jacobian": "While computing the hessian, found that the jacobian of the user-provided "
                "function with respect to input {i} is independent of the input. This is not "
                "allowed in strict mode. You should ensure that your function is twice "
                "differentiable and that the jacobian depends on the inputs (this would be "
                "violated by a linear function for example).",
    "grad_inputs": "The gradient with respect to input {i} is independent of the inputs of "
                   "the user-provided function. This is not allowed in strict mode.",
    "outputs": "Output {i} of the user-provided function does not require gradients. The "
               "outputs must be computed in a differentiable manner from the input when "
               "running in strict mode.",
}


def _check_requires_grad(inputs: tuple, input_type: str, strict: bool) -> None:
    if not strict:
        return
    for i, inp in enumerate(inputs):
        if inp is None:
            raise runtime_error(f"The output of the user-provided function is independent of "
                                f"input {i}. This is not allowed in strict mode.")
        if not inp.requires_grad:
            raise runtime_error(_INDEPENDENT[input_type].format(i=i))


def _autograd_grad(outputs: tuple, inputs: tuple, grad_outputs=None, create_graph=False,
                   retain_graph=None) -> tuple:
    """autograd.grad over the outputs that require grad (None for every input if none do)."""
    if grad_outputs is None:
        grad_outputs = (None,) * len(outputs)
    kept = [(out, g) for out, g in zip(outputs, grad_outputs)
            if out is not None and out.requires_grad]
    if not kept:
        return (None,) * len(inputs)
    return autograd_grad([out for out, _ in kept], list(inputs), [g for _, g in kept],
                         allow_unused=True, create_graph=create_graph,
                         retain_graph=retain_graph)


_STAGE_INDEPENDENT = {
    "back": "The output of the user-provided function is independent of input {i}. This is "
            "not allowed in strict mode.",
    "back_trick": "The gradient with respect to the input is independent of entry {i} in the "
                  "grad_outputs when using the double backward trick to compute forward mode "
                  "gradients. This is not allowed in strict mode.",
    "double_back": "The jacobian of the user-provided function is independent of input {i}. "
                   "This is not allowed in strict mode.",
    "double_back_trick": "The hessian of the user-provided function is independent of entry "
                         "{i} in the grad_jacobian. This is not allowed in strict mode as it "
                         "prevents from using the double backward trick to replace forward "
                         "mode AD.",
}


def _fill_in_zeros(grads: tuple, refs: tuple, strict: bool, create_graph: bool,
                   stage: str) -> tuple:
    """Zeros where autograd.grad found no path (or strict mode's error)."""
    res = []
    for i, grads_i in enumerate(grads):
        if grads_i is None:
            if strict:
                raise runtime_error(_STAGE_INDEPENDENT[stage].format(i=i))
            grads_i = zeros_like(refs[i])
        elif strict and create_graph and not grads_i.requires_grad:
            what = "hessian" if "double" in stage else "jacobian"
            raise runtime_error(f"The {what} of the user-provided function is independent of "
                                f"input {i}. This is not allowed in strict mode when "
                                "create_graph=True.")
        res.append(grads_i)
    return tuple(res)


def _call(func, inputs: tuple, fn_name: str) -> tuple[bool, tuple]:
    """func(*inputs), its outputs checked to be tensors."""
    if not callable(func):
        raise type_error(f"'{type_name(func)}' object is not callable")
    return _as_tuple(func(*inputs), "outputs of the user-provided function", fn_name)


def _prepared(inputs, v, fn_name: str, create_graph: bool, v_like_inputs: bool):
    """The start every function shares: (is_inputs_tuple, inputs, v), v checked against the
    inputs when `v_like_inputs` (jvp, hvp, vhp; vjp checks it against the outputs later)."""
    is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", fn_name)
    inputs = _grad_preprocess(inputs, create_graph=create_graph, need_graph=True)
    if v is not None:
        _, v = _as_tuple(v, "v", fn_name)
        v = _grad_preprocess(v, create_graph=create_graph, need_graph=False)
        if v_like_inputs:
            _validate_v(v, inputs, is_inputs_tuple)
    elif v_like_inputs and (len(inputs) != 1 or inputs[0].numel() != 1):
        raise runtime_error("The vector v can only be None if the input to the user-provided "
                            "function is a single Tensor with a single element.")
    return is_inputs_tuple, inputs, v


def _scalar_gradient(func, inputs, v, fn_name: str, create_graph: bool, strict: bool):
    """hvp's and vhp's start: (is_inputs_tuple, inputs, v, outputs, the gradient of func's
    one output, a tensor of one element, with its graph)."""
    is_inputs_tuple, inputs, v = _prepared(inputs, v, fn_name, create_graph, True)
    is_outputs_tuple, outputs = _call(func, inputs, fn_name)
    _check_requires_grad(outputs, "outputs", strict=strict)
    if is_outputs_tuple:
        raise runtime_error(f"The function given to {fn_name} should return a single Tensor")
    if outputs[0].numel() != 1:
        raise runtime_error(f"The Tensor returned by the function given to {fn_name} should "
                            "contain a single element")
    jac = _autograd_grad(outputs, inputs, create_graph=True)
    _check_requires_grad(jac, "jacobian", strict=strict)
    return is_inputs_tuple, inputs, v, outputs, jac


def _last_pass(outputs: tuple, roots: tuple, wrt: tuple, v, refs: tuple, stage: str,
               create_graph: bool, strict: bool, unpack: tuple[bool, bool]) -> tuple:
    """The pass every product ends with: the gradient of `roots` with respect to `wrt`, seeded
    with v, differentiable only under create_graph; then (outputs, result), each unwrapped
    from its tuple unless the caller gave one (`unpack`)."""
    with set_grad_enabled(True if create_graph else is_grad_enabled()):
        grad_res = _autograd_grad(roots, wrt, v, create_graph=create_graph)
        result = _fill_in_zeros(grad_res, refs, strict, create_graph, stage)
    return (_tuple_postprocess(_grad_postprocess(outputs, create_graph), unpack[0]),
            _tuple_postprocess(_grad_postprocess(result, create_graph), unpack[1]))


# ---- the public functions -------------------------------------------------------------


def vjp(func, inputs, v=None, create_graph=False, strict=False) -> tuple:
    """(func(inputs), v^T J): the vector-Jacobian product."""
    with enable_grad():
        is_inputs_tuple, inputs, v = _prepared(inputs, v, "vjp", create_graph, False)
        is_outputs_tuple, outputs = _call(func, inputs, "vjp")
        _check_requires_grad(outputs, "outputs", strict=strict)
        if v is not None:
            _validate_v(v, outputs, is_outputs_tuple)
        elif len(outputs) != 1 or outputs[0].numel() != 1:
            raise runtime_error("The vector v can only be None if the user-provided function "
                                "returns a single Tensor with a single element.")
    return _last_pass(outputs, outputs, inputs, v, inputs, "back", create_graph, strict,
                      (is_outputs_tuple, is_inputs_tuple))


def jvp(func, inputs, v=None, create_graph=False, strict=False) -> tuple:
    """(func(inputs), J v), by PyTorch's double-backward trick: the vjp's gradient with
    respect to its own (zero) vector."""
    with enable_grad():
        is_inputs_tuple, inputs, v = _prepared(inputs, v, "jvp", create_graph, True)
        is_outputs_tuple, outputs = _call(func, inputs, "jvp")
        _check_requires_grad(outputs, "outputs", strict=strict)
        grad_outputs = tuple(zeros_like(out, requires_grad=True) for out in outputs)
        grad_inputs = _autograd_grad(outputs, inputs, grad_outputs, create_graph=True)
        _check_requires_grad(grad_inputs, "grad_inputs", strict=strict)
    return _last_pass(outputs, grad_inputs, grad_outputs, v, outputs, "back_trick",
                      create_graph, strict, (is_outputs_tuple, is_outputs_tuple))


def _jacobian_rows(out: Tensor, inputs: tuple, create_graph: bool, strict: bool,
                   index: int) -> tuple[list, ...]:
    """Per input, the gradient of each element of `out` (flattened) with respect to it."""
    rows: tuple[list, ...] = tuple([] for _ in inputs)
    flat = reshape(out, -1)
    for j in range(out.numel()):
        vj = _autograd_grad((getitem(flat, j),), inputs, retain_graph=True,
                            create_graph=create_graph)
        for el_idx, (row, vj_el, inp_el) in enumerate(zip(rows, vj, inputs)):
            if vj_el is None:
                if strict:
                    raise runtime_error(f"Output {index} of the user-provided function is "
                                        f"independent of input {el_idx}. This is not allowed "
                                        "in strict mode.")
                vj_el = zeros_like(inp_el)
            elif strict and create_graph and not vj_el.requires_grad:
                raise runtime_error(f"The jacobian of the user-provided function is "
                                    f"independent of input {index}. This is not allowed in "
                                    "strict mode when create_graph=True.")
            row.append(vj_el)
    return rows


def _stacked(rows: list, out: Tensor, inp: Tensor) -> Tensor:
    return view(stack(rows, dim=0), (*out.data.shape, *inp.data.shape))


def _vectorized(per_output: list, outputs: tuple, inputs: tuple) -> tuple:
    """The Jacobian assembled as PyTorch's vectorized path does (one batched gradient per
    input, split by output), so its grad_fns are PyTorch's; the rows are computed one by one,
    the values the same."""
    numels = [out.numel() for out in outputs]
    by_input = []
    for i, inp in enumerate(inputs):
        batched = stack([row for rows in per_output for row in rows[i]], dim=0)
        by_input.append([view(piece, (*out.data.shape, *inp.data.shape))
                         for piece, out in zip(split(batched, numels, dim=0), outputs)])
    return tuple(zip(*by_input))


def jacobian(func, inputs, create_graph=False, strict=False, vectorize=False,
             strategy="reverse-mode") -> Any:
    """The Jacobian of `func` at `inputs`: one tensor of shape output.shape + input.shape per
    (output, input), in tuples as the caller gave tuples."""
    if strategy not in STRATEGIES:
        raise TorchError("AssertionError", 'Expected strategy to be either "forward-mode" or '
                         '"reverse-mode". Hint: If your function has more outputs than inputs, '
                         '"forward-mode" tends to be more performant. Otherwise, prefer to use '
                         '"reverse-mode".')
    if strategy == "forward-mode":
        return _forward_mode(func, inputs, create_graph, strict, vectorize)
    with enable_grad():
        is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "jacobian")
        inputs = _grad_preprocess(inputs, create_graph=create_graph, need_graph=True)
        is_outputs_tuple, outputs = _call(func, inputs, "jacobian")
        _check_requires_grad(outputs, "outputs", strict=strict)
        if vectorize and strict:
            raise runtime_error("torch.autograd.functional.jacobian: `strict=True` and "
                                "`vectorized=True` are not supported together. Please either "
                                "set `strict=False` or `vectorize=False`.")
        per_output = [_jacobian_rows(out, inputs, create_graph, strict, i)
                      for i, out in enumerate(outputs)]
        if vectorize:
            result = _vectorized(per_output, outputs, inputs)
        else:
            result = tuple(tuple(_stacked(rows, out, inp) for rows, inp in zip(per_in, inputs))
                           for per_in, out in zip(per_output, outputs))
        result = _grad_postprocess(result, create_graph)
        return _tuple_postprocess(result, (is_outputs_tuple, is_inputs_tuple))


def _forward_mode(func, inputs, create_graph, strict, vectorize) -> Any:
    """strategy="forward-mode": PyTorch's refusals; where it computes (vectorize=True, by
    forward AD under vmap), the same Jacobian, computed here in reverse mode."""
    if create_graph:
        raise TorchError("NotImplementedError", "torch.autograd.functional.jacobian: "
                         '`create_graph=True` and `strategy="forward-mode"` are not supported '
                         "together (yet). Please either set `create_graph=False` or "
                         '`strategy="reverse-mode"`.')
    if strict:
        raise runtime_error('torch.autograd.functional.jacobian: `strict=True` and '
                            '`strategy="forward-mode"` are not supported together (yet). Please '
                            'either set `strict=False` or `strategy="reverse-mode"`.')
    if not vectorize:
        raise TorchError("NotImplementedError", "Computing Jacobian using forward-AD or "
                         "forward-over-reverse Hessian isonly implemented for "
                         "`vectorize=True`.")
    return jacobian(func, inputs)


def hessian(func, inputs, create_graph=False, strict=False, vectorize=False,
            outer_jacobian_strategy="reverse-mode") -> Any:
    """The Hessian of a scalar `func`: the Jacobian of its gradient."""
    is_inputs_tuple, inputs = _as_tuple(inputs, "inputs", "hessian")
    if outer_jacobian_strategy not in STRATEGIES:
        raise TorchError("AssertionError",
                         'Expected strategy to be either "forward-mode" or "reverse-mode".')

    def ensure_single_output_function(*inp):
        out = func(*inp)
        is_out_tuple, t_out = _as_tuple(out, "outputs of the user-provided function",
                                        "hessian")
        _check_requires_grad(t_out, "outputs", strict=strict)
        if is_out_tuple:
            raise runtime_error("The function given to hessian should return a single Tensor")
        if out.numel() != 1:
            raise runtime_error("The Tensor returned by the function given to hessian should "
                                "contain a single element")
        return squeeze(out)

    def jac_func(*inp):
        jac = jacobian(ensure_single_output_function, inp, create_graph=True)
        _check_requires_grad(jac, "jacobian", strict=strict)
        return jac

    res = jacobian(jac_func, inputs, create_graph=create_graph, strict=strict,
                   vectorize=vectorize, strategy=outer_jacobian_strategy)
    return _tuple_postprocess(res, (is_inputs_tuple, is_inputs_tuple))


def vhp(func, inputs, v=None, create_graph=False, strict=False) -> tuple:
    """(func(inputs), v^T H) for a scalar func."""
    with enable_grad():
        is_inputs_tuple, inputs, v, outputs, jac = _scalar_gradient(func, inputs, v, "vhp",
                                                                    create_graph, strict)
    return _last_pass(outputs, jac, inputs, v, inputs, "double_back", create_graph, strict,
                      (False, is_inputs_tuple))


def hvp(func, inputs, v=None, create_graph=False, strict=False) -> tuple:
    """(func(inputs), H v) for a scalar func, by the double-backward trick."""
    with enable_grad():
        is_inputs_tuple, inputs, v, outputs, jac = _scalar_gradient(func, inputs, v, "hvp",
                                                                    create_graph, strict)
        grad_jac = tuple(zeros_like(inp, requires_grad=True) for inp in inputs)
        double_back = _autograd_grad(jac, inputs, grad_jac, create_graph=True)
        _check_requires_grad(jac, "hessian", strict=strict)
    return _last_pass(outputs, double_back, grad_jac, v, inputs, "double_back_trick",
                      create_graph, strict, (False, is_inputs_tuple))


FUNCTIONS = {"vjp": vjp, "jvp": jvp, "jacobian": jacobian, "hessian": hessian, "vhp": vhp,
             "hvp": hvp}
