// The PyTorch ops of fuselab_kernels (include/fuselab/kernels.h), registered as
// torch custom ops: torch.ops.fuselab.attention, .rope and .qk_norm_rope
// (python/fuselab/torch.py adds their fake implementations for torch.compile
// and the refusal of gradients; docs/torch.md). Forward only, float32 CUDA
// tensors, contiguous, nothing copied: each bad input is one error naming the
// argument and the fix, raised before any launch. The output is allocated
// here and the library runs on the current stream.
#include <ATen/ATen.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <torch/library.h>

#include <ATen/core/dispatch/Dispatcher.h>

#include <algorithm>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>

#include "fuselab/kernels.h"

namespace {

using fuselab::PositionalEncoding;

// Every message is built here as one std::string (std::to_string for the
// numbers) and handed to TORCH_CHECK whole: c10::str then returns it as it is,
// and no number is formatted through an iostream inside this library (in a
// PyTorch process that crashed in num_put: docs/torch.md).
std::string text(at::IntArrayRef values) {
  std::string out = "[";
  for (std::size_t i = 0; i < values.size(); ++i) out += (i ? ", " : "") + std::to_string(values[i]);
  return out + "]";
}

PositionalEncoding pe_of(const std::string& op, const std::string& pe, bool rope_only) {
  if (pe == "neox") return PositionalEncoding::RopeNeox;
  if (pe == "interleaved") return PositionalEncoding::RopeInterleaved;
  if (!rope_only && pe == "none") return PositionalEncoding::None;
  if (!rope_only && pe == "sinusoidal") return PositionalEncoding::Sinusoidal;
  TORCH_CHECK_VALUE(false, "fuselab." + op + ": pe='" + pe + "' is not a positional encoding this op takes. Fix: pass " +
                               (rope_only ? "'neox' or 'interleaved'" : "'none', 'sinusoidal', 'neox' or 'interleaved'"));
  return PositionalEncoding::None;
}

// dtype, device (the same as `first`'s), contiguity and rank of one tensor argument.
void require_tensor(const std::string& op, const char* name, const at::Tensor& t, at::ScalarType dtype,
                    int64_t dim, const at::Tensor& first) {
  const std::string who = "fuselab." + op + ": " + name;
  const std::string type = c10::toString(dtype);
  TORCH_CHECK_TYPE(t.scalar_type() == dtype, who + " is " + c10::toString(t.scalar_type()) + ", not " + type +
                                                 ". Fix: pass " + name + ".to(" + type + ") (nothing is converted here)");
  TORCH_CHECK_VALUE(t.is_cuda(), who + " is on " + t.device().str() + ", not a CUDA device. Fix: pass " + name + ".cuda()");
  TORCH_CHECK_VALUE(t.device() == first.device(), who + " is on " + t.device().str() + ", the first input on " +
                                                      first.device().str() + ". Fix: put every input on one device");
  TORCH_CHECK_VALUE(t.is_contiguous(), who + " is not contiguous (strides " + text(t.strides()) + " for sizes " +
                                           text(t.sizes()) + "). Fix: pass " + name +
                                           ".contiguous() (nothing is copied here)");
  TORCH_CHECK_VALUE(t.dim() == dim, who + " has " + std::to_string(t.dim()) + " dimensions (sizes " + text(t.sizes()) +
                                        "), not " + std::to_string(dim) + ". Fix: reshape it to the documented layout");
}

void require_size(const std::string& op, const char* what, int64_t got, int64_t want, const char* fix) {
  TORCH_CHECK_VALUE(got == want, "fuselab." + op + ": " + what + " is " + std::to_string(got) + ", not " +
                                     std::to_string(want) + ". Fix: " + fix);
}

// The library's own checks (shape limits, offsets, a call no version accepts)
// as a Python ValueError; a CUDA failure as a RuntimeError.
template <class F>
void run_library(const std::string& op, F&& call) {
  try {
    call();
  } catch (const fuselab::InvalidArgument& e) {
    TORCH_CHECK_VALUE(false, e.what());
  } catch (const std::runtime_error& e) {
    TORCH_CHECK(false, "fuselab." + op + ": " + e.what());
  }
}

cudaStream_t current_stream(const at::Tensor& t) { return at::cuda::getCurrentCUDAStream(t.device().index()).stream(); }

// What every op ends with: the PE kind, base and stream into the library's
// arguments, the call (checked, then launched), the output.
template <class Args, class Call>
at::Tensor run(const std::string& op, Args& a, c10::string_view pe, bool rope_only, double base, const at::Tensor& on,
               at::Tensor out, Call call) {
  a.pe = pe_of(op, std::string(pe), rope_only);
  a.base = base;
  a.stream = current_stream(on);
  run_library(op, [&] { call(a); });
  return out;
}

// q [B, Hq, Sq, D], k and v [B, Hkv, Sk, D] -> [B, Hq, Sq, D].
at::Tensor attention(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v, bool causal,
                     std::optional<double> scale, c10::string_view pe, int64_t q_offset, int64_t k_offset,
                     double base) {
  const std::string op = "attention";
  for (auto [name, t] : {std::pair<const char*, const at::Tensor*>{"q", &q}, {"k", &k}, {"v", &v}})
    require_tensor(op, name, *t, at::kFloat, 4, q);
  require_size(op, "k.size(0) (batch)", k.size(0), q.size(0), "q, k and v share the batch dimension");
  require_size(op, "k.size(3) (head dim)", k.size(3), q.size(3), "q and k share the head dimension D");
  TORCH_CHECK_VALUE(v.sizes() == k.sizes(), "fuselab.attention: v has sizes " + text(v.sizes()) + ", k " +
                                                text(k.sizes()) + ". Fix: pass v of k's shape [B, Hkv, Sk, D]");
  TORCH_CHECK_VALUE(q.size(1) % k.size(1) == 0, "fuselab.attention: q's " + std::to_string(q.size(1)) +
                                                    " heads are not a multiple of k's " + std::to_string(k.size(1)) +
                                                    " (GQA groups query heads over key heads). Fix: pass Hq a multiple of Hkv");
  const c10::cuda::CUDAGuard guard(q.device());
  at::Tensor out = at::empty_like(q);
  fuselab::AttentionArgs a;
  a.q = q.data_ptr<float>();
  a.k = k.data_ptr<float>();
  a.v = v.data_ptr<float>();
  a.out = out.data_ptr<float>();
  a.B = q.size(0), a.Hq = q.size(1), a.Hkv = k.size(1), a.Sq = q.size(2), a.Sk = k.size(2), a.D = q.size(3);
  a.q_offset = q_offset, a.k_offset = k_offset, a.causal = causal;
  if (scale) {
    TORCH_CHECK_VALUE(*scale > 0.0, "fuselab.attention: scale = " + std::to_string(*scale) +
                                        " is not positive. Fix: pass a positive scale, or None for 1/sqrt(D)");
    a.scale = *scale;
  }
  return run(op, a, pe, false, base, q, std::move(out), fuselab::attention);
}

// x [N, S, D] or [B, H, S, D] -> the same shape, row s at position offset + s.
at::Tensor rope(const at::Tensor& x, int64_t offset, c10::string_view pe, double base) {
  const std::string op = "rope";
  TORCH_CHECK_VALUE(x.dim() == 3 || x.dim() == 4, "fuselab.rope: x has " + std::to_string(x.dim()) +
                                                     " dimensions (sizes " + text(x.sizes()) +
                                                     "), not 3 or 4. Fix: pass x as [N, S, D] or [B, H, S, D]");
  require_tensor(op, "x", x, at::kFloat, x.dim(), x);
  const c10::cuda::CUDAGuard guard(x.device());
  at::Tensor out = at::empty_like(x);
  fuselab::RopeArgs a;
  a.x = x.data_ptr<float>();
  a.out = out.data_ptr<float>();
  a.S = x.size(-2), a.D = x.size(-1), a.N = x.numel() / std::max<int64_t>(1, a.S * a.D);
  a.offset = offset;
  return run(op, a, pe, true, base, x, std::move(out), fuselab::rope);
}

// q [T, Hq, D], k [T, Hkv, D], wq and wk [D], positions [T] int64 -> [T, Hq + Hkv, D].
at::Tensor qk_norm_rope(const at::Tensor& q, const at::Tensor& k, const at::Tensor& wq, const at::Tensor& wk,
                        const at::Tensor& positions, double eps, c10::string_view pe, double base,
                        std::optional<int64_t> max_position) {
  const std::string op = "qk_norm_rope";
  require_tensor(op, "q", q, at::kFloat, 3, q);
  require_tensor(op, "k", k, at::kFloat, 3, q);
  require_tensor(op, "wq", wq, at::kFloat, 1, q);
  require_tensor(op, "wk", wk, at::kFloat, 1, q);
  require_tensor(op, "positions", positions, at::kLong, 1, q);
  require_size(op, "k.size(0) (tokens)", k.size(0), q.size(0), "q and k hold the same tokens T");
  require_size(op, "k.size(2) (head dim)", k.size(2), q.size(2), "q and k share the head dimension D");
  require_size(op, "wq.size(0)", wq.size(0), q.size(2), "pass the q norm's weight, one per head dimension");
  require_size(op, "wk.size(0)", wk.size(0), q.size(2), "pass the k norm's weight, one per head dimension");
  require_size(op, "positions.size(0)", positions.size(0), q.size(0), "pass one position per token");
  const c10::cuda::CUDAGuard guard(q.device());
  // The largest position bounds the rotation table; read from the device
  // (one synchronisation) unless the caller knows it.
  const int64_t max_pos =
      max_position ? *max_position : (positions.numel() ? positions.max().item<int64_t>() : int64_t(0));
  at::Tensor out = at::empty({q.size(0), q.size(1) + k.size(1), q.size(2)}, q.options());
  fuselab::QkNormRopeArgs a;
  a.q = q.data_ptr<float>();
  a.k = k.data_ptr<float>();
  a.wq = wq.data_ptr<float>();
  a.wk = wk.data_ptr<float>();
  a.positions = positions.data_ptr<int64_t>();
  a.out = out.data_ptr<float>();
  a.T = q.size(0), a.Hq = q.size(1), a.Hkv = k.size(1), a.D = q.size(2);
  a.max_position = max_pos;
  a.eps = eps;
  return run(op, a, pe, true, base, q, std::move(out), fuselab::qk_norm_rope);
}

// Forward only: an input that requires a gradient (with grad mode on) is one
// error at the call, not a graph that fails at backward().
void refuse_grad(const char* op, std::initializer_list<const at::Tensor*> inputs) {
  if (!at::GradMode::is_enabled()) return;
  for (const at::Tensor* t : inputs)
    TORCH_CHECK(!t->requires_grad(), std::string("fuselab.") + op +
                                          " is forward only: an input requires a gradient. Fix: call it under "
                                          "torch.no_grad() or torch.inference_mode(), or pass tensors that do not "
                                          "require grad (.detach())");
}

template <class F>
c10::TypedOperatorHandle<F> handle(const char* name) {
  return c10::Dispatcher::singleton().findSchemaOrThrow(name, "").typed<F>();
}

// The Autograd kernels: refuse a gradient, else run the op below autograd.
at::Tensor attention_autograd(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v, bool causal,
                              std::optional<double> scale, c10::string_view pe, int64_t q_offset, int64_t k_offset,
                              double base) {
  refuse_grad("attention", {&q, &k, &v});
  at::AutoDispatchBelowADInplaceOrView below;
  static const auto op = handle<decltype(attention)>("fuselab::attention");
  return op.call(q, k, v, causal, scale, pe, q_offset, k_offset, base);
}

at::Tensor rope_autograd(const at::Tensor& x, int64_t offset, c10::string_view pe, double base) {
  refuse_grad("rope", {&x});
  at::AutoDispatchBelowADInplaceOrView below;
  static const auto op = handle<decltype(rope)>("fuselab::rope");
  return op.call(x, offset, pe, base);
}

at::Tensor qk_norm_rope_autograd(const at::Tensor& q, const at::Tensor& k, const at::Tensor& wq, const at::Tensor& wk,
                                 const at::Tensor& positions, double eps, c10::string_view pe, double base,
                                 std::optional<int64_t> max_position) {
  refuse_grad("qk_norm_rope", {&q, &k, &wq, &wk});
  at::AutoDispatchBelowADInplaceOrView below;
  static const auto op = handle<decltype(qk_norm_rope)>("fuselab::qk_norm_rope");
  return op.call(q, k, wq, wk, positions, eps, pe, base, max_position);
}

}  // namespace

