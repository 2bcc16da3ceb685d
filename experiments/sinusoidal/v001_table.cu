// sinusoidal/v001_table (mechanism: see the kernel file).
#include "experiments/common/row_kernel.h"
#include "harness/core/registry.h"
#include "kernels/sinusoidal/v001_table.cuh"

FUSELAB_EXPERIMENT(sinusoidal, v001_table) {
  namespace k = fuselab::kernels::sinusoidal::v001;
  return fuselab::Experiment{}
      .parent("sinusoidal/v000_separate")
      .hypothesis(R"(
          The study's V1 on H100: fuse the PE into the row kernel but read it from tables (built
          in launch for the positions in use, timed), scalar loads. Q' never hits memory, but
          every K element of every query row now also reads its table entry: the score loop's L2
          traffic doubles (K + table) while V is unchanged, so the attention core gets ~1.5x
          slower; the saved PE kernel (~3 us at D = 2048) cannot pay for that. Expect ~0.65x of
          separate (t_sep / t_v001 ~ 0.65) at D = 512 and 2048, i.e. refuting 'fusion always
          wins'.)")
      .prediction(fuselab::faster_than("sinusoidal/v000_separate", 0.6, {"b1_h4_s64_d512", "b1_h4_s64_d2048"}))
      .limits(fuselab::experiments::sinusoidal_row_kernel_limits())
      .kernel("build_tables", (const void*)&k::build_tables_kernel)
      .kernel("row_kernel_table_nv2", fuselab::experiments::row_kernel_nv2<k::TablePe>())
      .launch(&k::launch, &k::workspace_bytes);
}
