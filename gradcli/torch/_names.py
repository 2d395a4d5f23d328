"""The public names of PyTorch 2.13.0's main namespaces, written by scripts/torch_names.py:
data for hints, never an API."""

PYTORCH_NAMES: dict[str, frozenset[str]] = {
    "torch": frozenset("""
AVG AcceleratorError AggregationType AliasDb AnyType Argument ArgumentSpec AwaitType
BFloat16Storage BFloat16Tensor BenchmarkConfig BenchmarkExecutionStats Block BoolStorage
BoolTensor BoolType BufferDict ByteStorage ByteTensor CallStack Capsule CharStorage CharTensor
ClassType Code CompilationUnit CompleteArgumentSpec ComplexDoubleStorage ComplexFloatStorage
ComplexType ConcreteModuleType ConcreteModuleTypeBuilder DeepCopyMemoTable
DeserializationStorageContext DeviceObjType DictType DisableTorchFunction
DisableTorchFunctionSubclass DispatchKey DispatchKeySet DoubleStorage DoubleTensor EnumType
ErrorReport Event ExcludeDispatchKeyGuard ExecutionPlan FatalError FileCheck FloatStorage
FloatTensor FloatType FunctionSchema Future FutureType Generator GradScaler Gradient Graph
GraphExecutorState HalfStorage HalfTensor IODescriptor InferredType IntStorage IntTensor
IntType InterfaceType JITException ListType LiteScriptModule LockingLogger LoggerBase
LongStorage LongTensor ModuleDict Node NoneType NoopLogger NumberType OperatorInfo OptionalType
OutOfMemoryError PRIVATE_OPS ParameterDict PyObjectType PyTorchFileReader PyTorchFileWriter
QInt32Storage QInt8Storage QUInt2x4Storage QUInt4x2Storage QUInt8Storage RRefType SUM
ScriptClass ScriptClassFunction ScriptDict ScriptDictIterator ScriptDictKeyIterator
ScriptFunction ScriptList ScriptListIterator ScriptMethod ScriptModule ScriptModuleSerializer
ScriptObject ScriptObjectProperty SerializationStorageContext ShortStorage ShortTensor Size
StaticModule Storage StorageBase Stream StreamObjType StringType SymBool SymBoolType SymFloat
SymInt SymIntType TYPE_CHECKING Tag Tensor TensorType ThroughputBenchmark TracingState
TupleType Type TypedStorage USE_GLOBAL_DEPS USE_RTLD_GLOBAL_WITH_LIBTORCH UnionType
UntypedStorage Use Value abs abs_ absolute acos acos_ acosh acosh_ adaptive_avg_pool1d
adaptive_max_pool1d add addbmm addcdiv addcmul addmm addmv addmv_ addr adjoint
affine_grid_generator alias_copy all allclose alpha_dropout alpha_dropout_ amax amin aminmax
angle any arange arccos arccos_ arccosh arccosh_ arcsin arcsin_ arcsinh arcsinh_ arctan arctan2
arctan_ arctanh arctanh_ are_deterministic_algorithms_enabled argmax argmin argsort argwhere
as_strided as_strided_ as_strided_copy as_strided_scatter as_tensor asarray asin asin_ asinh
asinh_ atan atan2 atan_ atanh atanh_ atleast_1d atleast_2d atleast_3d autocast
autocast_decrement_nesting autocast_increment_nesting avg_pool1d baddbmm bartlett_window
batch_norm batch_norm_backward_elemt batch_norm_backward_reduce batch_norm_elemt
batch_norm_gather_stats batch_norm_gather_stats_with_counts batch_norm_stats
batch_norm_update_stats bernoulli bfloat16 bilinear binary_cross_entropy_with_logits bincount
binomial bit bits16 bits1x8 bits2x4 bits4x2 bits8 bitwise_and bitwise_left_shift bitwise_not
bitwise_or bitwise_right_shift bitwise_xor blackman_window block_diag bmm bool broadcast_shapes
broadcast_tensors broadcast_to bucketize can_cast cartesian_prod cat ccol_indices_copy cdist
cdouble ceil ceil_ celu celu_ cfloat chain_matmul chalf channel_shuffle channels_last
channels_last_3d cholesky cholesky_inverse cholesky_solve choose_qparams_optimized chunk clamp
clamp_ clamp_max clamp_max_ clamp_min clamp_min_ classproperty clear_autocast_cache clip clip_
clone col_indices_copy column_stack combinations compile compiled_with_cxx11_abi complex
complex128 complex32 complex64 concat concatenate cond conj conj_physical conj_physical_
constant_pad_nd contiguous_format conv1d conv2d conv3d conv_tbc conv_transpose1d
conv_transpose2d conv_transpose3d convolution copysign corrcoef cos cos_ cosh cosh_
cosine_embedding_loss cosine_similarity count_nonzero cov cross crow_indices_copy ctc_loss
cudnn_affine_grid_generator cudnn_batch_norm cudnn_convolution cudnn_convolution_add_relu
cudnn_convolution_relu cudnn_convolution_transpose cudnn_grid_sampler cudnn_is_acceptable
cummax cummin cumprod cumsum cumulative_trapezoid default_generator deg2rad deg2rad_ dequantize
det detach detach_ detach_copy device diag diag_embed diagflat diagonal diagonal_copy
diagonal_scatter diff digamma dist div divide dot double dropout dropout_ dsmm dsplit dstack
dtype e eig einsum embedding embedding_bag embedding_renorm_ empty empty_like empty_permuted
empty_quantized empty_strided enable_grad eq equal erf erf_ erfc erfc_ erfinv exp exp2 exp2_
exp_ expand_copy expm1 expm1_ eye fake_quantize_per_channel_affine
fake_quantize_per_tensor_affine fbgemm_linear_fp16_weight
fbgemm_linear_fp16_weight_fp32_activation fbgemm_linear_int8_weight
fbgemm_linear_int8_weight_fp32_activation fbgemm_linear_quantize_weight
fbgemm_pack_gemm_matrix_fp16 fbgemm_pack_quantized_matrix feature_alpha_dropout
feature_alpha_dropout_ feature_dropout feature_dropout_ fill fill_ finfo fix fix_ flatten flip
fliplr flipud float float16 float32 float4_e2m1fn_x2 float64 float8_e4m3fn float8_e4m3fnuz
float8_e5m2 float8_e5m2fnuz float8_e8m0fnu float_power floor floor_ floor_divide fmax fmin fmod
fork frac frac_ frexp frobenius_norm from_dlpack from_file from_numpy frombuffer full full_like
fused_moving_avg_obs_fake_quant gather gcd gcd_ ge geqrf ger get_autocast_cpu_dtype
get_autocast_dtype get_autocast_gpu_dtype get_autocast_ipu_dtype get_autocast_xla_dtype
get_default_device get_default_dtype get_deterministic_debug_mode get_device get_device_module
get_file_path get_float32_matmul_precision get_num_interop_threads get_num_threads
get_rng_state gradient greater greater_equal grid_sampler grid_sampler_2d grid_sampler_3d
group_norm gru gru_cell gt half hamming_window hann_window hardshrink has_lapack has_mkl
has_openmp has_spectral hash_tensor heaviside hinge_embedding_loss histc histogram histogramdd
hsmm hsplit hspmm hstack hypot i0 i0_ igamma igammac iinfo imag import_ir_module
import_ir_module_from_buffer index_add index_copy index_fill index_put index_put_ index_reduce
index_select indices_copy inf inference_mode init_num_threads initial_seed inner instance_norm
int int1 int16 int2 int3 int32 int4 int5 int6 int64 int7 int8 int_repr inverse
is_anomaly_check_nan_enabled is_anomaly_enabled is_autocast_cache_enabled
is_autocast_cpu_enabled is_autocast_enabled is_autocast_ipu_enabled is_autocast_xla_enabled
is_complex is_conj is_deterministic_algorithms_warn_only_enabled is_distributed
is_floating_point is_grad_enabled is_inference is_inference_mode_enabled is_neg is_nonzero
is_same_size is_signed is_storage is_tensor is_vulkan_available is_warn_always_enabled isclose
isfinite isin isinf isnan isneginf isposinf isreal istft jagged kaiser_window kl_div kron
kthvalue layer_norm layout lcm lcm_ ldexp ldexp_ le legacy_contiguous_format lerp less
less_equal lgamma linspace load lobpcg log log10 log10_ log1p log1p_ log2 log2_ log_
log_softmax logaddexp logaddexp2 logcumsumexp logdet logical_and logical_not logical_or
logical_xor logit logit_ logspace logsumexp long lstm lstm_cell lstsq lt lu lu_solve lu_unpack
manual_seed margin_ranking_loss masked_fill masked_scatter masked_select matmul matrix_exp
matrix_power matrix_rank max max_pool1d max_pool1d_with_indices max_pool2d max_pool3d maximum
mean median memory_format merge_type_from_type_comment meshgrid min minimum miopen_batch_norm
miopen_convolution miopen_convolution_add_relu miopen_convolution_relu
miopen_convolution_transpose miopen_ctc_loss miopen_depthwise_convolution miopen_rnn
mkldnn_adaptive_avg_pool2d mkldnn_convolution mkldnn_linear_backward_weights mkldnn_max_pool2d
mkldnn_max_pool3d mkldnn_rnn_layer mm mode moveaxis movedim msort mul multinomial multiply mv
mvlgamma nan nan_to_num nan_to_num_ nanmean nanmedian nanquantile nansum narrow narrow_copy
native_batch_norm native_channel_shuffle native_dropout native_group_norm native_layer_norm
native_norm ne neg neg_ negative negative_ newaxis nextafter no_grad nonzero nonzero_static
norm norm_except_dim normal not_equal nuclear_norm numel ones ones_like orgqr ormqr outer
pairwise_distance parse_ir parse_schema parse_type_comment pca_lowrank pdist per_channel_affine
per_channel_affine_float_qparams per_channel_symmetric per_tensor_affine per_tensor_symmetric
permute permute_copy pi pinverse pixel_shuffle pixel_unshuffle poisson poisson_nll_loss polar
polygamma positive pow prelu prepare_multiprocessing_environment preserve_format prod
profiler_allow_cudagraph_cupti_lazy_reinit_cuda12 promote_types put q_per_channel_axis
q_per_channel_scales q_per_channel_zero_points q_scale q_zero_point qint32 qint8 qr qscheme
quantile quantize_per_channel quantize_per_tensor quantize_per_tensor_dynamic
quantized_batch_norm quantized_gru quantized_gru_cell quantized_lstm quantized_lstm_cell
quantized_max_pool1d quantized_max_pool2d quantized_max_pool3d quantized_rnn_relu_cell
quantized_rnn_tanh_cell quint2x4 quint4x2 quint8 rad2deg rad2deg_ rand rand_like randint
randint_like randn randn_like randperm range ravel real reciprocal reciprocal_ relu relu_
remainder renorm repeat_interleave reshape resize_as_ resize_as_sparse_ resolve_conj
resolve_neg result_type rms_norm rnn_relu rnn_relu_cell rnn_tanh rnn_tanh_cell roll rot90 round
round_ row_indices_copy row_stack rrelu rrelu_ rsqrt rsqrt_ rsub saddmm save scalar_tensor
scatter scatter_add scatter_reduce searchsorted seed segment_reduce select select_copy
select_scatter selu selu_ set_anomaly_enabled set_autocast_cache_enabled set_autocast_cpu_dtype
set_autocast_cpu_enabled set_autocast_dtype set_autocast_enabled set_autocast_gpu_dtype
set_autocast_ipu_dtype set_autocast_ipu_enabled set_autocast_xla_dtype set_autocast_xla_enabled
set_default_device set_default_dtype set_default_tensor_type set_deterministic_debug_mode
set_float32_matmul_precision set_flush_denormal set_grad_enabled set_num_interop_threads
set_num_threads set_printoptions set_rng_state set_warn_always sgn short sigmoid sigmoid_ sign
signbit sin sin_ sinc sinc_ sinh sinh_ slice_copy slice_inverse slice_scatter slogdet smm
softmax solve sort sparse_bsc sparse_bsc_tensor sparse_bsr sparse_bsr_tensor
sparse_compressed_tensor sparse_coo sparse_coo_tensor sparse_csc sparse_csc_tensor sparse_csr
sparse_csr_tensor split split_copy split_with_sizes split_with_sizes_copy spmm sqrt sqrt_
square square_ squeeze squeeze_copy sspaddmm stack std std_mean stft strided sub subtract sum
svd svd_lowrank swapaxes swapdims sym_constrain_range sym_constrain_range_for_size sym_float
sym_fresh_size sym_int sym_ite sym_max sym_min sym_not sym_sqrt sym_sum symeig t t_copy take
take_along_dim tan tan_ tanh tanh_ tensor tensor_split tensordot thread_safe_generator
threshold threshold_ tile to_dlpack topk trace transpose transpose_copy trapezoid trapz
triangular_solve tril tril_indices triplet_margin_loss triu triu_indices true_divide trunc
trunc_ typename uint1 uint16 uint2 uint3 uint32 uint4 uint5 uint6 uint64 uint7 uint8 unbind
unbind_copy unflatten unfold_copy unify_type_list unique unique_consecutive unravel_index
unsafe_chunk unsafe_split unsafe_split_with_sizes unsqueeze unsqueeze_copy
use_deterministic_algorithms values_copy vander var var_mean vdot view_as_complex
view_as_complex_copy view_as_real view_as_real_copy view_copy vmap vsplit vstack wait where
while_loop xlogy xlogy_ zero_ zeros zeros_like
""".split()),
    "torch.Tensor": frozenset("""
H T abs abs_ absolute absolute_ acos acos_ acosh acosh_ add add_ addbmm addbmm_ addcdiv
addcdiv_ addcmul addcmul_ addmm addmm_ addmv addmv_ addr addr_ adjoint all allclose amax amin
aminmax angle any apply_ arccos arccos_ arccosh arccosh_ arcsin arcsin_ arcsinh arcsinh_ arctan
arctan2 arctan2_ arctan_ arctanh arctanh_ argmax argmin argsort argwhere as_strided as_strided_
as_strided_scatter as_subclass asin asin_ asinh asinh_ atan atan2 atan2_ atan_ atanh atanh_
backward baddbmm baddbmm_ bernoulli bernoulli_ bfloat16 bincount bitwise_and bitwise_and_
bitwise_left_shift bitwise_left_shift_ bitwise_not bitwise_not_ bitwise_or bitwise_or_
bitwise_right_shift bitwise_right_shift_ bitwise_xor bitwise_xor_ bmm bool broadcast_to byte
cauchy_ ccol_indices cdouble ceil ceil_ cfloat chalf char cholesky cholesky_inverse
cholesky_solve chunk clamp clamp_ clamp_max clamp_max_ clamp_min clamp_min_ clip clip_ clone
coalesce col_indices conj conj_physical conj_physical_ const_data_ptr contiguous copy_ copysign
copysign_ corrcoef cos cos_ cosh cosh_ count_nonzero cov cpu cross crow_indices cuda cummax
cummin cumprod cumprod_ cumsum cumsum_ data data_ptr deg2rad deg2rad_ dense_dim dequantize det
detach detach_ device diag diag_embed diagflat diagonal diagonal_scatter diff digamma digamma_
dim dim_order dist div div_ divide divide_ dot double dsplit dtype eig element_size eq eq_
equal erf erf_ erfc erfc_ erfinv erfinv_ exp exp2 exp2_ exp_ expand expand_as expm1 expm1_
exponential_ fill_ fill_diagonal_ fix fix_ flatten flip fliplr flipud float float_power
float_power_ floor floor_ floor_divide floor_divide_ fmax fmin fmod fmod_ frac frac_ frexp
gather gcd gcd_ ge ge_ geometric_ geqrf ger get_device grad grad_dtype grad_fn greater greater_
greater_equal greater_equal_ gt gt_ half hardshrink hash_tensor heaviside heaviside_ histc
histogram hsplit hypot hypot_ i0 i0_ igamma igamma_ igammac igammac_ imag index index_add
index_add_ index_copy index_copy_ index_fill index_fill_ index_put index_put_ index_reduce
index_reduce_ index_select indices inner int int_repr inverse ipu is_coalesced is_complex
is_conj is_contiguous is_cpu is_cuda is_distributed is_floating_point is_inference is_ipu
is_leaf is_maia is_meta is_mkldnn is_mps is_mtia is_neg is_nested is_nonzero is_pinned
is_quantized is_same_size is_set_to is_shared is_signed is_sparse is_sparse_csr is_vulkan
is_xla is_xpu isclose isfinite isinf isnan isneginf isposinf isreal istft item itemsize kron
kthvalue layout lcm lcm_ ldexp ldexp_ le le_ lerp lerp_ less less_ less_equal less_equal_
lgamma lgamma_ log log10 log10_ log1p log1p_ log2 log2_ log_ log_normal_ log_softmax logaddexp
logaddexp2 logcumsumexp logdet logical_and logical_and_ logical_not logical_not_ logical_or
logical_or_ logical_xor logical_xor_ logit logit_ logsumexp long lstsq lt lt_ lu lu_solve mH mT
map2_ map_ masked_fill masked_fill_ masked_scatter masked_scatter_ masked_select matmul
matrix_exp matrix_power max maximum mean median min minimum mm mode module_load moveaxis
movedim msort mtia mul mul_ multinomial multiply multiply_ mv mvlgamma mvlgamma_ name
nan_to_num nan_to_num_ nanmean nanmedian nanquantile nansum narrow narrow_copy nbytes ndim
ndimension ne ne_ neg neg_ negative negative_ nelement new new_empty new_empty_strided new_full
new_ones new_tensor new_zeros nextafter nextafter_ nonzero nonzero_static norm normal_
not_equal not_equal_ numel numpy orgqr ormqr outer output_nr permute pin_memory pinverse
polygamma polygamma_ positive pow pow_ prelu prod put put_ q_per_channel_axis
q_per_channel_scales q_per_channel_zero_points q_scale q_zero_point qr qscheme quantile rad2deg
rad2deg_ random_ ravel real reciprocal reciprocal_ record_stream register_hook
register_post_accumulate_grad_hook reinforce relu relu_ remainder remainder_ renorm renorm_
repeat repeat_interleave requires_grad requires_grad_ reshape reshape_as resize resize_
resize_as resize_as_ resize_as_sparse_ resolve_conj resolve_neg retain_grad retains_grad roll
rot90 round round_ row_indices rsqrt rsqrt_ scatter scatter_ scatter_add scatter_add_
scatter_reduce scatter_reduce_ select select_scatter set_ sgn sgn_ shape share_memory_ short
sigmoid sigmoid_ sign sign_ signbit sin sin_ sinc sinc_ sinh sinh_ size slice_inverse
slice_scatter slogdet smm softmax solve sort sparse_dim sparse_mask sparse_resize_
sparse_resize_and_clear_ split split_with_sizes sqrt sqrt_ square square_ squeeze squeeze_
sspaddmm std stft storage storage_offset storage_type stride sub sub_ subtract subtract_ sum
sum_to_size svd swapaxes swapaxes_ swapdims swapdims_ symeig t t_ take take_along_dim tan tan_
tanh tanh_ tensor_split tile to to_dense to_mkldnn to_padded_tensor to_sparse to_sparse_bsc
to_sparse_bsr to_sparse_coo to_sparse_csc to_sparse_csr tolist topk trace transpose transpose_
triangular_solve tril tril_ triu triu_ true_divide true_divide_ trunc trunc_ type type_as
unbind unflatten unfold uniform_ unique unique_consecutive unsafe_chunk unsafe_split
unsafe_split_with_sizes unsqueeze unsqueeze_ untyped_storage values var vdot view view_as
volatile vsplit where xlogy xlogy_ xpu zero_
""".split()),
    "torch.nn": frozenset("""
AdaptiveAvgPool1d AdaptiveAvgPool2d AdaptiveAvgPool3d AdaptiveLogSoftmaxWithLoss
AdaptiveMaxPool1d AdaptiveMaxPool2d AdaptiveMaxPool3d AlphaDropout AvgPool1d AvgPool2d
AvgPool3d BCELoss BCEWithLogitsLoss BatchNorm1d BatchNorm2d BatchNorm3d Bilinear Buffer CELU
CTCLoss ChannelShuffle CircularPad1d CircularPad2d CircularPad3d ConstantPad1d ConstantPad2d
ConstantPad3d Container Conv1d Conv2d Conv3d ConvTranspose1d ConvTranspose2d ConvTranspose3d
CosineEmbeddingLoss CosineSimilarity CrossEntropyLoss CrossMapLRN2d DataParallel Dropout
Dropout1d Dropout2d Dropout3d ELU Embedding EmbeddingBag FeatureAlphaDropout Flatten Fold
FractionalMaxPool2d FractionalMaxPool3d GELU GLU GRU GRUCell GaussianNLLLoss GroupNorm
Hardshrink Hardsigmoid Hardswish Hardtanh HingeEmbeddingLoss HuberLoss Identity InstanceNorm1d
InstanceNorm2d InstanceNorm3d KLDivLoss L1Loss LPPool1d LPPool2d LPPool3d LSTM LSTMCell
LayerNorm LazyBatchNorm1d LazyBatchNorm2d LazyBatchNorm3d LazyConv1d LazyConv2d LazyConv3d
LazyConvTranspose1d LazyConvTranspose2d LazyConvTranspose3d LazyInstanceNorm1d
LazyInstanceNorm2d LazyInstanceNorm3d LazyLinear LeakyReLU Linear LinearCrossEntropyLoss
LinearCrossEntropyOptions LocalResponseNorm LogSigmoid LogSoftmax MSELoss MarginRankingLoss
MaxPool1d MaxPool2d MaxPool3d MaxUnpool1d MaxUnpool2d MaxUnpool3d Mish Module ModuleDict
ModuleList MultiLabelMarginLoss MultiLabelSoftMarginLoss MultiMarginLoss MultiheadAttention
NLLLoss NLLLoss2d PReLU PairwiseDistance Parameter ParameterDict ParameterList PixelShuffle
PixelUnshuffle PoissonNLLLoss RMSNorm RNN RNNBase RNNCell RNNCellBase RReLU ReLU ReLU6
ReflectionPad1d ReflectionPad2d ReflectionPad3d ReplicationPad1d ReplicationPad2d
ReplicationPad3d SELU Sequential SiLU Sigmoid SmoothL1Loss SoftMarginLoss Softmax Softmax2d
Softmin Softplus Softshrink Softsign SyncBatchNorm Tanh Tanhshrink Threshold Transformer
TransformerDecoder TransformerDecoderLayer TransformerEncoder TransformerEncoderLayer
TripletMarginLoss TripletMarginWithDistanceLoss Unflatten Unfold UninitializedBuffer
UninitializedParameter Upsample UpsamplingBilinear2d UpsamplingNearest2d ZeroPad1d ZeroPad2d
ZeroPad3d factory_kwargs
""".split()),
    "torch.nn.functional": frozenset("""
BroadcastingList1 BroadcastingList2 BroadcastingList3 Callable DType
GRID_SAMPLE_INTERPOLATION_MODES GRID_SAMPLE_PADDING_MODES ScalingType SwizzleType TYPE_CHECKING
Tensor adaptive_avg_pool1d adaptive_avg_pool2d adaptive_avg_pool3d adaptive_max_pool1d
adaptive_max_pool1d_with_indices adaptive_max_pool2d adaptive_max_pool2d_with_indices
adaptive_max_pool3d adaptive_max_pool3d_with_indices affine_grid alpha_dropout
assert_int_or_pair avg_pool1d avg_pool2d avg_pool3d batch_norm bilinear binary_cross_entropy
binary_cross_entropy_with_logits boolean_dispatch celu celu_ channel_shuffle conv1d conv2d
conv3d conv_tbc conv_transpose1d conv_transpose2d conv_transpose3d cosine_embedding_loss
cosine_similarity cross_entropy ctc_loss dropout dropout1d dropout2d dropout3d elu elu_
embedding embedding_bag feature_alpha_dropout fold fractional_max_pool2d
fractional_max_pool2d_with_indices fractional_max_pool3d fractional_max_pool3d_with_indices
gaussian_nll_loss gelu glu grid_sample group_norm grouped_mm gumbel_softmax
handle_torch_function hardshrink hardsigmoid hardswish hardtanh hardtanh_ has_torch_function
has_torch_function_unary has_torch_function_variadic hinge_embedding_loss huber_loss
instance_norm interpolate kl_div l1_loss layer_norm leaky_relu leaky_relu_ linear
linear_cross_entropy local_response_norm log_softmax logsigmoid lp_pool1d lp_pool2d lp_pool3d
margin_ranking_loss max_pool1d max_pool1d_with_indices max_pool2d max_pool2d_with_indices
max_pool3d max_pool3d_with_indices max_unpool1d max_unpool2d max_unpool3d mish mse_loss
multi_head_attention_forward multi_margin_loss multilabel_margin_loss
multilabel_soft_margin_loss native_channel_shuffle nll_loss normalize one_hot pad
pairwise_distance pdist pixel_shuffle pixel_unshuffle poisson_nll_loss prelu relu relu6 relu_
reproducibility_notes rms_norm rrelu rrelu_ scaled_dot_product_attention scaled_grouped_mm
scaled_mm selu selu_ sigmoid silu smooth_l1_loss soft_margin_loss softmax softmin softplus
softshrink softsign sparse_support_notes tanh tanhshrink tf32_notes threshold threshold_
triplet_margin_loss triplet_margin_with_distance_loss unfold upsample upsample_bilinear
upsample_nearest
""".split()),
    "torch.linalg": frozenset("""
LinAlgError cholesky cholesky_ex common_notes cond cross det diagonal eig eigh eigvals eigvalsh
householder_product inv inv_ex ldl_factor ldl_factor_ex ldl_solve lstsq lu lu_factor
lu_factor_ex lu_solve matmul matrix_exp matrix_norm matrix_power matrix_rank multi_dot norm
pinv qr slogdet solve solve_ex solve_triangular svd svdvals tensorinv tensorsolve vander vecdot
vector_norm
""".split()),
    "torch.special": frozenset("""
Tensor airy_ai bessel_j0 bessel_j1 bessel_y0 bessel_y1 chebyshev_polynomial_t
chebyshev_polynomial_u chebyshev_polynomial_v chebyshev_polynomial_w common_args digamma entr
erf erfc erfcx erfinv exp2 expit expm1 gammainc gammaincc gammaln hermite_polynomial_h
hermite_polynomial_he i0 i0e i1 i1e laguerre_polynomial_l legendre_polynomial_p log1p log_ndtr
log_softmax logit logsumexp modified_bessel_i0 modified_bessel_i1 modified_bessel_k0
modified_bessel_k1 multi_dim_common multigammaln ndtr ndtri polygamma psi round
scaled_modified_bessel_k0 scaled_modified_bessel_k1 shifted_chebyshev_polynomial_t
shifted_chebyshev_polynomial_u shifted_chebyshev_polynomial_v shifted_chebyshev_polynomial_w
sinc softmax spherical_bessel_j0 xlog1py xlogy zeta
""".split()),
    "torch.func": frozenset("""
debug_unwrap functional_call functionalize grad grad_and_value hessian jacfwd jacrev jvp
linearize rearrange replace_all_batch_norm_modules_ stack_module_state vjp vmap
""".split()),
}

