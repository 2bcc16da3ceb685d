#include "harness/ops/attention/attention_reference.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>

#include "harness/core/parallel_for.h"
#include "harness/ops/attention/attention_problem.h"
#include "harness/ops/common/positional_encoding.h"

namespace fuselab {
namespace {

using kernels::AttentionProblem;

// Four independent sums: 1x4x64x16384 took 0.21 s instead of 0.57 s with one
// dependent chain (2 cores, -O3).
double dot(const double* a, const double* b, int n) {
  double acc[4] = {0.0, 0.0, 0.0, 0.0};
  int d = 0;
  for (; d + 4 <= n; d += 4)
    for (int l = 0; l < 4; ++l) acc[l] += a[d + l] * b[d + l];
  double sum = (acc[0] + acc[1]) + (acc[2] + acc[3]);
  for (; d < n; ++d) sum += a[d] * b[d];
  return sum;
}

// One query row against the embedded keys of its kv head.
void attention_row(const AttentionProblem& p, double scale, const AngleTable& q_table,
                   const std::vector<double>& keys, const float* v, int64_t row,
                   std::vector<double>& q, std::vector<double>& scores, double* out) {
  const int D = p.D;
  const int64_t s = row % p.Sq;
  const int64_t visible =
      p.causal ? std::min<int64_t>(p.Sk, int64_t{p.q_offset} + s - p.k_offset + 1) : p.Sk;
  if (visible <= 0) {
    std::fill(out, out + D, std::numeric_limits<double>::quiet_NaN());
    return;
  }
  embed(p.pe, p.q + row * D, q_table, s, D, q.data());
  double max_score = -std::numeric_limits<double>::infinity();
  for (int64_t j = 0; j < visible; ++j) {
    scores[j] = scale * dot(q.data(), keys.data() + j * D, D);
    max_score = std::max(max_score, scores[j]);
  }
  std::fill(out, out + D, 0.0);
  double sum = 0.0;
  for (int64_t j = 0; j < visible; ++j) {
    const double weight = std::exp(scores[j] - max_score);
    sum += weight;
    const float* vj = v + j * D;
    for (int d = 0; d < D; ++d) out[d] += weight * static_cast<double>(vj[d]);
  }
  for (int d = 0; d < D; ++d) out[d] /= sum;
}

// key_pe: the PE applied to the keys (p.pe, or None where they come embedded).
void reference_rows(const AttentionProblem& p, double scale, kernels::PeKind key_pe,
                    const std::vector<int64_t>& rows, double* out) {
  const int D = p.D;
  const AngleTable q_table(p.pe, p.q_offset, p.Sq, p.inv_freq, D);
  const AngleTable k_table(key_pe, p.k_offset, p.Sk, p.inv_freq, D);
  // Output slots grouped by kv head (b * Hkv + kv): each group embeds its keys once.
  std::map<int64_t, std::vector<std::size_t>> slots_of_kv_head;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const int64_t bh = rows[i] / p.Sq;
    slots_of_kv_head[(bh / p.Hq) * p.Hkv + (bh % p.Hq) / (p.Hq / p.Hkv)].push_back(i);
  }
  std::vector<double> keys(static_cast<std::size_t>(p.Sk) * D);
  for (const auto& [kv_head, slots] : slots_of_kv_head) {
    const float* k = p.k + kv_head * p.Sk * D;
    const float* v = p.v + kv_head * p.Sk * D;
    parallel_for(static_cast<std::size_t>(p.Sk), 16, [&](std::size_t begin, std::size_t end) {
      for (std::size_t j = begin; j < end; ++j)
        embed(key_pe, k + j * D, k_table, static_cast<int64_t>(j), D, keys.data() + j * D);
    });
    parallel_for(slots.size(), 1, [&](std::size_t begin, std::size_t end) {
      std::vector<double> q(static_cast<std::size_t>(D)), scores(static_cast<std::size_t>(p.Sk));
      for (std::size_t i = begin; i < end; ++i)
        attention_row(p, scale, q_table, keys, v, rows[slots[i]], q, scores, out + slots[i] * D);
    });
  }
}

}  // namespace

void attention_reference_rows(const AttentionProblem& p, double scale,
                              const std::vector<int64_t>& rows, double* out) {
  reference_rows(p, scale, p.pe, rows, out);
}

void attention_reference_rows_embedded_keys(const AttentionProblem& p, double scale,
                                            const std::vector<int64_t>& rows, double* out) {
  reference_rows(p, scale, kernels::PeKind::None, rows, out);
}

void attention_reference(const AttentionProblem& p, double scale, double* out) {
  std::vector<int64_t> rows(static_cast<std::size_t>(p.B) * p.Hq * p.Sq);
  std::iota(rows.begin(), rows.end(), int64_t{0});
  attention_reference_rows(p, scale, rows, out);
}

kernels::AttentionProblem attention_problem_of(const ReferenceCase& ref) {
  return attention_problem(host_tensors_of(ref));
}

}  // namespace fuselab
