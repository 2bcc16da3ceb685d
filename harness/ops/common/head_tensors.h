// What the ops over attention heads share (attention, decode): tensors laid
// out [B, heads, seq, D] with their shape read from the case's keys, and
// the check that query heads split evenly over the kv heads.
#pragma once

#include <string>

#include "harness/core/op_declaration.h"

namespace fuselab {

// [B, <heads_key>, <seq_key>, D], dimensions named b, h, s, d: q and out
// over ("Hq", "Sq"), k and v over ("Hkv", "Sk") or ("Hkv", "Skv").
TensorDeclaration head_tensor(std::string name, TensorDeclaration::Role role, CounterStream stream,
                              std::string heads_key, std::string seq_key);

// Refuses Hq not a multiple of Hkv (query head h reads kv head h / (Hq / Hkv)).
void check_query_groups(const CaseFields& f);

}  // namespace fuselab
