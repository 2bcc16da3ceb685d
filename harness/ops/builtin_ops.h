// The ops the bench ships with, each declared in its own folder:
// harness/ops/attention/ (attention with every PE kind, causal, GQA, cross)
// harness/ops/rope/ (standalone RoPE), harness/ops/qk_norm_rope/ (QK-norm +
// RoPE) and harness/ops/decode/ (decode attention over a rotated KV cache).
// The registry (harness/core/op_registry.h) takes them in on first use.
#pragma once

#include <vector>

#include "harness/core/op_declaration.h"

namespace fuselab {

OpDeclaration attention_op();
OpDeclaration rope_op();
OpDeclaration qk_norm_rope_op();
OpDeclaration decode_op();

std::vector<OpDeclaration> builtin_ops();

}  // namespace fuselab
