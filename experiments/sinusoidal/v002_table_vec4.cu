// sinusoidal/v002_table_vec4 (mechanism: see the kernel file).
#include "experiments/common/row_kernel.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v002_table_vec4.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v002_table_vec4) {
  namespace k = fuselab::kernels::sinusoidal::v002;
  return fuselab::Experiment{}
      .parent("sinusoidal/v001_table")
      .hypothesis(R"(
          Same bytes as v001 but one LDG.128 per four table entries instead of four LDG.32: the
          table side of the score loop issues 4x fewer load instructions (the loop is ~1 LDG K +
          4 LDG table + 1 LDS + 8 FMA/ADD per float4 -> 1 + 1 + 1 + 8). Bytes, not instructions,
          bound it at L2, so only ~10-15 % (the study saw 1.5x on Ada, where scalar loads also
          wasted sector bandwidth).)")
      .prediction(fuselab::faster_than("sinusoidal/v001_table", 1.1, {"b1_h4_s64_d512", "b1_h4_s64_d2048"}))
      .limits(fuselab::experiments::sinusoidal_row_kernel_limits())
      .kernel("row_kernel_tablevec4_nv2", fuselab::experiments::row_kernel_nv2<k::TableVec4Pe>())
      .launch(&k::launch, &k::workspace_bytes);
}
