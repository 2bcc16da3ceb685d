// A canary: v001 with the softmax scale forgotten (scale 1 instead of
// 1/sqrt(D)). It is wrong on purpose; the checker must reject it on every
// case (`fuselab check attention/v901_canary_no_scale` exits 0 only then).
#include "harness/core/registry.h"
#include "kernels/attention/parts/row_online_softmax.cuh"

namespace {

void launch(const fuselab::kernels::AttentionProblem& p, void* workspace, cudaStream_t stream) {
  fuselab::kernels::AttentionProblem unscaled = p;
  unscaled.scale = 1.0f;
  fuselab::kernels::attention::row_online_softmax::launch(unscaled, workspace, stream);
}

}  // namespace

FUSELAB_EXPERIMENT(attention, v901_canary_no_scale) {
  fuselab::Limits limits;
  limits.pe = {fuselab::PeKind::None};
  return fuselab::Experiment{}
      .parent("attention/v001_online_softmax")
      .hypothesis("Forgetting the 1/sqrt(D) scale changes every output row by far more than "
                  "5e-5, so a working checker rejects this version on every case.")
      .canary()
      .limits(limits)
      .launch(&launch);
}
