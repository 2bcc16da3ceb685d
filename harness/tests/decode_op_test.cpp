// Op decode (harness/ops/decode/) through the core: its declaration, its
// case (shape, scale, traffic), its bad inputs (each one message naming the
// file and the fix), and its host float64 reference: the key cache taken as
// given, the causal tail of speculative queries, and the committed fixtures.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "harness/core/cases_file.h"
#include "harness/core/counter_rng.h"
#include "harness/core/op_registry.h"
#include "harness/core/registry.h"
#include "harness/ops/builtin_ops.h"
#include "harness/ops/decode/decode_problem.h"
#include "harness/ops/decode/decode_reference.h"
#include "harness/tests/test_support.h"

namespace fuselab {
namespace {

using kernels::DecodeProblem;
using test::expect_phrases;

std::string write_family(const std::string& case_map) { return test::write_one_case("decode", case_map); }

TEST(DecodeOp, IsDeclaredCompletelyAndBindsItsProblem) {
  const OpDeclaration& op = op_named("decode");
  EXPECT_EQ(declaration_problem(op), "");
  EXPECT_TRUE(op.cpu_reference);
  EXPECT_EQ(op.problem_type, std::type_index(typeid(DecodeProblem)));
  const auto launch = [](const DecodeProblem&, void*, cudaStream_t) {};
  EXPECT_EQ(launch_binding_of(Experiment{}.launch(+launch)).op, "decode");
}

TEST(DecodeOp, ReadsItsCaseAndModelsKAndVReadOnce) {
  const std::string path =
      write_family("{name: a, shape: {B: 8, Hq: 32, Hkv: 8, Sq: 1, Skv: 32768, D: 128}, pe: rope_neox, seed: 1}");
  const CaseSpec spec = load_cases_file(path).cases.at(0);
  EXPECT_EQ(spec.out_rows(), 8 * 32);
  EXPECT_EQ(spec.shape_text(), "8x32kv8x1k32768x128");
  EXPECT_DOUBLE_EQ(spec.real("scale"), 1.0 / std::sqrt(128.0));
  EXPECT_EQ(op_named("decode").output().shape(spec), (std::vector<int64_t>{8, 32, 1, 128}));
  const Traffic t = op_named("decode").traffic(spec);
  const double kv = 2.0 * 8 * 8 * 32768 * 128 * 4, q = 8.0 * 32 * 128 * 4;
  EXPECT_DOUBLE_EQ(t.bytes, kv + 2 * q + 64 * 4);
  EXPECT_DOUBLE_EQ(t.flops, 4.0 * 8 * 32 * 32768 * 128);
  const std::string scaled =
      write_family("{name: a, shape: {B: 1, Hq: 2, Hkv: 2, Sq: 1, Skv: 1, D: 8}, scale: 0.5, seed: 1}");
  EXPECT_EQ(load_cases_file(scaled).cases.at(0).real("scale"), 0.5);
}

TEST(DecodeOp, ShapesAndEmbeddingsItCannotTakeAreRefused) {
  const std::string long_draft =
      write_family("{name: a, shape: {B: 1, Hq: 2, Hkv: 1, Sq: 4, Skv: 3, D: 8}, seed: 1}");
  expect_phrases(test::error_of([&] { load_cases_file(long_draft); }),
                 {long_draft, "Sq = 4 queries exceed the Skv = 3 cached keys", "choose Sq <= Skv"});
  const std::string ratio = write_family("{name: a, shape: {B: 1, Hq: 3, Hkv: 2, Sq: 1, Skv: 3, D: 8}, seed: 1}");
  expect_phrases(test::error_of([&] { load_cases_file(ratio); }), {ratio, "not a multiple of Hkv = 2"});
  const std::string additive =
      write_family("{name: a, shape: {B: 1, Hq: 2, Hkv: 1, Sq: 1, Skv: 3, D: 8}, pe: sinusoidal, seed: 1}");
  expect_phrases(test::error_of([&] { load_cases_file(additive); }),
                 {additive, "rotates q alone", "write pe: none, pe: rope_neox or pe: rope_interleaved"});
  const std::string causal =
      write_family("{name: a, shape: {B: 1, Hq: 2, Hkv: 1, Sq: 1, Skv: 3, D: 8}, causal: true, seed: 1}");
  expect_phrases(test::error_of([&] { load_cases_file(causal); }), {causal, "applies only to op attention"});
}

// B = Hq = Hkv = 1, D = 2: q, k and v small enough to check by hand.
struct Tiny {
  std::vector<float> q, k, v, inv{1.0f};
  DecodeProblem p;
  Tiny(int Sq, int Skv, kernels::PeKind pe) : q(2 * Sq), k(2 * Skv), v(2 * Skv) {
    for (int i = 0; i < 2 * Sq; ++i) q[i] = 0.25f * float(i + 1);
    for (int j = 0; j < 2 * Skv; ++j) k[j] = 0.5f - 0.125f * float(j), v[j] = float(j);
    p.q = q.data(), p.k = k.data(), p.v = v.data(), p.inv_freq = inv.data();
    p.B = p.Hq = p.Hkv = 1, p.Sq = Sq, p.Skv = Skv, p.D = 2, p.pe = pe, p.scale = 1.0f;
  }
  std::vector<double> out() const {
    std::vector<int64_t> rows(std::size_t(p.Sq));
    std::iota(rows.begin(), rows.end(), int64_t{0});
    std::vector<double> o(rows.size() * 2);
    decode_reference_rows(p, 1.0, rows, o.data());
    return o;
  }
};

TEST(DecodeOp, TheFirstDraftQuerySeesTheCacheButTheLaterDraftTokens) {
  // Skv = Sq = 2: query 0 sits at position 0 and sees key 0 alone; query 1 sees both.
  const Tiny t(2, 2, kernels::PeKind::None);
  const std::vector<double> o = t.out();
  EXPECT_EQ(o[0], 0.0);
  EXPECT_EQ(o[1], 1.0);
  const double s0 = 0.75 * 0.5 + 1.0 * 0.375, s1 = 0.75 * 0.25 + 1.0 * 0.125;  // q1 . k0, q1 . k1
  const double w1 = std::exp(s1 - s0) / (1.0 + std::exp(s1 - s0));
  EXPECT_NEAR(o[2], 2.0 * w1, 1e-15);
  EXPECT_NEAR(o[3], 1.0 + 2.0 * w1, 1e-15);
}

TEST(DecodeOp, OnlyTheQueryIsRotatedAtItsPosition) {
  // Skv = 3, Sq = 1: the query sits at position 2 (angle 2 rad); the keys are not rotated.
  const Tiny t(1, 3, kernels::PeKind::RopeNeox);
  const std::vector<double> o = t.out();
  const double c = std::cos(2.0), s = std::sin(2.0);
  const double qa = 0.25 * c - 0.5 * s, qb = 0.5 * c + 0.25 * s;
  double w[3], sum = 0;
  for (int j = 0; j < 3; ++j) sum += w[j] = std::exp(qa * t.k[2 * j] + qb * t.k[2 * j + 1]);
  double expect[2] = {0, 0};
  for (int j = 0; j < 3; ++j)
    for (int d = 0; d < 2; ++d) expect[d] += w[j] / sum * t.v[2 * j + d];
  EXPECT_NEAR(o[0], expect[0], 1e-14);
  EXPECT_NEAR(o[1], expect[1], 1e-14);
}

TEST(DecodeOp, FixturesMatchTheHostReference) {
  int checked = 0;
  for (const CaseSpec& spec : test::fixture_specs()) {
    if (spec.op != "decode") continue;
    const ReferenceCase ref = load_reference(spec, test::options_for(test::reference_root()));
    std::vector<int64_t> rows(std::size_t(spec.out_rows()));
    std::iota(rows.begin(), rows.end(), int64_t{0});
    std::vector<double> out(rows.size() * std::size_t(spec.D));
    decode_reference_rows(decode_problem(host_tensors_of(ref)), spec.real("scale"), rows, out.data());
    double worst = 0;
    for (std::size_t i = 0; i < out.size(); ++i) worst = std::max(worst, std::fabs(out[i] - ref.out[i]));
    EXPECT_LT(worst, 1e-12) << spec.id();
    ++checked;
  }
  EXPECT_GE(checked, 2);
}

}  // namespace
}  // namespace fuselab
