// The record index: what it loads and skips, lookups by run id, and the
// latest result per (experiment, family, case).
#include "harness/core/record_index.h"

#include <gtest/gtest.h>

#include <fstream>

#include "harness/tests/synthetic_records.h"
#include "harness/tests/test_support.h"

namespace fuselab {
namespace {

using test::error_of;

using test::samples_around;
using test::synthetic_record;
using test::write_record;


TEST(RecordIndex, LoadsRunRecordsAndSkipsGbenchAndCalibration) {
  const auto dir = test::scratch_dir();
  write_record(dir, synthetic_record("20260101T000000Z-a-1",
                                     {{"attention/v000_x", "", {{"c1", {1, 2, 3}}}}}));
  std::ofstream(dir / "20260101T000000Z-a-1.gbench.json") << "{\"benchmarks\": []}";
  std::ofstream(dir / "20260101T000001Z-a-2.json")
      << R"({"schema": 1, "kind": "calibration", "run_id": "20260101T000001Z-a-2"})";
  const auto index = RecordIndex::load(dir.string());
  ASSERT_EQ(index.records().size(), 1u);
  EXPECT_EQ(index.records()[0].run_id, "20260101T000000Z-a-1");
  EXPECT_EQ(index.run("20260101T000000Z-a-1").json->at("run_id"), "20260101T000000Z-a-1");
}

TEST(RecordIndex, UnparsableRecordNamesTheFileAndTheFix) {
  const auto dir = test::scratch_dir();
  std::ofstream(dir / "20260101T000000Z-a-1.json") << "{\"schema\": 1, \"run_id\": ";
  const std::string msg = error_of([&] { RecordIndex::load(dir.string()); });
  EXPECT_NE(msg.find("20260101T000000Z-a-1.json"), std::string::npos) << msg;
  EXPECT_NE(msg.find("not valid JSON"), std::string::npos) << msg;
  EXPECT_NE(msg.find("Fix:"), std::string::npos) << msg;
}

TEST(RecordIndex, RecordWithoutExperimentsIsRefused) {
  const auto dir = test::scratch_dir();
  std::ofstream(dir / "x.json") << R"({"schema": 1, "run_id": "x"})";
  const std::string msg = error_of([&] { RecordIndex::load(dir.string()); });
  EXPECT_NE(msg.find("x.json"), std::string::npos) << msg;
  EXPECT_NE(msg.find("Fix:"), std::string::npos) << msg;
}

TEST(RecordIndex, UnknownRunIdSaysHowToSeeValidOnes) {
  const auto dir = test::scratch_dir();
  write_record(dir, synthetic_record("20260101T000000Z-a-1",
                                     {{"attention/v000_x", "", {{"c1", {1, 2, 3}}}}}));
  const auto index = RecordIndex::load(dir.string());
  const std::string msg = error_of([&] { index.run("20990101T000000Z-nope-1"); });
  EXPECT_NE(msg.find("unknown run id '20990101T000000Z-nope-1'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("Fix:"), std::string::npos) << msg;
  EXPECT_NE(msg.find("20260101T000000Z-a-1"), std::string::npos) << msg;  // the newest listed
}

TEST(RecordIndex, MissingFolderIsRefused) {
  const std::string msg = error_of([] { RecordIndex::load("/nonexistent/fuselab/runs"); });
  EXPECT_NE(msg.find("--records-dir"), std::string::npos) << msg;
}

TEST(RecordIndex, LatestIsTheNewestEntryPerExperimentFamilyAndCase) {
  const auto dir = test::scratch_dir();
  // Written newest first: the order on disk must not matter.
  write_record(
      dir,
      synthetic_record("20260102T000000Z-a-2",
                       {{"attention/v000_x", "", {{"c1", {20, 20}}, {"c2", {}, {}, "unsupported"}}},
                        {"torch/sdpa_eager", "attention", {{"c1", {7, 7}}}, true}}));
  write_record(dir,
               synthetic_record("20260101T000000Z-a-1",
                                {{"attention/v000_x", "", {{"c1", {10, 10}}, {"c2", {11, 11}}}},
                                 {"torch/sdpa_eager", "sinusoidal", {{"c1", {5, 5}}}, true}}));
  const auto index = RecordIndex::load(dir.string());
  const auto latest = index.latest();
  ASSERT_EQ(latest.size(), 4u);
  // Sorted by family, id, case.
  EXPECT_EQ(latest[0].experiment_id, "attention/v000_x");
  EXPECT_EQ(latest[0].case_name, "c1");
  EXPECT_EQ(latest[0].run_id, "20260102T000000Z-a-2");  // newer replaces
  EXPECT_EQ(latest[1].case_name, "c2");
  EXPECT_EQ(latest[1].run_id, "20260101T000000Z-a-1");  // "unsupported" does not replace
  EXPECT_EQ(latest[2].experiment_id, "torch/sdpa_eager");
  EXPECT_EQ(latest[2].family, "attention");
  EXPECT_TRUE(latest[2].peer);
  EXPECT_EQ(latest[3].family, "sinusoidal");  // one peer id, two families, two results
  // Restricted to one run.
  const auto old = index.latest({"20260101T000000Z-a-1"});
  ASSERT_EQ(old.size(), 3u);
  EXPECT_EQ(old[0].run_id, "20260101T000000Z-a-1");
  EXPECT_TRUE(old[0].timed());
  EXPECT_EQ(index.experiments().size(), 3u);
}

TEST(RecordIndex, FailedResultReplacesAnOlderPass) {
  const auto dir = test::scratch_dir();
  write_record(dir,
               synthetic_record("20260101T000000Z-a-1", {{"rope/v001_x", "", {{"c1", {10, 10}}}}}));
  write_record(dir, synthetic_record("20260102T000000Z-a-2",
                                     {{"rope/v001_x", "", {{"c1", {}, {}, "failed"}}}}));
  const auto latest = RecordIndex::load(dir.string()).latest();
  ASSERT_EQ(latest.size(), 1u);
  EXPECT_EQ(latest[0].status(), "failed");
  EXPECT_FALSE(latest[0].timed());
}

TEST(RecordIndex, LoadsTheCommittedRecords) {
  const auto index = RecordIndex::load((test::source_dir() / "reports/runs").string());
  ASSERT_FALSE(index.records().empty());
  for (const auto& r : index.records()) EXPECT_FALSE(r.json->contains("kind")) << r.path;
  const auto& r = index.run("20261121T021717Z-vm-3168");
  EXPECT_EQ((*r.json)["experiments"][0]["family"], "rope");
}

}  // namespace
}  // namespace fuselab
