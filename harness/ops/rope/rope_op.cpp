// Standalone RoPE: x [N, S, D] -> out [N, S, D], row s of each of the N
// sequences rotated at position offset + s (pairing interleaved or neox).
#include <string>

#include "harness/core/cases_file.h"
#include "harness/core/experiment.h"
#include "harness/ops/builtin_ops.h"
#include "harness/ops/common/problem_launch.h"
#include "harness/ops/rope/rope_problem.h"
#include "harness/ops/common/positional_encoding.h"
#include "harness/ops/rope/rope_reference.h"
#include "harness/ops/common/pe_kind.h"

namespace fuselab {
namespace {

void read_shape(const CaseFields& f, CaseSpec& spec) {
  read_even_head_dim(f, spec);
}

void read_parameters(const CaseFields& f, CaseSpec& spec) {
  if (spec.pe != PeKind::RopeInterleaved && spec.pe != PeKind::RopeNeox)
    f.fail("pe", std::string("op rope needs a RoPE pairing, not pe ") + pe_name(spec.pe),
           "write pe: rope_interleaved or pe: rope_neox");
  const int64_t offset = spec.integers["offset"] = f.position("offset");
  f.check_last_position(uint64_t(offset) + uint64_t(f.dim("S")) - 1);
}

// x read once, out written once, inv_freq read once; two multiplies and an add per element.
Traffic traffic(const CaseSpec& c) {
  Traffic t;
  const double D = double(c.D);
  const double elements = double(c.dim("N")) * double(c.dim("S")) * D;
  t.bytes = 4.0 * 2.0 * elements + 4.0 * D / 2.0;
  t.flops = 3.0 * elements;
  return t;
}

TensorDeclaration rows_tensor(std::string name, TensorDeclaration::Role role) {
  return {std::move(name), role, CounterStream::X, {"N", "S", "D"}, {"n", "s", "d"}};
}

}  // namespace

OpDeclaration rope_op() {
  using Role = TensorDeclaration::Role;
  OpDeclaration op;
  op.name = "rope";
  op.source_file = __FILE__;
  op.shape_keys = {"N", "S", "D"};
  op.case_keys = {"offset"};
  op.read_shape = read_shape;
  op.read_parameters = read_parameters;
  op.parameters = [](const CaseSpec& c) { return nlohmann::json{{"N", c.dim("N")}, {"S", c.dim("S")}, {"offset", c.integer("offset")}}; };
  op.shape_text = [](const CaseSpec& c) {
    return std::to_string(c.dim("N")) + "x" + std::to_string(c.dim("S")) + "x" + std::to_string(c.D);
  };
  op.tensors = {rows_tensor("x", Role::CounterInput), inv_freq_tensor(), rows_tensor("out", Role::Output)};
  op.traffic = traffic;
  op.limits = {"pe", "head_dim_multiple", "max_head_dim", "max_position"};
  op.last_position = [](const CaseSpec& c) { return c.integer("offset") + c.dim("S") - 1; };
  op.cpu_reference = [](const ReferenceCase& ref, const std::vector<int64_t>& rows, double* out) {
    rope_reference_rows(rope_problem_of(ref), rows, out);
  };
  bind_problem_launch(op, rope_problem);
  return op;
}

}  // namespace fuselab
