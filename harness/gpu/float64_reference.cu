#include "harness/gpu/float64_reference.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "harness/ops/attention/attention_reference.h"
#include "harness/ops/decode/decode_problem.h"
#include "harness/ops/decode/decode_reference.h"
#include "harness/ops/qk_norm_rope/qk_norm_rope_reference.h"
#include "harness/ops/rope/rope_reference.h"
#include "harness/gpu/device_buffer.h"
#include "kernels/common/cuda_check.h"

namespace fuselab {
namespace {

using kernels::AttentionProblem;
using kernels::PeKind;
using kernels::RopeProblem;

constexpr int kThreads = 256;

unsigned blocks_for(int64_t threads) { return static_cast<unsigned>((threads + kThreads - 1) / kThreads); }

// One IEEE float32 rounding of pos * inv_freq: __fmul_rn is never contracted
// into an FMA (the host's volatile store).
__device__ float fp32_angle(int64_t position, float inv_freq) {
  return __fmul_rn(static_cast<float>(position), inv_freq);
}

// sin and cos (float64) of the float32 angles of positions first ..
// first + count - 1: [count, D/2] each; one thread per (position, i).
// ptxas reports a 40-byte stack frame here: CUDA's float64 sin/cos reduce
// large arguments (Payne-Hanek) through a local array.
__global__ void angle_table_kernel(int64_t first, int64_t count, const float* inv_freq, int half,
                                   double* sin_out, double* cos_out) {
  const int64_t t = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t >= count * half) return;
  const int64_t p = t / half;
  const int i = static_cast<int>(t % half);
  const double angle = fp32_angle(first + p, inv_freq[i]);
  sin_out[t] = sin(angle);
  cos_out[t] = cos(angle);
}

struct AngleTable {
  int half = 0;
  DeviceBuffer sin, cos;

  AngleTable(PeKind pe, int64_t first, int64_t count, const float* inv_freq, int D) : half(D / 2) {
    if (pe == PeKind::None) return;
    sin = DeviceBuffer(static_cast<std::size_t>(count) * half * sizeof(double));
    cos = DeviceBuffer(sin.bytes());
    angle_table_kernel<<<blocks_for(count * half), kThreads>>>(first, count, inv_freq, half,
                                                               sin.get<double>(), cos.get<double>());
    FUSELAB_LAUNCH_CHECK();
  }
};

// out = x with the PE of table row `p` applied, in float64: the host's embed.
__device__ void embed(PeKind pe, const float* x, const double* sin_table, const double* cos_table,
                      int64_t p, int D, double* out) {
  const int half = D / 2;
  if (pe == PeKind::None) {
    for (int d = 0; d < D; ++d) out[d] = x[d];
    return;
  }
  const double* s = sin_table + p * half;
  const double* c = cos_table + p * half;
  switch (pe) {
    case PeKind::Sinusoidal:
      for (int i = 0; i < half; ++i) {
        out[2 * i] = __dadd_rn(static_cast<double>(x[2 * i]), s[i]);
        out[2 * i + 1] = __dadd_rn(static_cast<double>(x[2 * i + 1]), c[i]);
      }
      break;
    case PeKind::RopeInterleaved:
      for (int i = 0; i < half; ++i) {
        const double a = x[2 * i], b = x[2 * i + 1];
        out[2 * i] = __dsub_rn(__dmul_rn(a, c[i]), __dmul_rn(b, s[i]));
        out[2 * i + 1] = __dadd_rn(__dmul_rn(a, s[i]), __dmul_rn(b, c[i]));
      }
      break;
    case PeKind::RopeNeox:
      for (int i = 0; i < half; ++i) {
        const double a = x[i], b = x[i + half];
        out[i] = __dsub_rn(__dmul_rn(a, c[i]), __dmul_rn(b, s[i]));
        out[i + half] = __dadd_rn(__dmul_rn(b, c[i]), __dmul_rn(a, s[i]));
      }
      break;
    case PeKind::None:
      break;
  }
}

// rows rows of x [rows, D], row r at table row r % seq; one thread per row.
__global__ void embed_rows_kernel(PeKind pe, const float* x, int64_t rows, int64_t seq, const double* sin_table,
                                  const double* cos_table, int D, double* out) {
  const int64_t r = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  embed(pe, x + r * D, sin_table, cos_table, r % seq, D, out + r * D);
}

void embed_rows(PeKind pe, const float* x, int64_t rows, int64_t seq, const AngleTable& table, int D,
                double* out) {
  embed_rows_kernel<<<blocks_for(rows), kThreads>>>(pe, x, rows, seq, table.sin.get<double>(),
                                                    table.cos.get<double>(), D, out);
  FUSELAB_LAUNCH_CHECK();
}

// Four independent sums, combined as the host's dot combines them.
__device__ double dot(const double* a, const double* b, int n) {
  double acc[4] = {0.0, 0.0, 0.0, 0.0};
  int d = 0;
  for (; d + 4 <= n; d += 4)
    for (int l = 0; l < 4; ++l) acc[l] = __dadd_rn(acc[l], __dmul_rn(a[d + l], b[d + l]));
  double sum = __dadd_rn(__dadd_rn(acc[0], acc[1]), __dadd_rn(acc[2], acc[3]));
  for (; d < n; ++d) sum = __dadd_rn(sum, __dmul_rn(a[d], b[d]));
  return sum;
}

// The keys query row `row` sees (query s at q_offset + s, key j at k_offset + j).
__device__ int64_t visible_keys(const AttentionProblem& p, int64_t row) {
  const int64_t s = row % p.Sq;
  return p.causal ? min(int64_t{p.Sk}, int64_t{p.q_offset} + s - p.k_offset + 1) : int64_t{p.Sk};
}

// Query head h of batch b reads kv head b * Hkv + h / (Hq / Hkv).
__device__ int64_t kv_head_of(const AttentionProblem& p, int64_t row) {
  const int64_t bh = row / p.Sq;
  return (bh / p.Hq) * p.Hkv + (bh % p.Hq) / (p.Hq / p.Hkv);
}

// scores[r - first, j] = scale * q'_r . k'_j for the visible keys of rows
// first .. first + rows - 1; one thread per (row, key), neighbouring threads
// on neighbouring rows of one key: the rows of a kv head's group read its
// key row together (at 64 rows per group and 32768 keys of 1 KB in float64,
// one key per thread read it 64 times from memory, ~137 GB for op decode's
// 8 x 32q/8kv x 32768 x 16 queries).
__global__ void scores_kernel(AttentionProblem p, double scale, const double* q, const double* keys,
                              int64_t first, int64_t rows, double* scores) {
  const int64_t t = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t >= rows * p.Sk) return;
  const int64_t j = t / rows, row = first + t % rows;
  const int64_t slot = (row - first) * p.Sk + j;
  if (j >= visible_keys(p, row)) return;
  const double* k = keys + (kv_head_of(p, row) * p.Sk + j) * p.D;
  scores[slot] = __dmul_rn(scale, dot(q + row * p.D, k, p.D));
}

