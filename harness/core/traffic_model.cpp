#include "harness/core/traffic_model.h"

#include <algorithm>

namespace fuselab {

Traffic minimal_traffic(const CaseSpec& c) {
  Traffic t;
  const double D = double(c.D);
  if (c.op == Op::Rope) {
    const double elements = double(c.N) * double(c.S) * D;
    t.bytes = 4.0 * 2.0 * elements + 4.0 * D / 2.0;
    t.flops = 3.0 * elements;  // two multiplies and an add per element
    return t;
  }
  const double q = double(c.B) * double(c.Hq) * double(c.Sq) * D;
  const double kv = double(c.B) * double(c.Hkv) * double(c.Sk) * D;
  t.bytes = 4.0 * (2.0 * q + 2.0 * kv) + (c.pe == PeKind::None ? 0.0 : 4.0 * D / 2.0);
  double pairs = double(c.Sq) * double(c.Sk);
  if (c.causal) {
    pairs = 0;
    for (int64_t i = 0; i < c.Sq; ++i)
      pairs += double(std::clamp<int64_t>(c.q_offset + i - c.k_offset + 1, 0, c.Sk));
  }
  t.flops = 4.0 * double(c.B) * double(c.Hq) * pairs * D;
  return t;
}

}  // namespace fuselab
