// The kernels of the split-D pipeline's phases 2 and 3 as the part
// early_triggers and its heirs launch them (kernels/attention/parts/
// early_triggers.cuh), in one place: phase 2's row softmax with the trigger
// (phase 3 on wgmma) and without it, phase 3 (named `pv_name`), and
// split_d_tuned's SIMT phase 3 for problems too small to fill the SMs.
#pragma once

#include <string>
#include <vector>

#include "harness/core/experiment.h"
#include "kernels/attention/parts/early_triggers.cuh"
#include "kernels/attention/parts/split_d_tuned.cuh"

namespace fuselab::experiments {

inline std::vector<KernelRef> triggered_phases_2_3(const std::string& pv_name, const void* pv) {
  namespace a = kernels::attention;
  return {{"row_softmax_16_in_flight_coherent_triggered", (const void*)&a::early_triggers::row_softmax_kernel<true>},
          {"row_softmax_16_in_flight_coherent", (const void*)&a::early_triggers::row_softmax_kernel<false>},
          {pv_name, pv},
          {"pv_tuned", (const void*)&a::split_d_tuned::pv_kernel}};
}

}  // namespace fuselab::experiments
