#include "harness/ops/rope/rope_problem.h"

namespace fuselab {

RopeProblem rope_problem(const CaseTensors& t) {
  const CaseSpec& c = *t.spec;
  RopeProblem p;
  p.x = t.input("x");
  p.inv_freq = t.input("inv_freq");
  p.out = t.out;
  p.N = static_cast<int>(c.dim("N"));
  p.S = static_cast<int>(c.dim("S"));
  p.D = static_cast<int>(c.D);
  p.offset = static_cast<int>(c.integer("offset"));
  p.pe = c.pe;
  return p;
}

}  // namespace fuselab
