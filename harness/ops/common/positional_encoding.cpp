#include "harness/ops/common/positional_encoding.h"

#include <cmath>
#include <string>

#include "harness/core/cases_file.h"
#include "harness/core/parallel_for.h"

namespace fuselab {
namespace {

using kernels::PeKind;

// One IEEE float32 rounding of pos * inv_freq. The volatile store keeps the
// product from being contracted into anything or kept in wider precision,
// whatever -ffp-contract says.
float fp32_angle(int64_t position, float inv_freq) {
  volatile float angle = static_cast<float>(position) * inv_freq;
  return angle;
}

}  // namespace

AngleTable::AngleTable(PeKind pe, int64_t first, int64_t count, const float* inv_freq, int D) : half(D / 2) {
  if (pe == PeKind::None) return;
  sin.resize(static_cast<std::size_t>(count) * half);
  cos.resize(sin.size());
  parallel_for(static_cast<std::size_t>(count), 64, [&](std::size_t begin, std::size_t end) {
    for (std::size_t p = begin; p < end; ++p)
      for (int i = 0; i < half; ++i) {
        const double angle = fp32_angle(first + static_cast<int64_t>(p), inv_freq[i]);
        sin[p * half + i] = std::sin(angle);
        cos[p * half + i] = std::cos(angle);
      }
  });
}

void embed(PeKind pe, const float* x, const AngleTable& table, int64_t p, int D, double* out) {
  const int half = D / 2;
  if (pe == PeKind::None) {
    for (int d = 0; d < D; ++d) out[d] = x[d];
    return;
  }
  const double* s = table.sin_row(p);
  const double* c = table.cos_row(p);
  switch (pe) {
    case PeKind::Sinusoidal:
      for (int i = 0; i < half; ++i) {
        out[2 * i] = static_cast<double>(x[2 * i]) + s[i];
        out[2 * i + 1] = static_cast<double>(x[2 * i + 1]) + c[i];
      }
      break;
    case PeKind::RopeInterleaved:
      for (int i = 0; i < half; ++i) {
        const double a = x[2 * i], b = x[2 * i + 1];
        out[2 * i] = a * c[i] - b * s[i];
        out[2 * i + 1] = a * s[i] + b * c[i];
      }
      break;
    case PeKind::RopeNeox:
      for (int i = 0; i < half; ++i) {
        const double a = x[i], b = x[i + half];
        out[i] = a * c[i] - b * s[i];
        out[i + half] = b * c[i] + a * s[i];
      }
      break;
    case PeKind::None:
      break;
  }
}

TensorDeclaration inv_freq_tensor() {
  return {"inv_freq", TensorDeclaration::Role::StoredInput, CounterStream::Q, {"D/2"}, {"i"}};
}

void read_even_head_dim(const CaseFields& fields, CaseSpec& spec) {
  spec.D = fields.dim("D");
  if (spec.D % 2 != 0)
    fields.fail("D", "D = " + std::to_string(spec.D) + " is odd (PE works on pairs of dimensions)", "use an even D");
}

}  // namespace fuselab
