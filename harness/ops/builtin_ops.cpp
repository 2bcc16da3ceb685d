#include "harness/ops/builtin_ops.h"

namespace fuselab {

std::vector<OpDeclaration> builtin_ops() { return {attention_op(), rope_op(), qk_norm_rope_op(), decode_op()}; }

}  // namespace fuselab
