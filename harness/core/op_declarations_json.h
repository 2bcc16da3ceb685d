// The ops' declarations as data, for readers outside the C++ harness: the
// reference generator (reference_data/refgen/ops.py) reads its parameters
// and tensors from reference_data/op_declarations.json, which
// `fuselab export --ops` writes from the registered declarations; a test
// keeps the committed file equal to the export. The hooks (checks, traffic,
// the launch, the host reference) stay C++; the generator's float64 math is
// its own (docs/ops.md).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "harness/core/op_declaration.h"

namespace fuselab {

nlohmann::json op_declaration_json(const OpDeclaration& op);

// Every built-in op by name, rendered for the committed file (sorted keys,
// two-space indent, one trailing newline).
std::string render_op_declarations();

}  // namespace fuselab