// Per row, in place: weight_j = exp(score_j - max score), and their sum
// (NaN where the row sees no key); one thread per row.
__global__ void softmax_kernel(AttentionProblem p, int64_t first, int64_t rows, double* scores, double* sums) {
  const int64_t r = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  const int64_t visible = visible_keys(p, first + r);
  if (visible <= 0) {
    sums[r] = nan("");
    return;
  }
  double* w = scores + r * p.Sk;
  double max_score = -INFINITY;
  for (int64_t j = 0; j < visible; ++j) max_score = fmax(max_score, w[j]);
  double sum = 0.0;
  for (int64_t j = 0; j < visible; ++j) {
    w[j] = exp(__dsub_rn(w[j], max_score));
    sum = __dadd_rn(sum, w[j]);
  }
  sums[r] = sum;
}

// out[row, d] = sum_j weight_j * v[j, d] / sum; one thread per output element.
__global__ void weighted_values_kernel(AttentionProblem p, int64_t first, int64_t rows, const double* weights,
                                       const double* sums, double* out) {
  const int64_t t = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t >= rows * p.D) return;
  const int64_t r = t / p.D, d = t % p.D, row = first + r;
  const int64_t visible = visible_keys(p, row);
  if (visible <= 0) {
    out[row * p.D + d] = nan("");
    return;
  }
  const float* v = p.v + kv_head_of(p, row) * p.Sk * p.D + d;
  const double* w = weights + r * p.Sk;
  double acc = 0.0;
  for (int64_t j = 0; j < visible; ++j) acc = __dadd_rn(acc, __dmul_rn(w[j], static_cast<double>(v[j * p.D])));
  out[row * p.D + d] = __ddiv_rn(acc, sums[r]);
}

template <typename T>
DeviceBuffer upload(const T* host, std::size_t count) {
  DeviceBuffer d(count * sizeof(T));
  if (count) FUSELAB_CUDA_CHECK(cudaMemcpy(d.get(), host, d.bytes(), cudaMemcpyHostToDevice));
  return d;
}