TORCH_LIBRARY(fuselab, m) {
  // The fake (meta) implementations torch.compile traces with live in Python.
  m.set_python_module("fuselab.torch");
  m.def("attention(Tensor q, Tensor k, Tensor v, bool causal=False, float? scale=None, str pe=\"none\", "
        "int q_offset=0, int k_offset=0, float base=10000.0) -> Tensor");
  m.def("rope(Tensor x, int offset=0, str pe=\"neox\", float base=10000.0) -> Tensor");
  m.def("qk_norm_rope(Tensor q, Tensor k, Tensor wq, Tensor wk, Tensor positions, float eps=1e-06, "
        "str pe=\"neox\", float base=10000.0, int? max_position=None) -> Tensor");
}

// CPU tensors reach the same checks (one message: not a CUDA device).
TORCH_LIBRARY_IMPL(fuselab, CUDA, m) {
  m.impl("attention", &attention);
  m.impl("rope", &rope);
  m.impl("qk_norm_rope", &qk_norm_rope);
}

TORCH_LIBRARY_IMPL(fuselab, CPU, m) {
  m.impl("attention", &attention);
  m.impl("rope", &rope);
  m.impl("qk_norm_rope", &qk_norm_rope);
}

TORCH_LIBRARY_IMPL(fuselab, Autograd, m) {
  m.impl("attention", &attention_autograd);
  m.impl("rope", &rope_autograd);
  m.impl("qk_norm_rope", &qk_norm_rope_autograd);
}
