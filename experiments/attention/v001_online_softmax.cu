// attention/v001_online_softmax — the study's base kernel (see the kernel file).
#include "experiments/common/limits.h"
#include "harness/core/registry.h"
#include "kernels/attention/v001_online_softmax.cuh"

FUSELAB_EXPERIMENT(attention, v001_online_softmax) {
  namespace k = fuselab::kernels::attention::v001;
  const fuselab::Limits lim = fuselab::experiments::row_kernel_limits({fuselab::PeKind::None}, 4, 4 * k::kThreads * k::kMaxNV);
  return fuselab::Experiment{}
      .parent("attention/v000_cublas_unfused")
      .hypothesis(
          "One kernel instead of three: one block per query row streams its head's K and V in "
          "64-key tiles with an online softmax, so S never touches global memory and there is "
          "one launch instead of three. At small D the cuBLAS pipeline is launch/latency bound "
          "(~3 x 2-3 us); this kernel's 256 blocks read 64-256 KB of K/V each, mostly L2 hits "
          "(16-64 MB of L2 traffic at ~5.5 TB/s = 3-12 us). Expect >= 1.5x at D = 128 and 512. "
          "At large D it re-reads the head's K/V once per query row (Sq-fold L2 traffic: 2.1 GB "
          "at D = 16384, ~400 us), so it should lose there.")
      .prediction(fuselab::faster_than("attention/v000_cublas_unfused", 1.5,
                                       {"b1_h4_s64_d128", "b1_h4_s64_d512"}))
      .limits(lim)
      .kernel("row_kernel_nv1", (const void*)&k::row_kernel<1, 1, k::kThreads, k::NoPe>)
      .kernel("row_kernel_nv16", (const void*)&k::row_kernel<16, 1, k::kThreads, k::NoPe>)
      .launch(&k::launch);
}
