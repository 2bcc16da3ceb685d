// rope/v001_cached_tables (mechanism: see the kernel file).
#include "experiments/common/row_kernel.h"
#include "harness/core/registry.h"
#include "kernels/rope/v001_cached_tables.cuh"

FUSELAB_EXPERIMENT(rope, v001_cached_tables) {
  namespace k = fuselab::kernels::rope::v001;
  return fuselab::Experiment{}
      .parent("rope/v000_separate")
      .hypothesis(R"(
          The study's first RoPE fusion: rotate K inside the row kernel from cos/sin tables.
          Every K element of every query row now also reads a cos and a sin entry, so the score
          loop moves 3x K's bytes through L2 instead of 1x; with V unchanged the core's L2
          traffic roughly doubles (K+V -> K+cos+sin+V), ~2x slower than separate (the study:
          1.7-3.3x slower on Ada). Predict t_sep/t_this >= 0.45 (no worse than ~2.2x slower) at
          D = 512 and 2048.)")
      .prediction(fuselab::faster_than("rope/v000_separate", 0.45, {"b1_h4_s64_d512_neox", "b1_h4_s64_d2048_neox"}))
      .limits(fuselab::experiments::rope_row_kernel_limits())
      .kernel("build_tables", (const void*)&k::build_tables_kernel)
      .kernel("row_kernel_table_neox_nv2", fuselab::experiments::row_kernel_nv2<k::TablePe<true>>())
      .launch(&k::launch, &k::workspace_bytes);
}
