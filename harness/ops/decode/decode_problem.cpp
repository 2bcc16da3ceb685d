#include "harness/ops/decode/decode_problem.h"

namespace fuselab {

kernels::DecodeProblem decode_problem(const CaseTensors& t) {
  const CaseSpec& c = *t.spec;
  kernels::DecodeProblem p;
  p.q = t.input("q");
  p.k = t.input("k");
  p.v = t.input("v");
  p.inv_freq = t.input("inv_freq");
  p.out = t.out;
  p.B = static_cast<int>(c.dim("B"));
  p.Hq = static_cast<int>(c.dim("Hq"));
  p.Hkv = static_cast<int>(c.dim("Hkv"));
  p.Sq = static_cast<int>(c.dim("Sq"));
  p.Skv = static_cast<int>(c.dim("Skv"));
  p.D = static_cast<int>(c.D);
  p.scale = static_cast<float>(c.real("scale"));
  p.pe = c.pe;
  return p;
}

kernels::AttentionProblem attention_problem_of_decode(const kernels::DecodeProblem& d) {
  kernels::AttentionProblem p;
  p.q = d.q;
  p.k = d.k;
  p.v = d.v;
  p.inv_freq = d.inv_freq;
  p.B = d.B;
  p.Hq = d.Hq;
  p.Hkv = d.Hkv;
  p.Sq = d.Sq;
  p.Sk = d.Skv;
  p.D = d.D;
  p.q_offset = d.pos0();
  p.k_offset = 0;
  p.causal = true;
  p.scale = d.scale;
  p.pe = d.pe;
  return p;
}

}  // namespace fuselab
