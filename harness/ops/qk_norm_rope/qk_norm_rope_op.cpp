// QK-norm + RoPE: q [T, Hq, D] and k [T, Hkv, D], each head row normalised by
// RMSNorm (weights wq, wk [D], eps) then rotated at its token's position
// (positions [T], int64, any values in [0, max_position]); out [T, Hq+Hkv, D]
// holds q' in heads 0..Hq-1 and k' after them (docs/ops.md).
#include <string>

#include "harness/core/cases_file.h"
#include "harness/core/experiment.h"
#include "harness/ops/builtin_ops.h"
#include "harness/ops/common/positional_encoding.h"
#include "harness/ops/common/problem_launch.h"
#include "harness/ops/qk_norm_rope/qk_norm_rope_problem.h"
#include "harness/ops/qk_norm_rope/qk_norm_rope_reference.h"
#include "harness/ops/common/pe_kind.h"

namespace fuselab {
namespace {

int64_t dim(const CaseSpec& c, const char* key) { return c.dims.at(key); }

void read_shape(const CaseFields& f, CaseSpec& spec) {
  read_even_head_dim(f, spec);
  for (const char* key : {"T", "Hq", "Hkv"}) f.dim(key);
}

void read_parameters(const CaseFields& f, CaseSpec& spec) {
  if (spec.pe != PeKind::RopeInterleaved && spec.pe != PeKind::RopeNeox)
    f.fail("pe", std::string("op qk_norm_rope needs a RoPE pairing, not pe ") + pe_name(spec.pe),
           "write pe: rope_interleaved or pe: rope_neox");
  const double eps = f.real("eps", 1e-6);
  if (!(eps > 0.0)) f.fail("eps", "eps = " + std::to_string(eps) + " is not positive", "write eps: 1.0e-6");
  spec.reals["eps"] = eps;
  if (!f.has("max_position"))
    f.fail("max_position", "op qk_norm_rope needs max_position, the largest position a token may take",
           "add max_position: N to the case or its defaults (positions are drawn in [0, N])");
  spec.integers["max_position"] = f.position("max_position");
  f.check_last_position(uint64_t(spec.integers["max_position"]));
}

// q and k read once, out written once, the weights, positions and inv_freq
// read once; per element: square-add, two multiplies, and the rotation's three.
Traffic traffic(const CaseSpec& c) {
  const double T = double(dim(c, "T")), D = double(c.D);
  const double elements = T * double(dim(c, "Hq") + dim(c, "Hkv")) * D;
  Traffic t;
  t.bytes = 4.0 * 2.0 * elements + 4.0 * 2.0 * D + 8.0 * T + 4.0 * D / 2.0;
  t.flops = 7.0 * elements;
  return t;
}

// [T, heads, D]: Hq heads for q, Hkv for k, Hq + Hkv for out.
TensorDeclaration rows_tensor(std::string name, TensorDeclaration::Role role, CounterStream stream, const char* heads) {
  return {std::move(name), role, stream, {"T", heads, "D"}, {"t", "h", "d"}};
}

TensorDeclaration weight_tensor(std::string name, CounterStream stream) {
  return {std::move(name), TensorDeclaration::Role::CounterInput, stream, {"D"}, {"d"}};
}

TensorDeclaration positions_tensor() {
  TensorDeclaration t{"positions", TensorDeclaration::Role::CounterInput, CounterStream::Positions, {"T"}, {"t"}};
  t.dtype = TensorDeclaration::Dtype::Int64;
  t.max_value_key = "max_position";
  return t;
}

}  // namespace

OpDeclaration qk_norm_rope_op() {
  using Role = TensorDeclaration::Role;
  OpDeclaration op;
  op.name = "qk_norm_rope";
  op.source_file = __FILE__;
  op.shape_keys = {"T", "Hq", "Hkv", "D"};
  op.case_keys = {"eps", "max_position"};
  op.read_shape = read_shape;
  op.read_parameters = read_parameters;
  op.parameters = [](const CaseSpec& c) {
    return nlohmann::json{{"T", dim(c, "T")}, {"Hq", dim(c, "Hq")}, {"Hkv", dim(c, "Hkv")},
                          {"eps", c.reals.at("eps")}, {"max_position", c.integers.at("max_position")}};
  };
  op.shape_text = [](const CaseSpec& c) {
    return std::to_string(dim(c, "T")) + "x" + std::to_string(dim(c, "Hq")) + "kv" + std::to_string(dim(c, "Hkv")) +
           "x" + std::to_string(c.D);
  };
  op.tensors = {rows_tensor("q", Role::CounterInput, CounterStream::Q, "Hq"),
                rows_tensor("k", Role::CounterInput, CounterStream::K, "Hkv"),
                weight_tensor("wq", CounterStream::Wq),
                weight_tensor("wk", CounterStream::Wk),
                positions_tensor(),
                inv_freq_tensor(),
                rows_tensor("out", Role::Output, CounterStream::Q, "Hq+Hkv")};
  op.traffic = traffic;
  op.limits = {"pe", "head_dim_multiple", "max_head_dim", "max_position"};
  op.last_position = [](const CaseSpec& c) { return c.integers.at("max_position"); };
  op.cpu_reference = [](const ReferenceCase& ref, const std::vector<int64_t>& rows, double* out) {
    qk_norm_rope_reference_rows(qk_norm_rope_problem_of(ref), ref.spec.reals.at("eps"), rows, out);
  };
  bind_problem_launch(op, qk_norm_rope_problem);
  return op;
}

}  // namespace fuselab
