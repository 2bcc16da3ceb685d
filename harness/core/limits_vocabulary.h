// The names of Limits' fields: the vocabulary an op's declaration picks its
// limits from (OpDeclaration::limits), and the fields a version sets.
#pragma once

#include <string>
#include <vector>

#include "harness/core/experiment.h"

namespace fuselab {

// Every field's name: "pe", "head_dim_multiple", ..., "max_position".
const std::vector<std::string>& limit_field_names();

// The fields `l` sets away from their defaults, in limit_field_names() order.
std::vector<std::string> declared_limits(const Limits& l);

// "pe {none, rope_neox}; head_dim % 8 == 0; ...; causal no; ...": `l` in
// words, of the fields named in `fields` only (the boolean ones always, the
// others where set). Limits::describe() names every field.
std::string describe_limits(const Limits& l, const std::vector<std::string>& fields);

// `e`'s limits in the words of its op: the fields its op knows
// (OpDeclaration::limits), so that op qk_norm_rope's say nothing of causal;
// every field where no registered op takes its launch.
std::string describe_limits_of(const Experiment& e);

// "" when every limit `e` declares is one its op knows (OpDeclaration::limits);
// else which one is not, and where the op is declared.
std::string unknown_limit(const Experiment& e);

}  // namespace fuselab
