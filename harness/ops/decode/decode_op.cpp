// Decode attention (docs/ops.md, op decode): q [B, Hq, Sq, D], the last Sq
// tokens of each sequence (positions pos0 + i, pos0 = Skv - Sq), rotated in
// the kernel; the key cache k [B, Hkv, Skv, D] already rotated and the value
// cache v [B, Hkv, Skv, D]; out [B, Hq, Sq, D]; query i sees keys
// 0 .. pos0 + i. GQA: Hq a multiple of Hkv.
#include <cmath>
#include <sstream>
#include <string>

#include "harness/core/cases_file.h"
#include "harness/core/experiment.h"
#include "harness/ops/builtin_ops.h"
#include "harness/ops/common/head_tensors.h"
#include "harness/ops/common/pe_kind.h"
#include "harness/ops/common/positional_encoding.h"
#include "harness/ops/common/problem_launch.h"
#include "harness/ops/decode/decode_problem.h"
#include "harness/ops/decode/decode_reference.h"

namespace fuselab {
namespace {

void read_shape(const CaseFields& f, CaseSpec& spec) {
  read_even_head_dim(f, spec);
  check_query_groups(f);
  const int64_t Sq = f.dim("Sq"), Skv = f.dim("Skv");
  if (Sq > Skv)
    f.fail("Sq", "Sq = " + std::to_string(Sq) + " queries exceed the Skv = " + std::to_string(Skv) + " cached keys",
           "choose Sq <= Skv (the queries are the last Sq tokens of the cache)");
}

void read_parameters(const CaseFields& f, CaseSpec& spec) {
  if (spec.pe == PeKind::Sinusoidal)
    f.fail("pe", "op decode rotates q alone and takes no additive embedding",
           "write pe: none, pe: rope_neox or pe: rope_interleaved");
  f.check_last_position(uint64_t(f.dim("Skv")) - 1);
  // null (or absent): 1/sqrt(D), taken in float64 (as op attention).
  const double scale = spec.reals["scale"] = f.real("scale", 1.0 / std::sqrt(static_cast<double>(spec.D)));
  if (!(scale > 0.0)) f.fail("scale", "scale must be a positive finite number", "write scale: null for 1/sqrt(D)");
}

int64_t dim(const CaseSpec& c, const char* key) { return c.dim(key); }

// "8x32kv8x1k32768x128": B x Hq (kv Hkv where it differs) x Sq, k Skv, x D.
std::string shape_text(const CaseSpec& c) {
  const auto s = [&](const char* key) { return std::to_string(dim(c, key)); };
  return s("B") + "x" + s("Hq") + (dim(c, "Hq") != dim(c, "Hkv") ? "kv" + s("Hkv") : "") + "x" + s("Sq") + "k" +
         s("Skv") + "x" + std::to_string(c.D);
}

// K and V read once, q read once, out written once (inv_freq where a RoPE
// reads it); 4 FLOPs per (query, key, d): the q·k and p·v multiply-adds,
// counted over every key (the causal tail hides at most Sq - 1 of Skv).
Traffic traffic(const CaseSpec& c) {
  const double B = double(dim(c, "B")), D = double(c.D);
  const double q = B * double(dim(c, "Hq")) * double(dim(c, "Sq")) * D;
  const double kv = B * double(dim(c, "Hkv")) * double(dim(c, "Skv")) * D;
  Traffic t;
  t.bytes = 4.0 * (2.0 * q + 2.0 * kv) + (c.pe == PeKind::None ? 0.0 : 4.0 * D / 2.0);
  t.flops = 4.0 * B * double(dim(c, "Hq")) * double(dim(c, "Sq")) * double(dim(c, "Skv")) * D;
  return t;
}

std::optional<std::string> reject(const Limits& l, const CaseSpec& c) {
  using std::to_string;
  if (dim(c, "Sq") > l.max_seq_q) return "Sq " + to_string(dim(c, "Sq")) + " exceeds " + to_string(l.max_seq_q);
  if (dim(c, "Skv") > l.max_seq_k) return "Skv " + to_string(dim(c, "Skv")) + " exceeds " + to_string(l.max_seq_k);
  return std::nullopt;
}

}  // namespace

OpDeclaration decode_op() {
  using Role = TensorDeclaration::Role;
  OpDeclaration op;
  op.name = "decode";
  op.source_file = __FILE__;
  op.shape_keys = {"B", "Hq", "Hkv", "Sq", "Skv", "D"};
  op.case_keys = {"scale"};
  op.read_shape = read_shape;
  op.read_parameters = read_parameters;
  op.parameters = [](const CaseSpec& c) {
    return nlohmann::json{{"B", dim(c, "B")},     {"Hq", dim(c, "Hq")},   {"Hkv", dim(c, "Hkv")},
                          {"Sq", dim(c, "Sq")},   {"Skv", dim(c, "Skv")}, {"scale", c.real("scale")}};
  };
  op.shape_text = shape_text;
  op.tensors = {head_tensor("q", Role::CounterInput, CounterStream::Q, "Hq", "Sq"),
                head_tensor("k", Role::CounterInput, CounterStream::K, "Hkv", "Skv"),
                head_tensor("v", Role::CounterInput, CounterStream::V, "Hkv", "Skv"), inv_freq_tensor(),
                head_tensor("out", Role::Output, CounterStream::Q, "Hq", "Sq")};
  op.traffic = traffic;
  op.limits = {"pe", "head_dim_multiple", "max_head_dim", "max_seq_q", "max_seq_k", "max_position"};
  op.reject = reject;
  op.last_position = [](const CaseSpec& c) { return dim(c, "Skv") - 1; };
  op.cpu_reference = [](const ReferenceCase& ref, const std::vector<int64_t>& rows, double* out) {
    decode_reference_rows(decode_problem_of(ref), ref.spec.real("scale"), rows, out);
  };
  bind_problem_launch(op, decode_problem);
  return op;
}

}  // namespace fuselab
