// The device code of the kernels an experiment declares, as the running
// executable holds it for this GPU (harness/core/device_code.h): mangled
// names from the CUDA runtime, the architecture from the current device.
#pragma once

#include <nlohmann/json.hpp>

#include "harness/core/experiment.h"

namespace fuselab {

nlohmann::json kernel_device_code(const Experiment& e);

}  // namespace fuselab
