#include "harness/core/traffic_model.h"

#include "harness/core/op_registry.h"

namespace fuselab {

Traffic minimal_traffic(const CaseSpec& c) { return op_named(c.op).traffic(c); }

}  // namespace fuselab
