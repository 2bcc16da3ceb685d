#include "harness/ops/builtin_ops.h"

#include "harness/ops/attention/attention_launch.h"
#include "harness/ops/rope/rope_launch.h"

namespace fuselab {

std::vector<OpDeclaration> builtin_ops() { return {attention_op(), rope_op(), qk_norm_rope_op()}; }

LaunchBinding launch_binding_of(const Experiment& e) {
  if (e.rope_launch) return rope_launch_binding(e);
  if (e.attention_launch) return attention_launch_binding(e);
  return {};
}

}  // namespace fuselab
