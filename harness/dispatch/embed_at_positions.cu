#include "harness/dispatch/embed_at_positions.h"

#include "kernels/common/pe.cuh"

namespace fuselab {
namespace {

using kernels::PeKind;

// One thread per pair of one row: the row r = (b, h, s) of [B, H, S], the
// pair i of its D/2 (interleaved and sinusoidal: dims 2i, 2i+1; neox: i, i + D/2).
__global__ void embed_pairs(const float* __restrict__ x, const int64_t* __restrict__ positions,
                            const float* __restrict__ inv_freq, float* __restrict__ out, int64_t pairs, int H, int S,
                            int D, PeKind pe) {
  const int half = D / 2;
  for (int64_t p = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; p < pairs; p += int64_t(gridDim.x) * blockDim.x) {
    const int64_t row = p / half;
    const int i = int(p % half);
    const int64_t b = row / (int64_t(H) * S), s = row % S;
    const int pos = int(positions[b * S + s]);
    float sn, cs;
    kernels::pe_sincos(kernels::pe_angle(pos, inv_freq[i]), &sn, &cs);
    const int64_t first = row * D + (pe == PeKind::RopeNeox ? i : 2 * i);
    const int64_t second = first + (pe == PeKind::RopeNeox ? half : 1);
    float a = x[first], c = x[second];
    if (pe == PeKind::Sinusoidal) {
      a += sn;
      c += cs;
    } else {
      kernels::rope_rotate(a, c, cs, sn);
    }
    out[first] = a;
    out[second] = c;
  }
}

}  // namespace

void embed_at_positions(const float* x, const int64_t* positions, const float* inv_freq, float* out, int B, int H,
                        int S, int D, PeKind pe, cudaStream_t stream) {
  const int64_t pairs = int64_t(B) * H * S * (D / 2);
  const int threads = 256;
  const int64_t blocks = (pairs + threads - 1) / threads;
  embed_pairs<<<unsigned(blocks < 65535 * 16 ? blocks : 65535 * 16), threads, 0, stream>>>(x, positions, inv_freq, out,
                                                                                          pairs, H, S, D, pe);
}

}  // namespace fuselab
