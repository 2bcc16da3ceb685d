// Probe: the launch plan attention v046 and v047 (and their PE versions) pick on this
// device: how many clusters of 8 and of 16 blocks its kernels can hold at
// once (cudaOccupancyMaxActiveClusters), and the cluster size and warps per
// block it chooses for the study's 1x4x64xD shapes. No timing.
//   fuselab_probe_cluster_plan
#include <cuda_runtime.h>

#include <cstdio>

#include "kernels/attention/v046_cluster_registers.cuh"
#include "kernels/attention/v047_cluster_push.cuh"
#include "kernels/rope/v008_split_d.cuh"
#include "kernels/sinusoidal/v016_head_tile_reduced_sincos.cuh"

namespace {

using fuselab::kernels::AttentionProblem;
namespace v046 = fuselab::kernels::attention::v046;

template <class Pe>
void report(const char* name) {
  std::printf("%-12s max clusters: 4 warps %d of 8, %d of 16; 8 warps %d of 8, %d of 16\n", name,
              v046::max_clusters<Pe, 4>(8), v046::max_clusters<Pe, 4>(16), v046::max_clusters<Pe, 8>(8),
              v046::max_clusters<Pe, 8>(16));
  for (int D : {2048, 4096, 8192, 16384}) {
    AttentionProblem p;
    p.B = 1, p.Hq = p.Hkv = 4, p.Sq = p.Sk = 64, p.D = D;
    const v046::Plan pl = v046::make_plan<Pe>(p);
    std::printf("%-12s 1x4x64x%-5d cluster %2d, %d warps, %d blocks\n", name, D, pl.cl, pl.warps,
                pl.warps ? pl.cl * 2 * 4 : 0);
  }
  std::printf("%-12s v047 max clusters: 16 x 4 warps %d, 8 x 8 warps %d, 8 x 4 warps %d\n", name,
              fuselab::kernels::attention::v047::max_clusters<Pe, 4, 16>(),
              fuselab::kernels::attention::v047::max_clusters<Pe, 8, 8>(),
              fuselab::kernels::attention::v047::max_clusters<Pe, 4, 8>());
}

}  // namespace

int main() {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    std::printf("fuselab_probe_cluster_plan: no CUDA GPU on this machine\n");
    return 3;
  }
  report<fuselab::kernels::attention::v002::NoPe>("attention");
  report<fuselab::kernels::sinusoidal::v016::Pe>("sinusoidal");
  report<fuselab::kernels::rope::v008::RopeSplitPe<true, fuselab::kernels::Sincos::kReduced>>("rope neox");
  return 0;
}
