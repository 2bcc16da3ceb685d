// What checks a case (issue 43), without a GPU: the host float64 reference
// stands in for the GPU's (the same math; harness/tests/gpu/ compares the
// two on a GPU). A float64 reference of every element is anchored to the
// file before it checks anything, a disagreement is refused naming the
// file, the row and the difference, a sampled case is then checked on every
// element (a wrong element outside the file's rows fails), and without such
// a reference a sampled case falls back to the file's rows and says why.
#include "harness/core/check_reference.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>

#include "harness/core/cpu_reference.h"
#include "harness/core/error_report.h"
#include "harness/core/output_fault.h"
#include "harness/core/run_record.h"
#include "harness/tests/test_support.h"

namespace fuselab {
namespace {

ReferenceCase fixture(const std::string& id) {
  for (const auto& spec : test::fixture_specs())
    if (spec.id() == id) return load_reference(spec, test::options_for(test::reference_root()));
  ADD_FAILURE() << "no fixture " << id;
  return {};
}

const char* kSampled = "attention/fx_b1_h2_s64_d32_sampled";  // 9 of 128 rows: 0, 15, ..., 111, 127
const char* kFull = "attention/fx_b1_h2_s5_d16";

// Every element, from the host reference.
std::vector<double> every_element(const ReferenceCase& ref) {
  ReferenceCase all = ref;
  all.rows.clear();
  return reference_output(all);
}

Float64Source stand_in(std::string unavailable = "") {
  Float64Source s;
  s.name = "cpu_float64";
  s.unavailable = [unavailable](const CaseSpec&) { return unavailable; };
  s.compute = every_element;
  return s;
}

std::vector<float> rounded(const std::vector<double>& v) { return std::vector<float>(v.begin(), v.end()); }

TEST(CheckReference, SampledCaseIsCheckedOnEveryElementOnceAnchored) {
  const ReferenceCase ref = fixture(kSampled);
  const CheckReference check = make_check_reference(ref, stand_in());
  EXPECT_EQ(check.by.reference, "cpu_float64");
  EXPECT_TRUE(check.by.note.empty());
  ASSERT_TRUE(check.by.anchor);
  EXPECT_EQ(check.by.anchor->rows, 9);
  EXPECT_EQ(check.by.anchor->elements, 9 * 32);
  EXPECT_LE(check.by.anchor->max_abs_diff, 1e-12);
  EXPECT_EQ(check.every_element.size(), 128u * 32);
  const ErrorReport r = compare_output(rounded(check.every_element), ref, check);
  EXPECT_TRUE(r.pass);
  EXPECT_EQ(r.checked, 128 * 32);
  EXPECT_EQ(r.reference, "cpu_float64");
}

TEST(CheckReference, AWrongElementOutsideTheFileRowsFailsOnlyAgainstEveryElement) {
  const ReferenceCase ref = fixture(kSampled);
  const CheckReference check = make_check_reference(ref, stand_in());
  std::vector<float> out = rounded(check.every_element);
  out[126 * 32 + 31] += 1.0f;  // row 126: h 1, s 62 — not one of the file's rows
  const ErrorReport rows_only = compare_output(out, ref);
  EXPECT_TRUE(rows_only.pass) << "the file's rows were never meant to see row 126";
  EXPECT_EQ(rows_only.checked, 9 * 32);
  EXPECT_EQ(rows_only.reference, "file_rows");
  const ErrorReport every = compare_output(out, ref, check);
  EXPECT_FALSE(every.pass);
  EXPECT_EQ(every.over_tolerance, 1);
  EXPECT_EQ(every.where, (std::vector<int64_t>{0, 1, 62, 31}));
  EXPECT_NEAR(every.max_abs_err, 1.0, 1e-6);
  EXPECT_EQ(every.checked, 128 * 32);
}

TEST(CheckReference, NaNOutsideTheFileRowsFails) {
  const ReferenceCase ref = fixture(kSampled);
  const CheckReference check = make_check_reference(ref, stand_in());
  std::vector<float> out = rounded(check.every_element);
  out[64 * 32] = NAN;
  EXPECT_TRUE(compare_output(out, ref).pass);
  const ErrorReport r = compare_output(out, ref, check);
  EXPECT_FALSE(r.pass);
  EXPECT_EQ(r.nonfinite, 1);
  EXPECT_EQ(r.where, (std::vector<int64_t>{0, 1, 0, 0}));
}

TEST(CheckReference, FullCaseIsAnchoredOnEveryElementAndCheckedByTheFile) {
  for (const auto& spec : test::fixture_specs()) {
    SCOPED_TRACE(spec.id());
    const ReferenceCase ref = load_reference(spec, test::options_for(test::reference_root()));
    const CheckReference check = make_check_reference(ref, stand_in());
    ASSERT_TRUE(check.by.anchor);
    EXPECT_LE(check.by.anchor->max_abs_diff, 1e-12);
    EXPECT_EQ(check.by.anchor->elements, static_cast<int64_t>(ref.out.size()));
    if (ref.sampled()) continue;
    EXPECT_EQ(check.by.reference, "file");
    EXPECT_FALSE(check.every_element_checked());
    EXPECT_EQ(check.by.anchor->rows, spec.out_rows());
    EXPECT_EQ(compare_output(rounded(every_element(ref)), ref, check).checked, spec.out_rows() * spec.D);
  }
}

TEST(CheckReference, AReferenceThatDisagreesWithTheFileIsRefused) {
  const ReferenceCase ref = fixture(kSampled);
  Float64Source off = stand_in();
  off.compute = [](const ReferenceCase& r) {
    std::vector<double> v = every_element(r);
    v[111 * 32 + 5] += 3e-9;  // row 111 (h 1, s 47) is one of the file's rows
    v[100 * 32] += 1.0;       // row 100 is not: the anchor cannot see it
    return v;
  };
  const std::string message = test::error_of([&] { make_check_reference(ref, off); });
  EXPECT_NE(message.find(ref.path + ": the cpu_float64 reference disagrees with the file's float64 `out`"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("on 1 of the 288 elements"), std::string::npos) << message;
  EXPECT_NE(message.find("row 111 (b 0, h 1, s 47), column 5"), std::string::npos) << message;
  EXPECT_NE(message.find("a difference of 3e-09 over the bound "), std::string::npos) << message;
  EXPECT_NE(message.find("Fix: regenerate the file"), std::string::npos) << message;
  EXPECT_THROW(make_check_reference(ref, off), ReferenceError);
}

TEST(CheckReference, NoiseWithinTheBoundIsAccepted) {
  const ReferenceCase ref = fixture(kFull);
  Float64Source noisy = stand_in();
  noisy.compute = [](const ReferenceCase& r) {
    std::vector<double> v = every_element(r);
    for (double& x : v) x += 5e-11;
    return v;
  };
  const CheckReference check = make_check_reference(ref, noisy);
  ASSERT_TRUE(check.by.anchor);
  EXPECT_NEAR(check.by.anchor->max_abs_diff, 5e-11, 1e-12);
  EXPECT_GE(check.by.anchor->bound, kAnchorBound);
}

TEST(CheckReference, NaNInTheReferenceIsRefused) {
  const ReferenceCase ref = fixture(kFull);
  Float64Source broken = stand_in();
  broken.compute = [](const ReferenceCase& r) {
    std::vector<double> v = every_element(r);
    v.back() = NAN;
    return v;
  };
  const std::string message = test::error_of([&] { make_check_reference(ref, broken); });
  EXPECT_NE(message.find("row 9 (b 0, h 1, s 4), column 15: nan"), std::string::npos) << message;
}

TEST(CheckReference, SampledCaseFallsBackToTheFileRowsAndSaysWhy) {
  const ReferenceCase ref = fixture(kSampled);
  const CheckReference check = make_check_reference(ref, stand_in("no CUDA GPU"));
  EXPECT_EQ(check.by.reference, "file_rows");
  EXPECT_EQ(check.by.note, "the file's 9 of 128 rows only: no CUDA GPU");
  EXPECT_FALSE(check.by.anchor);
  EXPECT_FALSE(check.every_element_checked());
  const ErrorReport r = compare_output(rounded(every_element(ref)), ref, check);
  EXPECT_TRUE(r.pass);
  EXPECT_EQ(r.checked, 9 * 32);
  EXPECT_EQ(r.reference, "file_rows");
}

TEST(CheckReference, AnOpWithoutAReferenceFallsBack) {
  // A source that knows attention only, as one for a new op would start.
  Float64Source attention_only = stand_in();
  attention_only.unavailable = [](const CaseSpec& s) {
    return s.op == "attention" ? std::string() : "op of " + s.id() + " has no cpu_float64 reference";
  };
  const ReferenceCase sampled = fixture(kSampled);
  EXPECT_EQ(make_check_reference(sampled, attention_only).by.reference, "cpu_float64");
  ReferenceCase as_rope = sampled;
  as_rope.spec.op = "rope";  // the same rows, as rope names them: N = B * Hq sequences of S = Sq rows
  as_rope.spec.dims = {{"N", sampled.spec.dim("B") * sampled.spec.dim("Hq")}, {"S", sampled.spec.dim("Sq")},
                       {"D", sampled.spec.D}};
  as_rope.spec.integers = {{"offset", 0}};
  const CheckReference check = make_check_reference(as_rope, attention_only);
  EXPECT_EQ(check.by.reference, "file_rows");
  EXPECT_NE(check.by.note.find("has no cpu_float64 reference"), std::string::npos) << check.by.note;
  // A full file still checks every element itself.
  const ReferenceCase full = fixture("rope_standalone/fx_n2_s3_d8_neox");
  const CheckReference none = make_check_reference(full, Float64Source{});
  EXPECT_EQ(none.by.reference, "file");
  EXPECT_TRUE(none.by.note.empty());
  EXPECT_FALSE(none.by.anchor);
}

TEST(CheckReference, TheRecordSaysWhichReferenceCheckedAndHowManyElements) {
  const ReferenceCase ref = fixture(kSampled);
  const CheckReference check = make_check_reference(ref, stand_in());
  nlohmann::json reference = {{"file", ref.path}, {"sha256", ref.file_sha256}};
  add_to_json(check.by, reference);
  EXPECT_EQ(reference["checked_by"], "cpu_float64");
  EXPECT_FALSE(reference.contains("check_note"));
  EXPECT_EQ(reference["anchor"]["rows"], 9);
  EXPECT_EQ(reference["anchor"]["elements"], 288);
  EXPECT_EQ(reference["anchor"]["bound"], check.by.anchor->bound);  // kAnchorBound x max(1, max |out|)
  EXPECT_EQ(reference["anchor"]["source"], "cpu_float64");
  const nlohmann::json report = to_json(compare_output(rounded(check.every_element), ref, check));
  EXPECT_EQ(report["reference"], "cpu_float64");
  EXPECT_EQ(report["checked"], 4096);

  nlohmann::json fallback = nlohmann::json::object();
  add_to_json(make_check_reference(ref, stand_in("no CUDA GPU")).by, fallback);
  EXPECT_EQ(fallback["checked_by"], "file_rows");
  EXPECT_EQ(fallback["check_note"], "the file's 9 of 128 rows only: no CUDA GPU");
  EXPECT_FALSE(fallback.contains("anchor"));
}

TEST(CheckReference, RunRecordCarriesItAndStillReadsWithoutIt) {
  const ReferenceCase ref = fixture(kSampled);
  CaseOutcome c;
  c.spec = ref.spec;
  c.status = CaseStatus::Passed;
  c.reference_file = ref.path;
  c.checked_by = make_check_reference(ref, stand_in()).by;
  c.check = compare_output(rounded(every_element(ref)), ref, make_check_reference(ref, stand_in()));
  Experiment e;
  e.family = "attention";
  e.version = "v900_cpu_reference";
  ExperimentOutcome o;
  o.experiment = &e;
  o.cases.push_back(c);
  o.verdict = {"UNTESTED", "example"};
  RunContext ctx;
  ctx.run_id = "20260101T000000Z-test-1";
  ctx.git = {{"commit", "0"}, {"dirty", false}};
  ctx.environment = nlohmann::json::object();
  const nlohmann::json record = make_run_record(ctx, {o});
  const nlohmann::json& rc = record["experiments"][0]["cases"][0];
  EXPECT_EQ(rc["reference"]["checked_by"], "cpu_float64");
  EXPECT_EQ(rc["reference"]["anchor"]["elements"], 288);
  EXPECT_EQ(rc["check"]["reference"], "cpu_float64");
  EXPECT_EQ(rc["check"]["checked"], 4096);
  // An unchecked case says nothing of a reference.
  CaseOutcome unsupported;
  unsupported.spec = ref.spec;
  unsupported.status = CaseStatus::Unsupported;
  o.cases = {unsupported};
  EXPECT_FALSE(make_run_record(ctx, {o})["experiments"][0]["cases"][0]["reference"].contains("checked_by"));
}

class OutputFault : public ::testing::Test {
 protected:
  void TearDown() override { unsetenv("FUSELAB_OUTPUT_FAULT"); }
};

TEST_F(OutputFault, LandsOnTheLastRowTheFileDoesNotHold) {
  EXPECT_EQ(unheld_fault_index(fixture(kSampled)), 126 * 32 + 31);
  const ReferenceCase full = fixture(kFull);
  EXPECT_EQ(unheld_fault_index(full), full.spec.out_rows() * full.spec.D - 1);
}

TEST_F(OutputFault, OnlyWithTheVariable) {
  const ReferenceCase ref = fixture(kSampled);
  std::vector<float> out(128 * 32, 0.5f);
  unsetenv("FUSELAB_OUTPUT_FAULT");
  EXPECT_EQ(inject_output_fault(out, ref), "");
  EXPECT_EQ(out, std::vector<float>(128 * 32, 0.5f));
  setenv("FUSELAB_OUTPUT_FAULT", "unheld", 1);
  EXPECT_EQ(inject_output_fault(out, ref), "fault injected (FUSELAB_OUTPUT_FAULT=unheld): +1 at (0, 1, 62, 31)");
  EXPECT_EQ(out[126 * 32 + 31], 1.5f);
  setenv("FUSELAB_OUTPUT_FAULT", "everywhere", 1);
  EXPECT_NE(test::error_of([&] { inject_output_fault(out, ref); }).find("FUSELAB_OUTPUT_FAULT=everywhere is no fault"),
            std::string::npos);
}

}  // namespace
}  // namespace fuselab
