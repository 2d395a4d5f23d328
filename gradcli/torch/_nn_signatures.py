"""The signatures of the builtins (torch._C._nn's, and torch._VF's) that torch's Python
functions (F's, torch.cdist) call, as torch's argument parser has them: their checks before
gradcli's own (nn/functional/_common.py, nn/functional/pooling.py). The public names'
signatures are on their declarations (torch/_declare.py)."""

NN = {
    "adaptive_avg_pool2d": (
        "adaptive_avg_pool2d(Tensor input, SymIntArrayRef[2] output_size, *, Tensor out=None)",),
    "avg_pool2d": (
        "avg_pool2d(Tensor input, IntArrayRef[2] kernel_size, IntArrayRef[2] stride=None, "
        "IntArrayRef[2] padding=0, bool ceil_mode=False, bool count_include_pad=True, "
        "int64_t? divisor_override=None, *, Tensor out=None)",),
    "binary_cross_entropy": (
        "binary_cross_entropy(Tensor input, Tensor target, Tensor? weight=None, "
        "int64_t reduction=at::Reduction::Mean, *, Tensor out=None)",),
    "binary_cross_entropy_with_logits": (
        "binary_cross_entropy_with_logits(Tensor input, Tensor target, Tensor? weight=None, "
        "Tensor? pos_weight=None, int64_t reduction=at::Reduction::Mean)",),
    "cross_entropy_loss": (
        "cross_entropy_loss(Tensor input, Tensor target, Tensor? weight=None, "
        "int64_t reduction=at::Reduction::Mean, SymInt ignore_index=-100, "
        "double label_smoothing=0.0)",),
    "cdist": ("cdist(Tensor x1, Tensor x2, double p=2, int64_t? compute_mode=None)",),
    "embedding": ("embedding(Tensor weight, Tensor indices, SymInt padding_idx=-1, "
                  "bool scale_grad_by_freq=False, bool sparse=False)",),
    "embedding_bag": (
        "embedding_bag(Tensor weight, Tensor indices, Tensor offsets, bool scale_grad_by_freq, "
        "int64_t mode, bool sparse, Tensor? per_sample_weights, bool include_last_offset, "
        "int64_t? padding_idx)",
        "embedding_bag(Tensor weight, Tensor indices, Tensor offsets, bool "
        "scale_grad_by_freq=False, int64_t mode=0, bool sparse=False, Tensor? "
        "per_sample_weights=None, bool include_last_offset=False)"),
    "layer_norm": ("layer_norm(Tensor input, SymIntArrayRef normalized_shape, "
                   "Tensor? weight=None, Tensor? bias=None, double eps=1e-05, "
                   "bool cudnn_enable=True)",),
    "elu": ("elu(Tensor input, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1, *, "
            "Tensor out=None)",),
    "softplus": ("softplus(Tensor input, Scalar beta=1, Scalar threshold=20, *, "
                 "Tensor out=None)",),
    "glu": ("glu(Tensor input, int64_t dim=-1, *, Tensor out=None)",),
    "hardtanh": ("hardtanh(Tensor input, Scalar min_val=-1, Scalar max_val=1, *, "
                 "Tensor out=None)",),
    "hardsigmoid": ("hardsigmoid(Tensor input, *, Tensor out=None)",),
    "hardsigmoid_": ("hardsigmoid_(Tensor input)",),
    "mish": ("mish(Tensor input, *, Tensor out=None)",),
    "mish_": ("mish_(Tensor input)",),
    "feature_dropout": ("feature_dropout(Tensor input, double p, bool train)",),
    "feature_dropout_": ("feature_dropout_(Tensor input, double p, bool train)",),
    "alpha_dropout": ("alpha_dropout(Tensor input, double p, bool train)",),
    "alpha_dropout_": ("alpha_dropout_(Tensor input, double p, bool train)",),
    "feature_alpha_dropout": ("feature_alpha_dropout(Tensor input, double p, bool train)",),
    "feature_alpha_dropout_": ("feature_alpha_dropout_(Tensor input, double p, bool train)",),
    "poisson_nll_loss": ("poisson_nll_loss(Tensor input, Tensor target, bool log_input, "
                         "bool full, double eps, int64_t reduction)",),
    "multi_margin_loss": (
        "multi_margin_loss(Tensor input, Tensor target, Scalar p=1, Scalar margin=1, "
        "Tensor? weight=None, int64_t reduction=at::Reduction::Mean, *, Tensor out=None)",),
    "multilabel_margin_loss": (
        "multilabel_margin_loss(Tensor input, Tensor target, "
        "int64_t reduction=at::Reduction::Mean, *, Tensor out=None)",),
    "rrelu": ("rrelu(Tensor input, Scalar lower=0.125, Scalar upper=0.3333333333333333, "
              "bool training=False, Generator? generator=None)",),
    "rrelu_": ("rrelu_(Tensor input, Scalar lower=0.125, Scalar upper=0.3333333333333333, "
               "bool training=False, Generator? generator=None)",),
    "celu": ("celu(Tensor input, Scalar alpha=1.0)",),
    "celu_": ("celu_(Tensor input, Scalar alpha=1.0)",),
    "selu": ("selu(Tensor input)",),
    "selu_": ("selu_(Tensor input)",),
    "hinge_embedding_loss": ("hinge_embedding_loss(Tensor input, Tensor target, double margin=1.0, "
                             "int64_t reduction=at::Reduction::Mean)",),
    "soft_margin_loss": ("soft_margin_loss(Tensor input, Tensor target, "
                         "int64_t reduction=at::Reduction::Mean, *, Tensor out=None)",),
    "group_norm": ("group_norm(Tensor input, int64_t num_groups, Tensor? weight=None, "
                   "Tensor? bias=None, double eps=1e-05, bool cudnn_enabled=True)",),
    "instance_norm": ("instance_norm(Tensor input, Tensor? weight, Tensor? bias, "
                      "Tensor? running_mean, Tensor? running_var, bool use_input_stats, "
                      "double momentum, double eps, bool cudnn_enabled)",),
    "rms_norm": ("rms_norm(Tensor input, SymIntArrayRef normalized_shape, Tensor? weight=None, "
                 "double? eps=None)",),
    "leaky_relu": ("leaky_relu(Tensor input, Scalar negative_slope=0.01, *, Tensor out=None)",),
    "leaky_relu_": ("leaky_relu_(Tensor input, Scalar negative_slope=0.01)",),
    "mse_loss": ("mse_loss(Tensor input, Tensor target, int64_t reduction=at::Reduction::Mean, "
                 "*, Tensor out=None)",),
    "max_pool3d_with_indices": (
        "max_pool3d_with_indices(Tensor input, IntArrayRef[3] kernel_size, "
        "IntArrayRef[3] stride=[], IntArrayRef[3] padding=0, IntArrayRef[3] dilation=1, "
        "bool ceil_mode=False)",),
    "avg_pool3d": (
        "avg_pool3d(Tensor input, IntArrayRef[3] kernel_size, IntArrayRef[3] stride=None, "
        "IntArrayRef[3] padding=0, bool ceil_mode=False, bool count_include_pad=True, "
        "int64_t? divisor_override=None, *, Tensor out=None)",),
    "adaptive_avg_pool3d": (
        "adaptive_avg_pool3d(Tensor input, SymIntArrayRef[3] output_size, *, Tensor out=None)",),
    "adaptive_max_pool2d": (
        "adaptive_max_pool2d(Tensor input, IntArrayRef[2] output_size, *, TensorList "
        "out=None)",),
    "adaptive_max_pool3d": (
        "adaptive_max_pool3d(Tensor input, IntArrayRef[3] output_size, *, TensorList "
        "out=None)",),
    "max_unpool2d": (
        "max_unpool2d(Tensor input, Tensor indices, SymIntArrayRef[2] output_size, *, "
        "Tensor out=None)",),
    "max_unpool3d": (
        "max_unpool3d(Tensor input, Tensor indices, SymIntArrayRef[3] output_size, "
        "IntArrayRef[3] stride, IntArrayRef[3] padding, *, Tensor out=None)",),
    "fractional_max_pool2d": (
        "fractional_max_pool2d(Tensor input, IntArrayRef[2] kernel_size, IntArrayRef[2] "
        "output_size, Tensor random_samples, *, TensorList out=None)",),
    "fractional_max_pool3d": (
        "fractional_max_pool3d(Tensor input, IntArrayRef[3] kernel_size, IntArrayRef[3] "
        "output_size, Tensor random_samples, *, TensorList out=None)",),
    "max_pool2d_with_indices": (
        "max_pool2d_with_indices(Tensor input, IntArrayRef[2] kernel_size, "
        "IntArrayRef[2] stride=[], IntArrayRef[2] padding=0, IntArrayRef[2] dilation=1, "
        "bool ceil_mode=False)",),
    "nll_loss_nd": (
        "nll_loss_nd(Tensor input, Tensor target, Tensor? weight=None, "
        "int64_t reduction=at::Reduction::Mean, SymInt ignore_index=-100)",),
}

# The methods and functions that take no arguments at all (Python's METH_NOARGS messages).
