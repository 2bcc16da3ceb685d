#include "harness/ops/qk_norm_rope/qk_norm_rope_problem.h"

namespace fuselab {

kernels::QkNormRopeProblem qk_norm_rope_problem(const CaseTensors& t) {
  const CaseSpec& c = *t.spec;
  kernels::QkNormRopeProblem p;
  p.q = t.input("q");
  p.k = t.input("k");
  p.wq = t.input("wq");
  p.wk = t.input("wk");
  p.positions = t.input_int64("positions");
  p.inv_freq = t.input("inv_freq");
  p.out = t.out;
  p.T = static_cast<int>(c.dims.at("T"));
  p.Hq = static_cast<int>(c.dims.at("Hq"));
  p.Hkv = static_cast<int>(c.dims.at("Hkv"));
  p.D = static_cast<int>(c.D);
  p.eps = static_cast<float>(c.reals.at("eps"));
  p.pe = c.pe;
  return p;
}

}  // namespace fuselab
