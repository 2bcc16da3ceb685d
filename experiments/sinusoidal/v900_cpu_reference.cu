// sinusoidal's CPU version: the float64 reference (experiments/common/cpu_reference_version.h).
#include "experiments/common/cpu_reference_version.h"

FUSELAB_EXPERIMENT(sinusoidal, v900_cpu_reference) {
  return fuselab::experiments::attention_cpu_reference("sinusoidal/v000_separate", "fx_b1_h2_s5_d16");
}
