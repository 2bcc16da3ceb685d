// Attention (DESIGN.md section 3): q [B, Hq, Sq, D], k and v [B, Hkv, Sk, D]
// -> out [B, Hq, Sq, D], with any PE kind applied to q and k, optional
// causal masking, grouped-query heads (Hq a multiple of Hkv) and Sq != Sk.
#include <algorithm>
#include <sstream>
#include <string>

#include "harness/core/cases_file.h"
#include "harness/core/experiment.h"
#include "harness/ops/attention/attention_reference.h"
#include "harness/ops/attention/attention_problem.h"
#include "harness/ops/builtin_ops.h"
#include "harness/ops/common/problem_launch.h"
#include "harness/ops/common/positional_encoding.h"

namespace fuselab {
namespace {

void read_shape(const CaseFields& f, CaseSpec& spec) {
  spec.B = f.dim("B");
  spec.Hq = f.dim("Hq");
  spec.Hkv = f.dim("Hkv");
  spec.Sq = f.dim("Sq");
  spec.Sk = f.dim("Sk");
  read_even_head_dim(f, spec);
  if (spec.Hq % spec.Hkv != 0)
    f.fail("Hkv", "Hq = " + std::to_string(spec.Hq) + " is not a multiple of Hkv = " + std::to_string(spec.Hkv),
           "choose Hkv dividing Hq");
}

void read_parameters(const CaseFields& f, CaseSpec& spec) {
  spec.q_offset = f.position("q_offset");
  spec.k_offset = f.position("k_offset");
  spec.causal = f.flag("causal", false);
  // Query 0 has the smallest position; if it sees key 0, every query does.
  if (spec.causal && spec.k_offset > spec.q_offset)
    f.fail("causal",
           "causal with k_offset " + std::to_string(spec.k_offset) + " > q_offset " +
               std::to_string(spec.q_offset) + " leaves query 0 with no visible key",
           "make k_offset <= q_offset");
  // In uint64: offsets and sizes are non-negative int64, so their sum is
  // exact (in int64 a huge offset would overflow and pass the check).
  f.check_last_position(std::max(uint64_t(spec.q_offset) + uint64_t(spec.Sq),
                                 uint64_t(spec.k_offset) + uint64_t(spec.Sk)) - 1);
}

// B x Hq x Sq x D ("1x4x64x2048"), "kv<Hkv>" / "k<Sk>" where they differ ("1x8kv2x16k1024x128").
std::string shape_text(const CaseSpec& c) {
  const auto s = [](int64_t v) { return std::to_string(v); };
  return s(c.B) + "x" + s(c.Hq) + (c.Hkv != c.Hq ? "kv" + s(c.Hkv) : "") + "x" + s(c.Sq) +
         (c.Sk != c.Sq ? "k" + s(c.Sk) : "") + "x" + s(c.D);
}

// Each input read once, the output written once (inv_freq only where a PE
// reads it); Q·Kᵀ and P·V multiply-adds (2 FLOPs each), visible pairs only.
Traffic traffic(const CaseSpec& c) {
  Traffic t;
  const double D = double(c.D);
  const double q = double(c.B) * double(c.Hq) * double(c.Sq) * D;
  const double kv = double(c.B) * double(c.Hkv) * double(c.Sk) * D;
  t.bytes = 4.0 * (2.0 * q + 2.0 * kv) + (c.pe == PeKind::None ? 0.0 : 4.0 * D / 2.0);
  double pairs = double(c.Sq) * double(c.Sk);
  if (c.causal) {
    pairs = 0;
    for (int64_t i = 0; i < c.Sq; ++i)
      pairs += double(std::clamp<int64_t>(c.q_offset + i - c.k_offset + 1, 0, c.Sk));
  }
  t.flops = 4.0 * double(c.B) * double(c.Hq) * pairs * D;
  return t;
}

std::optional<std::string> reject(const Limits& l, const CaseSpec& c) {
  std::ostringstream why;
  if (c.Sq > l.max_seq_q) {
    why << "seq_q " << c.Sq << " exceeds " << l.max_seq_q;
  } else if (c.Sk > l.max_seq_k) {
    why << "seq_k " << c.Sk << " exceeds " << l.max_seq_k;
  } else if (c.causal && !l.causal) {
    why << "causal masking not implemented";
  } else if (c.Hq != c.Hkv && !l.gqa) {
    why << "grouped-query attention (Hq " << c.Hq << " != Hkv " << c.Hkv << ") not implemented";
  } else if (c.Sq != c.Sk && !l.cross) {
    why << "cross-attention (Sq " << c.Sq << " != Sk " << c.Sk << ") not implemented";
  }
  if (why.str().empty()) return std::nullopt;
  return why.str();
}

TensorDeclaration tensor(std::string name, TensorDeclaration::Role role, CounterStream stream, bool kv_heads) {
  return {std::move(name), role, stream,
          kv_heads ? [](const CaseSpec& c) { return std::vector<int64_t>{c.B, c.Hkv, c.Sk, c.D}; }
                   : [](const CaseSpec& c) { return std::vector<int64_t>{c.B, c.Hq, c.Sq, c.D}; },
          {"b", "h", "s", "d"}};
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
    return nlohmann::json{{"B", c.B},           {"Hq", c.Hq},   {"Hkv", c.Hkv},    {"Sq", c.Sq},
                          {"Sk", c.Sk},         {"q_offset", c.q_offset}, {"k_offset", c.k_offset},
                          {"causal", c.causal}, {"scale", c.scale}};
  };
  op.shape_text = shape_text;
  op.tensors = {tensor("q", Role::CounterInput, CounterStream::Q, false),
                tensor("k", Role::CounterInput, CounterStream::K, true),
                tensor("v", Role::CounterInput, CounterStream::V, true), inv_freq_tensor(),
                tensor("out", Role::Output, CounterStream::Q, false)};
  op.traffic = traffic;
  op.limits = {"pe", "head_dim_multiple", "max_head_dim", "max_seq_q", "max_seq_k",
               "causal", "gqa", "cross", "max_position"};
  op.reject = reject;
  op.last_position = [](const CaseSpec& c) { return std::max(c.q_offset + c.Sq, c.k_offset + c.Sk) - 1; };
  op.cpu_reference = [](const ReferenceCase& ref, const std::vector<int64_t>& rows, double* out) {
    attention_reference_rows(attention_problem_of(ref), ref.spec.scale, rows, out);
  };
  bind_problem_launch(op, attention_problem);
  return op;
}

}  // namespace fuselab