// QK-norm + RoPE, one thread per head row of out [T, Hq + Hkv, D]: the
// host's norm_rope_row (harness/ops/qk_norm_rope/qk_norm_rope_reference.cpp)
// step for step, sums and products rounded as the host's.
__global__ void qk_norm_rope_rows_kernel(const kernels::QkNormRopeProblem p, double eps, int64_t rows,
                                         double* out) {
  const int64_t row = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  if (row >= rows) return;
  const int heads = p.Hq + p.Hkv, D = p.D, half = D / 2;
  const int64_t t = row / heads;
  const int h = static_cast<int>(row % heads);
  const bool is_q = h < p.Hq;
  const float* x = is_q ? p.q + (t * p.Hq + h) * D : p.k + (t * p.Hkv + (h - p.Hq)) * D;
  const float* w = is_q ? p.wq : p.wk;
  double squares = 0.0;
  for (int d = 0; d < D; ++d) squares = __dadd_rn(squares, __dmul_rn(double(x[d]), double(x[d])));
  const double r = __ddiv_rn(1.0, __dsqrt_rn(__dadd_rn(__ddiv_rn(squares, double(D)), eps)));
  const bool neox = p.pe == PeKind::RopeNeox;
  double* o = out + row * D;
  for (int i = 0; i < half; ++i) {
    const int a = neox ? i : 2 * i, b = neox ? i + half : 2 * i + 1;
    const double ya = __dmul_rn(__dmul_rn(double(x[a]), r), double(w[a]));
    const double yb = __dmul_rn(__dmul_rn(double(x[b]), r), double(w[b]));
    const double angle = fp32_angle(p.positions[t], p.inv_freq[i]);
    const double s = sin(angle), c = cos(angle);
    o[a] = __dsub_rn(__dmul_rn(ya, c), __dmul_rn(yb, s));
    o[b] = __dadd_rn(__dmul_rn(yb, c), __dmul_rn(ya, s));
  }
}

void download(const DeviceBuffer& d, double* host) {
  FUSELAB_CUDA_CHECK(cudaDeviceSynchronize());
  if (d.bytes()) FUSELAB_CUDA_CHECK(cudaMemcpy(host, d.get(), d.bytes(), cudaMemcpyDeviceToHost));
}

// The scores of this many (row, key) pairs at a time: 256 MiB of float64.
constexpr int64_t kScoresPerPass = int64_t{32} << 20;

// key_pe: the PE applied to the keys (host.pe, or None where they come
// embedded: op decode's rotated cache).
void attention_reference_gpu(const AttentionProblem& host, double scale, PeKind key_pe, double* out) {
  const int D = host.D;
  const int64_t q_rows = int64_t{host.B} * host.Hq * host.Sq;
  const int64_t k_rows = int64_t{host.B} * host.Hkv * host.Sk;
  const DeviceBuffer q = upload(host.q, q_rows * D), k = upload(host.k, k_rows * D);
  const DeviceBuffer v = upload(host.v, k_rows * D), inv_freq = upload(host.inv_freq, D / 2);
  AttentionProblem p = host;
  p.q = q.get<float>(), p.k = k.get<float>(), p.v = v.get<float>(), p.inv_freq = inv_freq.get<float>();
  p.out = nullptr;
  const AngleTable q_table(p.pe, p.q_offset, p.Sq, p.inv_freq, D);
  const AngleTable k_table(key_pe, p.k_offset, p.Sk, p.inv_freq, D);
  // Every query and key row embedded once, in float64.
  const DeviceBuffer queries(q_rows * D * sizeof(double)), keys(k_rows * D * sizeof(double));
  embed_rows(p.pe, p.q, q_rows, p.Sq, q_table, D, queries.get<double>());
  embed_rows(key_pe, p.k, k_rows, p.Sk, k_table, D, keys.get<double>());
  // Rows in passes, so the scores of one pass stay within kScoresPerPass.
  const int64_t pass_rows = std::max<int64_t>(1, kScoresPerPass / p.Sk);
  const DeviceBuffer scores(std::min(pass_rows, q_rows) * p.Sk * sizeof(double));
  const DeviceBuffer sums(std::min(pass_rows, q_rows) * sizeof(double));
  const DeviceBuffer result(q_rows * D * sizeof(double));
  for (int64_t first = 0; first < q_rows; first += pass_rows) {
    const int64_t rows = std::min(pass_rows, q_rows - first);
    scores_kernel<<<blocks_for(rows * p.Sk), kThreads>>>(p, scale, queries.get<double>(), keys.get<double>(),
                                                         first, rows, scores.get<double>());
    FUSELAB_LAUNCH_CHECK();
    softmax_kernel<<<blocks_for(rows), kThreads>>>(p, first, rows, scores.get<double>(), sums.get<double>());
    FUSELAB_LAUNCH_CHECK();
    weighted_values_kernel<<<blocks_for(rows * D), kThreads>>>(p, first, rows, scores.get<double>(),
                                                               sums.get<double>(), result.get<double>());
    FUSELAB_LAUNCH_CHECK();
  }
  download(result, out);
}

}  // namespace

