// The minimal traffic model of a case, from its op's declaration
// (OpDeclaration::traffic): each input read once, the output written once,
// and the FLOPs the math needs. Fractions of the ceilings are taken from these.
#pragma once

#include "harness/core/cases_file.h"
#include "harness/core/op_declaration.h"

namespace fuselab {

Traffic minimal_traffic(const CaseSpec& c);

}  // namespace fuselab
