// The ops the bench ships with, each declared in its own folder:
// harness/ops/attention/ (attention with every PE kind, causal, GQA, cross)
// harness/ops/rope/ (standalone RoPE) and harness/ops/qk_norm_rope/ (QK-norm +
// RoPE). The registry (harness/core/
// op_registry.h) takes them in on first use.
#pragma once

#include <vector>

#include "harness/core/case_tensors.h"
#include "harness/core/experiment.h"
#include "harness/core/op_declaration.h"

namespace fuselab {

OpDeclaration attention_op();
OpDeclaration rope_op();
OpDeclaration qk_norm_rope_op();

std::vector<OpDeclaration> builtin_ops();

// A version's launch as its op binds it to a case's tensors (binding.op
// names the op): harness/ops/<op>/<op>_launch.h. Empty (no op, no bind)
// for a version that binds no launch.
LaunchBinding launch_binding_of(const Experiment& e);

}  // namespace fuselab
