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

// "" when every limit `e` declares is one its op knows (OpDeclaration::limits);
// else which one is not, and where the op is declared.
std::string unknown_limit(const Experiment& e);

}  // namespace fuselab
