// The minimal traffic model: each input read once, the output written once,
// and the FLOPs the math needs. Fractions of the ceilings are taken from these.
#pragma once

#include "harness/core/cases_file.h"

namespace fuselab {

struct Traffic {
  double bytes = 0;  // minimal device-memory bytes
  double flops = 0;  // Q·Kᵀ and P·V multiply-adds (2 each), visible pairs only
};

Traffic minimal_traffic(const CaseSpec& c);

}  // namespace fuselab
