// Op qk_norm_rope (harness/ops/qk_norm_rope/) through the core: its
// declaration, its bad inputs (each one message naming the file and the
// fix), its int64 positions from the file and from the counter generator,
// its host float64 reference against the committed fixtures; and the inputs
// hash of every committed fixture, float32 or int64, as MANIFEST has it.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "harness/core/cases_file.h"
#include "harness/core/counter_rng.h"
#include "harness/core/limits_vocabulary.h"
#include "harness/core/manifest.h"
#include "harness/core/op_registry.h"
#include "harness/core/registry.h"
#include "harness/core/sha256.h"
#include "harness/ops/builtin_ops.h"
#include "harness/ops/qk_norm_rope/qk_norm_rope_problem.h"
#include "harness/ops/qk_norm_rope/qk_norm_rope_reference.h"
#include "harness/tests/test_support.h"

namespace fuselab {
namespace {

using kernels::QkNormRopeProblem;

const char* const kOpFile = "harness/ops/qk_norm_rope/qk_norm_rope_op.cpp";

using test::expect_phrases;

std::string write_family(const std::string& case_map) { return test::write_one_case("qk_norm_rope", case_map); }

TEST(QkNormRopeOp, IsDeclaredCompletelyAndBindsItsProblem) {
  const OpDeclaration& op = op_named("qk_norm_rope");
  EXPECT_EQ(declaration_problem(op), "");
  EXPECT_TRUE(op.cpu_reference);
  EXPECT_EQ(op.problem_type, std::type_index(typeid(QkNormRopeProblem)));
  const auto launch = [](const QkNormRopeProblem&, void*, cudaStream_t) {};
  EXPECT_EQ(launch_binding_of(Experiment{}.launch(+launch)).op, "qk_norm_rope");
}

TEST(QkNormRopeOp, ReadsItsCase) {
  const std::string path = write_family(
      "{name: a, shape: {T: 5, Hq: 4, Hkv: 2, D: 8}, pe: rope_interleaved, eps: 1.0e-5, max_position: 1000000, seed: 1}");
  const CaseSpec spec = load_cases_file(path).cases.at(0);
  EXPECT_EQ(spec.out_rows(), 5 * 6);
  EXPECT_EQ(spec.shape_text(), "5x4kv2x8");
  EXPECT_EQ(spec.reals.at("eps"), 1e-5);
  EXPECT_EQ(spec.integers.at("max_position"), 1000000);
  EXPECT_EQ(op_named("qk_norm_rope").output().shape(spec), (std::vector<int64_t>{5, 6, 8}));
  const std::string defaulted =
      write_family("{name: a, shape: {T: 1, Hq: 1, Hkv: 1, D: 2}, pe: rope_neox, max_position: 0, seed: 1}");
  EXPECT_EQ(load_cases_file(defaulted).cases.at(0).reals.at("eps"), 1e-6);
}

TEST(QkNormRopeOp, ACaseWithoutMaxPositionIsRefused) {
  const std::string path = write_family("{name: a, shape: {T: 5, Hq: 4, Hkv: 2, D: 8}, pe: rope_neox, seed: 1}");
  expect_phrases(test::error_of([&] { load_cases_file(path); }),
                 {path + ":4: case 'a'", "needs max_position", "add max_position: N"});
}

TEST(QkNormRopeOp, ACaseMissingAShapeKeyOrWithoutARopePairingIsRefused) {
  const std::string no_t = write_family("{name: a, shape: {Hq: 4, Hkv: 2, D: 8}, pe: rope_neox, max_position: 9, seed: 1}");
  expect_phrases(test::error_of([&] { load_cases_file(no_t); }), {no_t, "missing key 'T'", "add T:"});
  const std::string no_pe = write_family("{name: a, shape: {T: 1, Hq: 4, Hkv: 2, D: 8}, max_position: 9, seed: 1}");
  expect_phrases(test::error_of([&] { load_cases_file(no_pe); }),
                 {no_pe, "needs a RoPE pairing, not pe none", "write pe: rope_interleaved or pe: rope_neox"});
}

TEST(QkNormRopeOp, ParametersThatContradictTheShapesAreRefused) {
  const std::string odd = write_family("{name: a, shape: {T: 1, Hq: 4, Hkv: 2, D: 7}, pe: rope_neox, max_position: 9, seed: 1}");
  expect_phrases(test::error_of([&] { load_cases_file(odd); }), {odd, "D = 7 is odd", "use an even D"});
  const std::string far =
      write_family("{name: a, shape: {T: 1, Hq: 4, Hkv: 2, D: 8}, pe: rope_neox, max_position: 16777216, seed: 1}");
  expect_phrases(test::error_of([&] { load_cases_file(far); }), {far, "not all exact in float32"});
  const std::string eps = write_family(
      "{name: a, shape: {T: 1, Hq: 4, Hkv: 2, D: 8}, pe: rope_neox, max_position: 9, eps: 0.0, seed: 1}");
  expect_phrases(test::error_of([&] { load_cases_file(eps); }), {eps, "eps = 0", "write eps: 1.0e-6"});
}

TEST(QkNormRopeOp, AnInt64TensorMustSayItsRangeAndTheOutputStaysFloat32) {
  OpDeclaration op = op_named("qk_norm_rope");
  op.name = "qk_unbounded";
  op.problem_type = typeid(void);
  op.bind_launch = nullptr;
  for (auto& t : op.tensors)
    if (t.name == "positions") t.max_value_key.clear();
  expect_phrases(test::error_of([&] { register_op(op); }),
                 {kOpFile, "int64 counter input 'positions' has no .max_value_key", "give it .max_value_key"});
  for (auto& t : op.tensors)
    if (t.name == "out") t.dtype = TensorDeclaration::Dtype::Int64;
  for (auto& t : op.tensors)
    if (t.name == "positions") t.max_value_key = "max_position";
  expect_phrases(test::error_of([&] { register_op(op); }), {"its output 'out' is int64", "float32"});
}

void no_qk(const QkNormRopeProblem&, void*, cudaStream_t) {}

TEST(QkNormRopeOp, AVersionDeclaringALimitTheOpDoesNotKnowIsRefused) {
  Limits limits;
  limits.pe = {PeKind::RopeNeox};
  limits.gqa = true;
  Experiment e = Experiment{}.hypothesis("normalises").backend(Backend::Cpu).limits(limits).launch(&no_qk);
  e.family = "qk_norm_rope";
  e.version = "v000_probe";
  e.source_file = "experiments/qk_norm_rope/v000_probe.cu";
  Registry registry;
  registry.add(e);
  expect_phrases(
      test::error_of([&] { registry.validate([](const std::string&) { return std::vector<std::string>{}; }); }),
      {"qk_norm_rope/v000_probe", "declare gqa, which op qk_norm_rope does not know", kOpFile, "remove it"});
}

TEST(QkNormRopeOp, PositionsAreTheCounterGeneratorsIntegers) {
  // The numbers reference_data/tests/test_counter.py pins for Python.
  EXPECT_EQ(counter_integer_tensor(1, CounterStream::Positions, 4, 1000000),
            (std::vector<int64_t>{494945, 199690, 125147, 835591}));
  // Stream 4 of a seed is not stream 0 of the next seed.
  EXPECT_NE(counter_value(1, CounterStream::Wq, 0), counter_value(2, CounterStream::Q, 0));
}

std::vector<CaseSpec> qk_fixtures() {
  std::vector<CaseSpec> out;
  for (const CaseSpec& s : test::fixture_specs())
    if (s.op == "qk_norm_rope") out.push_back(s);
  return out;
}

TEST(QkNormRopeOp, FixturesRoundTripInt64PositionsAndMatchTheHostReference) {
  const auto fixtures = qk_fixtures();
  ASSERT_GE(fixtures.size(), 2u);
  for (const CaseSpec& spec : fixtures) {
    const ReferenceCase ref = load_reference(spec, test::options_for(test::reference_root()));
    const int64_t T = spec.dims.at("T");
    EXPECT_EQ(ref.input_int64("positions"),
              counter_integer_tensor(spec.seed, CounterStream::Positions, std::size_t(T),
                                     spec.integers.at("max_position")))
        << spec.id();
    EXPECT_EQ(ref.input("wq"), counter_tensor(spec.seed, CounterStream::Wq, std::size_t(spec.D))) << spec.id();
    const CaseTensors t = host_tensors_of(ref);
    EXPECT_EQ(t.input_int64("positions"), ref.input_int64("positions").data());
    expect_phrases(test::error_of([&] { t.input("positions"); }), {"declares input 'positions' int64"});
    std::vector<int64_t> rows(std::size_t(spec.out_rows()));
    std::iota(rows.begin(), rows.end(), int64_t{0});
    std::vector<double> out(rows.size() * std::size_t(spec.D));
    qk_norm_rope_reference_rows(qk_norm_rope_problem(t), spec.reals.at("eps"), rows, out.data());
    double worst = 0;
    for (std::size_t i = 0; i < out.size(); ++i) worst = std::max(worst, std::fabs(out[i] - ref.out[i]));
    EXPECT_LT(worst, 1e-12) << spec.id();
  }
}

// Every committed fixture's inputs, by the op's order and dtype, hash to its
// MANIFEST line: float32 tensors hash as they did before int64 inputs existed.
TEST(QkNormRopeOp, EveryFixturesInputsHashIsTheManifests) {
  const Manifest manifest = load_manifest((test::reference_root() / "MANIFEST").string());
  int checked = 0;
  for (const CaseSpec& spec : test::fixture_specs()) {
    const ReferenceCase ref = load_reference(spec, test::options_for(test::reference_root()));
    Sha256 hash;
    for (const TensorDeclaration* t : op_named(spec.op).inputs()) {
      const auto [data, bytes] = ref.input_bytes(t->name);
      hash.update(data, bytes);
    }
    const ManifestEntry* entry = manifest.find(spec.reference_path());
    ASSERT_NE(entry, nullptr) << spec.id();
    EXPECT_EQ(hash.hex_digest(), entry->inputs_sha256) << spec.id();
    ++checked;
  }
  EXPECT_GE(checked, 12);
}

}  // namespace
}  // namespace fuselab