void attention_reference_gpu(const AttentionProblem& p, double scale, double* out) {
  attention_reference_gpu(p, scale, p.pe, out);
}

void decode_reference_gpu(const kernels::DecodeProblem& p, double scale, double* out) {
  attention_reference_gpu(attention_problem_of_decode(p), scale, PeKind::None, out);
}

void rope_reference_gpu(const RopeProblem& host, double* out) {
  const int64_t rows = int64_t{host.N} * host.S;
  const DeviceBuffer x = upload(host.x, rows * host.D), inv_freq = upload(host.inv_freq, host.D / 2);
  const AngleTable table(host.pe, host.offset, host.S, inv_freq.get<float>(), host.D);
  const DeviceBuffer result(rows * host.D * sizeof(double));
  embed_rows(host.pe, x.get<float>(), rows, host.S, table, host.D, result.get<double>());
  download(result, out);
}

void qk_norm_rope_reference_gpu(const kernels::QkNormRopeProblem& host, double eps, double* out) {
  const int64_t T = host.T, D = host.D, rows = T * host.heads();
  const DeviceBuffer q = upload(host.q, T * host.Hq * D), k = upload(host.k, T * host.Hkv * D);
  const DeviceBuffer wq = upload(host.wq, D), wk = upload(host.wk, D), inv_freq = upload(host.inv_freq, D / 2);
  const DeviceBuffer positions = upload(host.positions, T);
  kernels::QkNormRopeProblem p = host;
  p.q = q.get<float>();
  p.k = k.get<float>();
  p.wq = wq.get<float>();
  p.wk = wk.get<float>();
  p.inv_freq = inv_freq.get<float>();
  p.positions = positions.get<int64_t>();
  const DeviceBuffer result(rows * D * sizeof(double));
  qk_norm_rope_rows_kernel<<<blocks_for(rows), kThreads>>>(p, eps, rows, result.get<double>());
  FUSELAB_LAUNCH_CHECK();
  download(result, out);
}

std::vector<double> gpu_reference_output(const ReferenceCase& ref) {
  const CaseSpec& s = ref.spec;
  std::vector<double> out(static_cast<std::size_t>(s.out_rows() * s.D));
  if (s.op == "rope") rope_reference_gpu(rope_problem_of(ref), out.data());
  else if (s.op == "qk_norm_rope")
    qk_norm_rope_reference_gpu(qk_norm_rope_problem_of(ref), s.reals.at("eps"), out.data());
  else if (s.op == "decode") decode_reference_gpu(decode_problem_of(ref), s.real("scale"), out.data());
  else attention_reference_gpu(attention_problem_of(ref), s.real("scale"), out.data());
  return out;
}

std::string gpu_reference_unavailable(const CaseSpec& spec) {
  const char* off = std::getenv("FUSELAB_NO_GPU_REFERENCE");
  if (off && off[0] == '1') return "FUSELAB_NO_GPU_REFERENCE=1 is set";
  static const std::string no_device = [] {
    int count = 0;
    const cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess) {
      cudaGetLastError();  // not sticky; leave no error behind for the run's own checks
      return std::string("no CUDA GPU (") + cudaGetErrorString(status) + ")";
    }
    return count == 0 ? std::string("no CUDA GPU") : std::string();
  }();
  if (!no_device.empty()) return no_device;
  if (spec.op == "attention" || spec.op == "rope" || spec.op == "qk_norm_rope" || spec.op == "decode") return "";
  return "op of " + spec.id() + " has no GPU float64 reference";
}

Float64Source gpu_float64_source() {
  Float64Source source;
  source.name = "gpu_float64";
  source.unavailable = gpu_reference_unavailable;
  source.compute = gpu_reference_output;
  return source;
}

}  // namespace fuselab
