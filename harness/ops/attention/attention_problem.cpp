#include "harness/ops/attention/attention_problem.h"

namespace fuselab {

AttentionCase attention_case(const CaseSpec& c) {
  return {c.dim("B"),          c.dim("Hq"),          c.dim("Hkv"),     c.dim("Sq"),       c.dim("Sk"),
          c.D,                 c.integer("q_offset"), c.integer("k_offset"), c.flag("causal"), c.real("scale")};
}

AttentionProblem attention_problem(const CaseTensors& t) {
  const AttentionCase c = attention_case(*t.spec);
  AttentionProblem p;
  p.q = t.input("q");
  p.k = t.input("k");
  p.v = t.input("v");
  p.inv_freq = t.input("inv_freq");
  p.out = t.out;
  p.B = static_cast<int>(c.B);
  p.Hq = static_cast<int>(c.Hq);
  p.Hkv = static_cast<int>(c.Hkv);
  p.Sq = static_cast<int>(c.Sq);
  p.Sk = static_cast<int>(c.Sk);
  p.D = static_cast<int>(c.D);
  p.q_offset = static_cast<int>(c.q_offset);
  p.k_offset = static_cast<int>(c.k_offset);
  p.causal = c.causal;
  p.scale = static_cast<float>(c.scale);
  p.pe = t.spec->pe;
  return p;
}

}  // namespace fuselab