# torch's other public submodules: a hint names `torch.fft.fft` for what gradcli lacks
PYTORCH_MODULES: dict[str, frozenset[str]] = {
    "torch.accelerator": frozenset("""
Graph cache current_accelerator current_device_idx current_device_index current_stream
deprecated device_count device_index empty_cache empty_host_cache get_device_capability
get_memory_info is_available max_memory_allocated max_memory_reserved memory_allocated
memory_reserved memory_stats reset_accumulated_memory_stats reset_peak_memory_stats
set_device_idx set_device_index set_stream synchronize
""".split()),
    "torch.amp": frozenset("""
GradScaler autocast custom_bwd custom_fwd is_autocast_available
""".split()),
    "torch.ao": frozenset("""

""".split()),
    "torch.autograd": frozenset("""
DeviceType Function Mapping NestedIOFunction ProfilerActivity ProfilerConfig ProfilerEvent
ProfilerState SavedTensor Sequence Variable backward detect_anomaly enable_grad
enforce_grad_layout_policy grad gradcheck gradgradcheck handle_torch_function
has_torch_function inference_mode is_multithreading_enabled is_tensor_like
is_view_replay_enabled kineto_available no_grad set_detect_anomaly set_grad_enabled
set_multithreading_enabled variable
""".split()),
    "torch.backends": frozenset("""

""".split()),
    "torch.classes": frozenset("""

""".split()),
    "torch.compiler": frozenset("""
CacheInfo Callable F FuncType NestedCompileRegionOptions ParamSpec allow_in_graph
assume_constant_result compile cudagraph_mark_step_begin disable get_default_backend
is_compiling is_dynamo_compiling is_exporting keep_portable_guards_unsafe
keep_tensor_guards_unsafe list_backends load_cache_artifacts load_compiled_function
nested_compile_region reset save_cache_artifacts set_default_backend
set_enable_guard_collectives set_stance skip_all_guards_unsafe
skip_guard_on_all_nn_modules_unsafe skip_guard_on_globals_unsafe
skip_guard_on_inbuilt_nn_modules_unsafe substitute_in_graph wrap_numpy
""".split()),
    "torch.cpu": frozenset("""
AbstractContextManager Event Mapping MappingProxyType Stream StreamContext current_device
current_stream device_count get_capabilities is_available is_initialized lru_cache set_device
stream synchronize
""".split()),
    "torch.cuda": frozenset("""
AcceleratorError BFloat16Storage BFloat16Tensor BoolStorage BoolTensor ByteStorage ByteTensor
CUDAGraph CUDAPluggableAllocator Callable CharStorage CharTensor ComplexDoubleStorage
ComplexFloatStorage CudaError DEVICE_REQUIREMENT DeferredCudaCallError Device DoubleStorage
DoubleTensor Event ExternalStream FloatStorage FloatTensor GreenContext HalfStorage HalfTensor
IntStorage IntTensor LongStorage LongTensor MemPool OutOfMemoryError PYTORCH_RELEASES_CODE_CC
ShortStorage ShortTensor Stream StreamContext TYPE_CHECKING caching_allocator_alloc
caching_allocator_delete caching_allocator_disabled caching_allocator_enable
can_device_access_peer change_current_allocator check_error classproperty clock_rate cudaStatus
cudart current_blas_handle current_device current_solver_handle current_stream
default_generators default_stream device device_count device_memory_used device_of empty_cache
get_allocator_backend get_arch_list get_device_capability get_device_name get_device_properties
get_gencode_flags get_per_process_memory_fraction get_rng_state get_rng_state_all
get_stream_from_external get_sync_debug_mode graph graph_pool_handle has_half has_magma
host_memory_stats host_memory_stats_as_nested_dict init initial_seed ipc_collect is_available
is_bf16_supported is_current_stream_capturing is_initialized is_tf32_supported
list_gpu_processes lru_cache make_graphed_callables manual_seed manual_seed_all
max_memory_allocated max_memory_cached max_memory_reserved mem_get_info memory_allocated
memory_cached memory_reserved memory_snapshot memory_stats memory_stats_as_nested_dict
memory_summary memory_usage power_draw reset_accumulated_host_memory_stats
reset_accumulated_memory_stats reset_max_memory_allocated reset_max_memory_cached
reset_peak_host_memory_stats reset_peak_memory_stats seed seed_all set_device
set_per_process_memory_fraction set_rng_state set_rng_state_all set_stream set_sync_debug_mode
stream synchronize temperature use_mem_pool utilization
""".split()),
    "torch.distributed": frozenset("""
AllToAllOptions AllreduceCoalescedOptions AllreduceOptions Backend BackendConfig BarrierOptions
BroadcastOptions BuiltinCommHookType DebugLevel DeviceMesh DistBackendError DistError
DistNetworkError DistStoreError FileStore GatherOptions GradBucket GroupMember GroupName
HashStore Logger P2POp PrefixStore ProcessGroup ProcessGroupGloo QueueEmptyError RankType
ReduceOp ReduceOptions ReduceScatterOptions Reducer ScatterOptions Store TCPStore Work
all_gather all_gather_coalesced all_gather_into_tensor all_gather_object all_gather_single
all_reduce all_reduce_coalesced all_to_all all_to_all_single barrier batch_isend_irecv
breakpoint broadcast broadcast_object_list default_pg_timeout destroy_process_group gather
gather_object get_backend get_backend_config get_debug_level get_default_backend_for_device
get_global_rank get_group_rank get_node_local_rank get_pg_count get_process_group_ranks
get_rank get_world_size group init_device_mesh init_process_group irecv is_available
is_backend_available is_gloo_available is_initialized is_mpi_available is_nccl_available
is_torchelastic_launched is_ucc_available is_xccl_available isend log monitored_barrier
new_group new_subgroups new_subgroups_by_enumeration record_comm recv recv_object_list reduce
reduce_op reduce_scatter reduce_scatter_single reduce_scatter_tensor
register_rendezvous_handler rendezvous scatter scatter_object_list send send_object_list
set_debug_level set_debug_level_from_env shrink_group split_group supports_complex timedelta
""".split()),
    "torch.distributions": frozenset("""
AbsTransform AffineTransform Bernoulli Beta Binomial CatTransform Categorical Cauchy Chi2
ComposeTransform ContinuousBernoulli CorrCholeskyTransform CumulativeDistributionTransform
Dirichlet Distribution ExpTransform Exponential ExponentialFamily FisherSnedecor Gamma
GeneralizedPareto Geometric Gumbel HalfCauchy HalfNormal Independent IndependentTransform
InverseGamma Kumaraswamy LKJCholesky Laplace LogNormal LogisticNormal LowRankMultivariateNormal
LowerCholeskyTransform MixtureSameFamily Multinomial MultivariateNormal NegativeBinomial Normal
OneHotCategorical OneHotCategoricalStraightThrough Pareto Poisson PositiveDefiniteTransform
PowerTransform RelaxedBernoulli RelaxedOneHotCategorical ReshapeTransform SigmoidTransform
SoftmaxTransform SoftplusTransform StackTransform StickBreakingTransform StudentT TanhTransform
Transform TransformedDistribution Uniform VonMises Weibull Wishart biject_to identity_transform
kl_divergence register_kl transform_to
""".split()),
    "torch.export": frozenset("""
AdditionalInputs Callable Constraint CustomDecompTable DEFAULT_PICKLE_PROTOCOL Dim
ExportBackwardSignature ExportGraphSignature ExportedProgram FlatArgsAdapter Mapping
ModuleCallEntry ModuleCallSignature PassResult PassType ShapesCollection UnflattenedModule
default_decompositions deprecated dims draft_export export load log register_dataclass save
unflatten
""".split()),
    "torch.fft": frozenset("""
Tensor common_args factory_common_args fft fft2 fftfreq fftn fftshift hfft hfft2 hfftn ifft
ifft2 ifftn ifftshift ihfft ihfft2 ihfftn irfft irfft2 irfftn rfft rfft2 rfftfreq rfftn
""".split()),
    "torch.functional": frozenset("""
Sequence TYPE_CHECKING Tensor atleast_1d atleast_2d atleast_3d block_diag boolean_dispatch
broadcast_shapes broadcast_tensors cartesian_prod cdist chain_matmul einsum
handle_torch_function has_torch_function has_torch_function_unary has_torch_function_variadic
istft lu meshgrid norm overload pca_lowrank split stft svd_lowrank tensordot unique
unique_consecutive unravel_index
""".split()),
    "torch.futures": frozenset("""
Future S T TYPE_CHECKING annotations collect_all wait_all
""".split()),
    "torch.fx": frozenset("""
CodeGen Graph GraphModule Interpreter Node PH Proxy ProxyableClassMeta Tracer Transformer
has_side_effect map_arg replace_pattern symbolic_trace wrap
""".split()),
    "torch.hub": frozenset("""
DEFAULT_CACHE_DIR ENV_GITHUB_TOKEN ENV_TORCH_HOME ENV_XDG_CACHE_HOME HASH_REGEX HTTPError
MAP_LOCATION MODULE_HUBCONF Path READ_DATA_CHUNK Request URLError VAR_DEPENDENCY deprecated
download_url_to_file get_dir help list load load_state_dict_from_url set_dir tqdm urlopen
urlparse
""".split()),
    "torch.jit": frozenset("""
Attribute CompilationUnit Error Future Iterator ONNXTracedModule RecursiveScriptClass
RecursiveScriptModule ScriptFunction ScriptModule ScriptWarning TopLevelTracedModule
TracedModule TracerWarning TracingCheckError annotate contextmanager enable_onednn_fusion
export export_opnames fork freeze fuser ignore interface is_scripting is_tracing isinstance
jit_module_from_flatbuffer last_executed_optimized_graph load onednn_fusion_enabled
optimize_for_inference optimized_execution run_frozen_optimizations save
save_jit_module_to_flatbuffer script script_if_tracing script_method set_fusion_strategy
set_module strict_fusion trace trace_module unused wait
""".split()),
    "torch.library": frozenset("""
Callable CustomOpDef EffectType Library NAMELESS_SCHEMA OpOverload ParamSpec Sequence
TYPE_CHECKING custom_op define deprecated device_types_t fallthrough_kernel get_ctx get_kernel
impl impl_abstract infer_schema opcheck register_autocast register_autograd register_fake
register_kernel register_torch_dispatch register_vmap triton_op wrap_triton
""".split()),
    "torch.masked": frozenset("""
MaskedTensor amax amin argmax argmin as_masked_tensor cumprod cumsum is_masked_tensor
log_softmax logaddexp logsumexp masked_tensor mean median norm normalize prod softmax softmin
std sum var
""".split()),
    "torch.monitor": frozenset("""
Aggregation COUNT Event EventHandlerHandle MAX MEAN MIN STAT_EVENT SUM Stat TYPE_CHECKING
TensorboardEventHandler VALUE data_value_t log_event register_event_handler
unregister_event_handler
""".split()),
    "torch.mps": frozenset("""
Event Tensor compile_shader current_allocated_memory device_count driver_allocated_memory
empty_cache get_rng_state is_available load_metallib manual_seed recommended_max_memory seed
set_per_process_memory_fraction set_rng_state synchronize
""".split()),
    "torch.mtia": frozenset("""
Callable DeferredMtiaCallError Device Event MTIAGraph Stream StreamContext Tensor
attach_out_of_memory_observer current_device current_stream default_generators default_stream
device device_count empty_cache get_device_capability get_device_properties get_rng_state
get_rng_state_all graph graph_pool_handle init initial_seed is_available is_bf16_supported
is_fbcode is_initialized is_prod manual_seed manual_seed_all max_memory_allocated
memory_allocated memory_stats record_memory_history reset_peak_memory_stats seed seed_all
set_device set_rng_state set_rng_state_all set_stream snapshot stream synchronize
""".split()),
    "torch.multiprocessing": frozenset("""
Array AuthenticationError Barrier BoundedSemaphore BufferTooShort Condition
ENV_VAR_PARALLEL_START Event JoinableQueue Lock Manager Pipe Pool Process ProcessContext
ProcessError ProcessExitedException ProcessRaisedException Queue RLock RawArray RawValue
Semaphore SimpleQueue SpawnContext TimeoutError Value active_children allow_connection_pickling
cpu_count current_process freeze_support get_all_sharing_strategies get_all_start_methods
get_context get_logger get_sharing_strategy get_start_method init_reductions log_to_stderr
parent_process set_executable set_forkserver_preload set_sharing_strategy set_start_method
spawn start_processes
""".split()),
    "torch.nested": frozenset("""
DType Device SymInt Tensor as_nested_tensor masked_select narrow nested_tensor
nested_tensor_from_jagged to_padded_tensor
""".split()),
    "torch.ops": frozenset("""
loaded_libraries
""".split()),
    "torch.optim": frozenset("""
ASGD Adadelta Adafactor Adagrad Adam AdamW Adamax LBFGS Muon NAdam Optimizer RAdam RMSprop
Rprop SGD SparseAdam swap_in_optimizer_params_and_state
""".split()),
    "torch.overrides": frozenset("""
BaseTorchFunctionMode Callable Iterable ParamSpec TorchFunctionMode enable_reentrant_dispatch
get_default_nowrap_functions get_ignored_functions get_overridable_functions
get_testing_overrides handle_torch_function has_torch_function has_torch_function_unary
has_torch_function_variadic is_tensor_like is_tensor_method_or_property redispatch_function
resolve_name wrap_torch_function wraps
""".split()),
    "torch.package": frozenset("""
Directory EmptyMatchError GlobGroup Importer ObjMismatchError ObjNotFoundError OrderedImporter
PackageExporter PackageImporter PackagingError is_from_package sys_importer
""".split()),
    "torch.profiler": frozenset("""
DeviceType ExecutionTraceObserver KinetoStepTracker Optimizer ProfilerAction ProfilerActivity
RecordScope TypeVarTuple Unpack is_fbcode kineto_available profile record_function
register_optimizer_step_post_hook schedule supported_activities tensorboard_trace_handler
""".split()),
    "torch.quantization": frozenset("""
ABC DEFAULT_DYNAMIC_QUANT_MODULE_MAPPINGS DEFAULT_FLOAT_TO_QUANTIZED_OPERATOR_MAPPINGS
DEFAULT_MODULE_TO_ACT_POST_PROCESS DEFAULT_QAT_MODULE_MAPPINGS
DEFAULT_REFERENCE_STATIC_QUANT_MODULE_MAPPINGS DEFAULT_STATIC_QUANT_MODULE_MAPPINGS DeQuantStub
FakeQuantize FakeQuantizeBase FixedQParamsFakeQuantize FusedMovingAvgObsFakeQuantize
HistogramObserver MinMaxObserver MovingAverageMinMaxObserver
MovingAveragePerChannelMinMaxObserver NoopObserver ObserverBase PerChannelMinMaxObserver
PlaceholderObserver QConfig QConfigAny QConfigDynamic QuantStub QuantType QuantWrapper
RecordingObserver add_quant_dequant convert convert_dynamic_jit convert_jit
default_activation_only_qconfig default_debug_observer default_debug_qconfig
default_dynamic_qconfig default_dynamic_quant_observer default_eval_fn default_fake_quant
default_fixed_qparams_range_0to1_fake_quant default_fixed_qparams_range_neg1to1_fake_quant
default_float_qparams_observer default_fused_act_fake_quant
default_fused_per_channel_wt_fake_quant default_fused_wt_fake_quant
default_histogram_fake_quant default_histogram_observer default_observer
default_per_channel_qconfig default_per_channel_weight_fake_quant
default_per_channel_weight_observer default_placeholder_observer default_qat_qconfig
default_qat_qconfig_v2 default_qconfig default_weight_fake_quant default_weight_observer
default_weight_only_qconfig disable_fake_quant disable_observer enable_fake_quant
enable_observer float16_dynamic_qconfig float16_static_qconfig
float_qparams_weight_only_qconfig fuse_conv_bn fuse_conv_bn_jit fuse_conv_bn_relu
fuse_linear_bn fuse_modules get_default_compare_output_module_list
get_default_dynamic_quant_module_mappings get_default_float_to_quantized_operator_mappings
get_default_qat_module_mappings get_default_qat_qconfig get_default_qconfig
get_default_qconfig_propagation_list get_default_static_quant_module_mappings
get_dynamic_quant_module_class get_fuser_method get_observer_state_dict get_quantized_operator
get_static_quant_module_class load_observer_state_dict no_observer_set
per_channel_dynamic_qconfig prepare prepare_dynamic_jit prepare_jit prepare_qat
propagate_qconfig_ qconfig_equals quantize quantize_dynamic quantize_dynamic_jit quantize_jit
quantize_qat script_qconfig script_qconfig_dict swap_module
""".split()),
    "torch.quasirandom": frozenset("""
SobolEngine
""".split()),
    "torch.random": frozenset("""
Generator TYPE_CHECKING default_generator fork_rng get_rng_state initial_seed manual_seed seed
set_rng_state thread_safe_generator
""".split()),
    "torch.return_types": frozenset("""
SequenceKey all_return_types aminmax aminmax_out cummax cummax_out cummin cummin_out frexp
frexp_out geqrf geqrf_out histogram histogram_out histogramdd kthvalue kthvalue_out
linalg_cholesky_ex linalg_cholesky_ex_out linalg_eig linalg_eig_out linalg_eigh linalg_eigh_out
linalg_inv_ex linalg_inv_ex_out linalg_ldl_factor linalg_ldl_factor_ex linalg_ldl_factor_ex_out
linalg_ldl_factor_out linalg_lstsq linalg_lstsq_out linalg_lu linalg_lu_factor
linalg_lu_factor_ex linalg_lu_factor_ex_out linalg_lu_factor_out linalg_lu_out linalg_qr
linalg_qr_out linalg_slogdet linalg_slogdet_out linalg_solve_ex linalg_solve_ex_out linalg_svd
linalg_svd_out lu_unpack lu_unpack_out max max_out median median_out min min_out mode mode_out
name nanmedian nanmedian_out pytree_register_structseq qr qr_out register_pytree_node slogdet
slogdet_out sort sort_out svd svd_out topk topk_out triangular_solve triangular_solve_out
""".split()),
    "torch.serialization": frozenset("""
Callable DEFAULT_PROTOCOL Enum INT_SIZE IS_WINDOWS LONG_SIZE LoadEndianness MAGIC_NUMBER
MAP_LOCATION MAP_PRIVATE MAP_SHARED PROTOCOL_VERSION SHORT_SIZE STORAGE STORAGE_KEY_SEPARATOR
SourceChangeWarning Storage StorageType T TypeIs UNSAFE_MESSAGE add_safe_globals
check_module_version_greater_or_equal clear_safe_globals closing contextmanager
default_restore_location get_crc32_options get_default_load_endianness get_default_mmap_options
get_safe_globals get_source_lines_and_file get_unsafe_globals_in_checkpoint load location_tag
mkdtemp normalize_storage_type register_package safe_globals save set_crc32_options
set_default_load_endianness set_default_mmap_options skip_data storage_to_tensor_type
validate_cuda_device validate_hpu_device
""".split()),
    "torch.signal": frozenset("""

""".split()),
    "torch.sparse": frozenset("""
BFloat16Tensor ByteTensor CharTensor DType DimOrDims DoubleTensor FloatTensor HalfTensor
IntTensor LongTensor ShortTensor SparseSemiStructuredTensor
SparseSemiStructuredTensorCUSPARSELT SparseSemiStructuredTensorCUTLASS TYPE_CHECKING Tensor
addmm as_sparse_gradcheck check_sparse_tensor_invariants log_softmax mm sampled_addmm softmax
spdiags spsolve sum to_sparse_semi_structured
""".split()),
    "torch.storage": frozenset("""
HAS_NUMPY Storage T TYPE_CHECKING TypedStorage UntypedStorage annotations
""".split()),
    "torch.testing": frozenset("""
FileCheck assert_allclose assert_close make_tensor
""".split()),
    "torch.torch_version": frozenset("""
InvalidVersion Iterable TorchVersion Version cmp_method internal_version
""".split()),
    "torch.types": frozenset("""
BoolLikeType Device DispatchKey FloatLikeType IntLikeType Number PySymType Sequence Size
Storage SymBool SymFloat SymInt TYPE_CHECKING Tensor py_sym_types
""".split()),
    "torch.utils": frozenset("""
ThroughputBenchmark cmake_prefix_path generate_methods_for_privateuse1_backend
get_cpp_backtrace rename_privateuse1_backend set_module swap_tensors
""".split()),
    "torch.version": frozenset("""
cuda debug git_version hip rocm xpu
""".split()),
    "torch.xpu": frozenset("""
Event MemPool Stream StreamContext TYPE_CHECKING XPUGraph XPUPluggableAllocator annotations
byref c_double c_uint32 c_void_p can_device_access_peer cast change_current_allocator
clock_rate current_device current_stream default_generators device device_count
device_memory_used device_of empty_cache get_arch_list get_device_capability get_device_name
get_device_properties get_gencode_flags get_per_process_memory_fraction get_rng_state
get_rng_state_all get_stream_from_external graph graph_pool_handle init initial_seed
is_available is_bf16_supported is_current_stream_capturing is_initialized is_tf32_supported
lru_cache make_graphed_callables manual_seed manual_seed_all max_memory_allocated
max_memory_reserved mem_get_info memory_allocated memory_reserved memory_snapshot memory_stats
memory_stats_as_nested_dict memory_usage pointer power_draw reset_accumulated_memory_stats
reset_peak_memory_stats seed seed_all set_device set_per_process_memory_fraction set_rng_state
set_rng_state_all set_stream stream synchronize temperature use_mem_pool utilization
""".split()),
}
