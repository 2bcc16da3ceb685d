// Attention (DESIGN.md section 3): q [B, Hq, Sq, D], k and v [B, Hkv, Sk, D]
// -> out [B, Hq, Sq, D], with any PE kind applied to q and k, optional
// causal masking, grouped-query heads (Hq a multiple of Hkv) and Sq != Sk.
#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>

#include "harness/core/cases_file.h"
#include "harness/core/experiment.h"
#include "harness/ops/attention/attention_reference.h"
#include "harness/ops/attention/attention_problem.h"
#include "harness/ops/builtin_ops.h"
#include "harness/ops/common/head_tensors.h"
#include "harness/ops/common/problem_launch.h"
#include "harness/ops/common/positional_encoding.h"

namespace fuselab {
namespace {

void read_shape(const CaseFields& f, CaseSpec& spec) {
  read_even_head_dim(f, spec);
  check_query_groups(f);
}

void read_parameters(const CaseFields& f, CaseSpec& spec) {
  const int64_t q_offset = spec.integers["q_offset"] = f.position("q_offset");
  const int64_t k_offset = spec.integers["k_offset"] = f.position("k_offset");
  const bool causal = spec.flags["causal"] = f.flag("causal", false);
  // Query 0 has the smallest position; if it sees key 0, every query does.
  if (causal && k_offset > q_offset)
    f.fail("causal",
           "causal with k_offset " + std::to_string(k_offset) + " > q_offset " + std::to_string(q_offset) +
               " leaves query 0 with no visible key",
           "make k_offset <= q_offset");
  // In uint64: offsets and sizes are non-negative int64, so their sum is
  // exact (in int64 a huge offset would overflow and pass the check).
  f.check_last_position(std::max(uint64_t(q_offset) + uint64_t(f.dim("Sq")),
                                 uint64_t(k_offset) + uint64_t(f.dim("Sk"))) - 1);
  // null (or absent): 1/sqrt(D), taken in float64.
  const double scale = spec.reals["scale"] = f.real("scale", 1.0 / std::sqrt(static_cast<double>(spec.D)));
  if (!(scale > 0.0)) f.fail("scale", "scale must be a positive finite number", "write scale: null for 1/sqrt(D)");
}

// B x Hq x Sq x D ("1x4x64x2048"), "kv<Hkv>" / "k<Sk>" where they differ ("1x8kv2x16k1024x128").
std::string shape_text(const CaseSpec& c) {
  const AttentionCase a = attention_case(c);
  const auto s = [](int64_t v) { return std::to_string(v); };
  return s(a.B) + "x" + s(a.Hq) + (a.Hkv != a.Hq ? "kv" + s(a.Hkv) : "") + "x" + s(a.Sq) +
         (a.Sk != a.Sq ? "k" + s(a.Sk) : "") + "x" + s(c.D);
}

// Each input read once, the output written once (inv_freq only where a PE
// reads it); Q·Kᵀ and P·V multiply-adds (2 FLOPs each), visible pairs only.
Traffic traffic(const CaseSpec& c) {
  const AttentionCase a = attention_case(c);
  Traffic t;
  const double D = double(c.D);
  const double q = double(a.B) * double(a.Hq) * double(a.Sq) * D;
  const double kv = double(a.B) * double(a.Hkv) * double(a.Sk) * D;
  t.bytes = 4.0 * (2.0 * q + 2.0 * kv) + (c.pe == PeKind::None ? 0.0 : 4.0 * D / 2.0);
  double pairs = double(a.Sq) * double(a.Sk);
  if (a.causal) {
    pairs = 0;
    for (int64_t i = 0; i < a.Sq; ++i)
      pairs += double(std::clamp<int64_t>(a.q_offset + i - a.k_offset + 1, 0, a.Sk));
  }
  t.flops = 4.0 * double(a.B) * double(a.Hq) * pairs * D;
  return t;
}

std::optional<std::string> reject(const Limits& l, const CaseSpec& c) {
  const AttentionCase a = attention_case(c);
  using std::to_string;
  if (a.Sq > l.max_seq_q) return "seq_q " + to_string(a.Sq) + " exceeds " + to_string(l.max_seq_q);
  if (a.Sk > l.max_seq_k) return "seq_k " + to_string(a.Sk) + " exceeds " + to_string(l.max_seq_k);
  if (a.causal && !l.causal) return "causal masking not implemented";
  if (a.Hq != a.Hkv && !l.gqa)
    return "grouped-query attention (Hq " + to_string(a.Hq) + " != Hkv " + to_string(a.Hkv) + ") not implemented";
  if (a.Sq != a.Sk && !l.cross)
    return "cross-attention (Sq " + to_string(a.Sq) + " != Sk " + to_string(a.Sk) + ") not implemented";
  return std::nullopt;
}

}  // namespace

OpDeclaration attention_op() {
  using Role = TensorDeclaration::Role;
  OpDeclaration op;
  op.name = "attention";
  op.source_file = __FILE__;
  op.shape_keys = {"B", "Hq", "Hkv", "Sq", "Sk", "D"};
  op.case_keys = {"q_offset", "k_offset", "causal", "scale"};
  op.read_shape = read_shape;
  op.read_parameters = read_parameters;
  op.parameters = [](const CaseSpec& c) {
    const AttentionCase a = attention_case(c);
    return nlohmann::json{{"B", a.B},           {"Hq", a.Hq},   {"Hkv", a.Hkv},    {"Sq", a.Sq},
                          {"Sk", a.Sk},         {"q_offset", a.q_offset}, {"k_offset", a.k_offset},
                          {"causal", a.causal}, {"scale", a.scale}};
  };
  op.shape_text = shape_text;
  op.tensors = {head_tensor("q", Role::CounterInput, CounterStream::Q, "Hq", "Sq"),
                head_tensor("k", Role::CounterInput, CounterStream::K, "Hkv", "Sk"),
                head_tensor("v", Role::CounterInput, CounterStream::V, "Hkv", "Sk"), inv_freq_tensor(),
                head_tensor("out", Role::Output, CounterStream::Q, "Hq", "Sq")};
  op.traffic = traffic;
  op.limits = {"pe", "head_dim_multiple", "max_head_dim", "max_seq_q", "max_seq_k",
               "causal", "gqa", "cross", "max_position"};
  op.reject = reject;
  op.last_position = [](const CaseSpec& c) {
    const AttentionCase a = attention_case(c);
    return std::max(a.q_offset + a.Sq, a.k_offset + a.Sk) - 1;
  };
  op.cpu_reference = [](const ReferenceCase& ref, const std::vector<int64_t>& rows, double* out) {
    attention_reference_rows(attention_problem_of(ref), ref.spec.real("scale"), rows, out);
  };
  bind_problem_launch(op, attention_problem);
  return op;
}

}  // namespace fuselab
