// attention's CPU version: the float64 reference (experiments/common/cpu_reference_version.h).
#include "experiments/common/cpu_reference_version.h"

FUSELAB_EXPERIMENT(attention, v900_cpu_reference) {
  return fuselab::experiments::attention_cpu_reference("attention/v000_cublas_unfused", "fx_b1_h2_s5_d16");
}
