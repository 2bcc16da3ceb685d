#include "harness/ops/builtin_ops.h"

namespace fuselab {

std::vector<OpDeclaration> builtin_ops() { return {attention_op(), rope_op()}; }

std::string op_of_launch(const Experiment& e) { return e.op() == Op::Rope ? "rope" : "attention"; }

}  // namespace fuselab
