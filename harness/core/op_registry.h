// The ops the bench knows: the built-in ones (harness/ops/builtin_ops.h)
// and any a caller registers (a test's own op). Each declaration is checked
// when it is registered; a bad one is refused with one message naming the
// file that declares it and the fix.
#pragma once

#include <string>
#include <vector>

#include "harness/core/case_tensors.h"
#include "harness/core/experiment.h"
#include "harness/core/op_declaration.h"

namespace fuselab {

// Checks and adds `op`. Throws std::runtime_error on a declaration that is
// incomplete or whose name is taken.
void register_op(OpDeclaration op);

// The op named `name`; throws std::runtime_error naming the known ops.
const OpDeclaration& op_named(const std::string& name);
const OpDeclaration* find_op(const std::string& name);
std::vector<std::string> op_names();  // sorted

// A version's launch as the op that takes its problem struct binds it
// (binding.op names that op). Empty (no op, no bind) when no known op takes
// it or the version has no launch.
LaunchBinding launch_binding_of(const Experiment& e);

// "" when `op` is complete; else what is missing and the fix, in one line.
std::string declaration_problem(const OpDeclaration& op);

}  // namespace fuselab
