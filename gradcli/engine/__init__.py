"""gradcli's engine layer: tensors, the op table, autograd, PyTorch's API surface."""
