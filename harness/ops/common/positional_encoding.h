// What the attention and RoPE ops share: the PE math of DESIGN.md section 3
// on the host (float32 angle = fp32(fp32(pos) * inv_freq[i]), one rounding,
// no FMA; sin, cos and everything after in float64), the inv_freq tensor
// both read, and the checks of D both make.
#pragma once

#include <cstdint>
#include <vector>

#include "harness/core/op_declaration.h"
#include "kernels/common/problem.h"

namespace fuselab {

// sin and cos (float64) of the float32 angles of positions
// first .. first + count - 1: [count, D/2] each.
struct AngleTable {
  int half = 0;
  std::vector<double> sin, cos;

  AngleTable(kernels::PeKind pe, int64_t first, int64_t count, const float* inv_freq, int D);
  const double* sin_row(int64_t p) const { return sin.data() + p * half; }
  const double* cos_row(int64_t p) const { return cos.data() + p * half; }
};

// out = x with the PE of table row `p` applied, in float64.
void embed(kernels::PeKind pe, const float* x, const AngleTable& table, int64_t p, int D, double* out);

// inv_freq [D/2] = fp32(1 / base^(2i/D)): stored in every reference file.
TensorDeclaration inv_freq_tensor();

// Reads shape key D into spec.D; refuses an odd D (PE works on pairs).
void read_even_head_dim(const CaseFields& fields, CaseSpec& spec);

}  // namespace fuselab
