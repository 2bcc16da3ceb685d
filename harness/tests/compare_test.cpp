// compare: the noise call on samples with a known answer, id resolution and
// its refusals, environment flags, and the four output formats.
#include "harness/core/compare.h"

#include <gtest/gtest.h>

#include <functional>

#include "harness/tests/synthetic_records.h"
#include "harness/tests/test_support.h"

namespace fuselab {
namespace {

using test::error_of;

using test::samples_around;
using test::synthetic_record;
using test::write_record;


bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// ---- the noise call ------------------------------------------------------

TEST(NoiseCall, ClearlyFaster) {
  const auto base = samples_around(100, 0.02, 60, 1);
  const auto fast = samples_around(80, 0.02, 60, 2);
  const Speedup s = call_speedup(base, fast);
  EXPECT_EQ(s.call, Call::Faster);
  EXPECT_NEAR(s.ratio.mid, 1.25, 0.02);
  EXPECT_GT(s.ratio.low, 1.0);
  EXPECT_LE(s.ratio.low, s.ratio.mid);
  EXPECT_GE(s.ratio.high, s.ratio.mid);
}

TEST(NoiseCall, ClearlySlower) {
  const auto base = samples_around(100, 0.02, 60, 3);
  const auto slow = samples_around(150, 0.02, 60, 4);
  const Speedup s = call_speedup(base, slow);
  EXPECT_EQ(s.call, Call::Slower);
  EXPECT_NEAR(s.ratio.mid, 1.0 / 1.5, 0.02);
  EXPECT_LT(s.ratio.high, 1.0);
}

TEST(NoiseCall, IdenticalDistributionsAreSame) {
  // Two independent draws from one distribution, and the very same samples.
  const auto a = samples_around(100, 0.05, 40, 5);
  const auto b = samples_around(100, 0.05, 40, 6);
  EXPECT_EQ(call_speedup(a, b).call, Call::Same);
  const Speedup self = call_speedup(a, a);
  EXPECT_EQ(self.call, Call::Same);
  EXPECT_DOUBLE_EQ(self.ratio.mid, 1.0);
}

TEST(NoiseCall, ResolvedButTinyDifferenceIsSameUnderTheFloor) {
  // 1 % apart with 0.1 % noise: the interval excludes 1, the floor calls it SAME.
  const auto base = samples_around(100, 0.001, 100, 7);
  const auto cand = samples_around(99, 0.001, 100, 8);
  const Speedup with_floor = call_speedup(base, cand);
  EXPECT_GT(with_floor.ratio.low, 1.0);
  EXPECT_EQ(with_floor.call, Call::Same);
  EXPECT_EQ(call_speedup(base, cand, 0.0).call, Call::Faster);
}

TEST(NoiseCall, NoisyDifferenceIsSame) {
  // 10 % apart but 40 % noise on 8 samples: the interval straddles 1.
  const auto base = samples_around(100, 0.4, 8, 9);
  const auto cand = samples_around(90, 0.4, 8, 10);
  const Speedup s = call_speedup(base, cand);
  EXPECT_LE(s.ratio.low, 1.0);
  EXPECT_GE(s.ratio.high, 1.0);
  EXPECT_EQ(s.call, Call::Same);
}

// ---- the matrix ----------------------------------------------------------

class CompareTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = test::scratch_dir();
    // Run 1: attention v000 (baseline) and v002 (faster on c1 and c2, absent on c3).
    write_record(
        dir_,
        synthetic_record(
            kRun1, {{"attention/v000_base",
                     "",
                     {{"c1", samples_around(100, 0.01, 50, 11), samples_around(90, 0.01, 50, 12)},
                      {"c2", samples_around(200, 0.01, 50, 13)},
                      {"c3", samples_around(50, 0.01, 50, 14)}}},
                    {"attention/v002_fast",
                     "",
                     {{"c1", samples_around(50, 0.01, 50, 15), samples_around(45, 0.01, 50, 16)},
                      {"c2", samples_around(201, 0.01, 50, 17)},
                      {"c3", {}, {}, "unsupported"}}}}));
    // Run 2, another driver: v003 slower on c1; a peer measured on two families.
    write_record(
        dir_,
        synthetic_record(
            kRun2,
            {{"attention/v003_slow", "", {{"c1", samples_around(150, 0.01, 50, 18)}}},
             {"torch/sdpa_eager", "attention", {{"c1", samples_around(120, 0.01, 50, 19)}}, true},
             {"torch/sdpa_eager", "rope", {{"r1", samples_around(120, 0.01, 50, 20)}}, true},
             {"rope/v000_sep", "", {{"r1", samples_around(60, 0.01, 50, 21)}}}},
            "575.57.08"));
    index_ = RecordIndex::load(dir_.string());
  }

  CompareMatrix build(std::vector<std::string> ids, std::vector<std::string> cases = {},
                      std::vector<std::string> runs = {}) {
    CompareOptions o;
    o.ids = std::move(ids);
    o.case_patterns = std::move(cases);
    o.runs = std::move(runs);
    return build_compare(index_, o);
  }

  static constexpr const char* kRun1 = "20260101T000000Z-vm-1";
  static constexpr const char* kRun2 = "20260102T000000Z-vm-2";
  std::filesystem::path dir_;
  RecordIndex index_;
};

TEST_F(CompareTest, SpeedupsAndCallsAgainstTheFirstColumn) {
  const auto m = build({"attention/v0", "attention/v2", "attention/v3"});
  EXPECT_EQ(m.family, "attention");
  ASSERT_EQ(m.columns.size(), 3u);
  EXPECT_EQ(m.columns[0].id, "attention/v000_base");
  EXPECT_EQ(m.columns[1].id, "attention/v002_fast");
  ASSERT_EQ(m.cases, (std::vector<std::string>{"c1", "c2", "c3"}));
  const Cell& fast_c1 = m.cells[0][1];
  ASSERT_TRUE(fast_c1.cold_speedup);
  EXPECT_EQ(fast_c1.cold_speedup->call, Call::Faster);
  EXPECT_NEAR(fast_c1.cold_speedup->ratio.mid, 2.0, 0.05);
  ASSERT_TRUE(fast_c1.hot_speedup);
  EXPECT_EQ(fast_c1.hot_speedup->call, Call::Faster);
  EXPECT_EQ(m.cells[1][1].cold_speedup->call, Call::Same);    // 200 vs 201
  EXPECT_EQ(m.cells[0][2].cold_speedup->call, Call::Slower);  // 100 vs 150
  EXPECT_FALSE(m.cells[0][0].cold_speedup);                   // the baseline itself
  EXPECT_EQ(m.cells[2][1].status, "unsupported");
  EXPECT_FALSE(m.cells[2][1].cold);
  EXPECT_FALSE(m.cells[1][2].present);  // v003 never ran c2
  EXPECT_DOUBLE_EQ(*m.cells[0][0].copy_fraction, 0.25);
  EXPECT_DOUBLE_EQ(*m.cells[0][0].max_abs_err, 1e-7);
  EXPECT_TRUE(m.cells[0][0].pass);
}

TEST_F(CompareTest, OtherDriverIsFlaggedNeverSilentlyMixed) {
  const auto m = build({"attention/v000_base", "attention/v003_slow"});
  EXPECT_TRUE(m.columns[0].env_mismatch.empty());
  ASSERT_EQ(m.columns[1].env_mismatch.size(), 1u);
  EXPECT_EQ(m.columns[1].env_mismatch[0], "driver 580.159.04 -> 575.57.08");
  ASSERT_EQ(m.cells[0][1].env_mismatch.size(), 1u);
  const std::string md = render_markdown(m);
  EXPECT_TRUE(contains(md, "† DIFFERENT: driver 580.159.04 -> 575.57.08")) << md;
  EXPECT_TRUE(contains(md, "SLOWER †")) << md;
  const auto j = to_json(m);
  EXPECT_EQ(j["cases"][0]["cells"][1]["env_mismatch"][0]["field"], "driver");
  EXPECT_TRUE(j["cases"][0]["cells"][0]["env_mismatch"].empty());
}

TEST_F(CompareTest, PeersResolveWithinTheFamilyOfTheOtherIds) {
  const auto m = build({"attention/v0", "torch/sdpa_eager"});
  ASSERT_EQ(m.columns.size(), 2u);
  EXPECT_TRUE(m.columns[1].peer);
  ASSERT_EQ(m.cases.size(), 3u);  // c1..c3 from the baseline; the peer only has c1
  EXPECT_TRUE(m.cells[0][1].present);
  EXPECT_NEAR(m.cells[0][1].cold_speedup->ratio.mid, 100.0 / 120.0, 0.02);
  const auto r = build({"rope/v0", "torch/sdpa_eager"});
  EXPECT_EQ(r.family, "rope");
  EXPECT_EQ(r.cases, (std::vector<std::string>{"r1"}));
}

TEST_F(CompareTest, GlobsFamilyNamesAndCaseFilter) {
  const auto m = build({"attention/v00[02]*"}, {"c[12]"});
  ASSERT_EQ(m.columns.size(), 2u);
  EXPECT_EQ(m.columns[1].id, "attention/v002_fast");
  EXPECT_EQ(m.cases, (std::vector<std::string>{"c1", "c2"}));
  EXPECT_EQ(build({"attention"}).columns.size(), 3u);
  // Rows follow cases.yaml order when given.
  CompareOptions o;
  o.ids = {"attention/v0"};
  o.case_order = {"c3", "c1"};
  EXPECT_EQ(build_compare(index_, o).cases, (std::vector<std::string>{"c3", "c1", "c2"}));
}

TEST_F(CompareTest, PinnedRunColumns) {
  write_record(
      dir_,
      synthetic_record("20260103T000000Z-vm-3",
                       {{"attention/v000_base", "", {{"c1", samples_around(70, 0.01, 50, 22)}}}}));
  index_ = RecordIndex::load(dir_.string());
  const auto m =
      build({std::string("attention/v0@") + kRun1, "attention/v0@20260103T000000Z-vm-3"});
  ASSERT_EQ(m.columns.size(), 2u);
  EXPECT_EQ(m.columns[0].label, std::string("attention/v000_base@") + kRun1);
  EXPECT_EQ(m.cells[0][1].cold_speedup->call, Call::Faster);
  // Without pinning, the latest result replaces the older one.
  EXPECT_EQ(build({"attention/v0"}).cells[0][0].run_id, "20260103T000000Z-vm-3");
}

TEST_F(CompareTest, RunsSelectionRestrictsTheRecords) {
  const auto m = build({"attention/v0", "attention/v2"}, {}, {kRun1});
  EXPECT_EQ(m.columns[0].run_ids, (std::vector<std::string>{kRun1}));
  const std::string msg = error_of([&] { build({"attention/v3"}, {}, {kRun1}); });
  EXPECT_TRUE(contains(msg, "no run record has results for 'attention/v3'")) << msg;
}

TEST_F(CompareTest, RefusesIdsFromDifferentFamilies) {
  const std::string msg = error_of([&] { build({"attention/v0", "rope/v0"}); });
  EXPECT_TRUE(contains(msg, "one family")) << msg;
  EXPECT_TRUE(contains(msg, "rope/v000_sep (rope)")) << msg;
  EXPECT_TRUE(contains(msg, "Fix:")) << msg;
}

TEST_F(CompareTest, RefusesWhenNoCaseIsTimedInEveryColumn) {
  const std::string msg = error_of([&] { build({"attention/v2", "attention/v3"}, {"c[23]"}); });
  EXPECT_TRUE(contains(msg, "no case is timed for every id")) << msg;
  EXPECT_TRUE(contains(msg, "Fix:")) << msg;
  const std::string none = error_of([&] { build({"attention/v0"}, {"zzz*"}); });
  EXPECT_TRUE(contains(none, "no case of family attention matches --case 'zzz*'")) << none;
}

TEST_F(CompareTest, RefusesAnIdWithoutRecords) {
  const std::string msg = error_of([&] { build({"attention/v0", "attention/v777"}); });
  EXPECT_TRUE(contains(msg, "no run record has results for 'attention/v777'")) << msg;
  EXPECT_TRUE(contains(msg, "attention/v002_fast")) << msg;  // lists what exists
  EXPECT_TRUE(contains(msg, "Fix:")) << msg;
}

TEST_F(CompareTest, RefusesAnUnknownRunId) {
  const std::string msg =
      error_of([&] { build({"attention/v0"}, {}, {"20990101T000000Z-nope-1"}); });
  EXPECT_TRUE(contains(msg, "unknown run id '20990101T000000Z-nope-1'")) << msg;
  const std::string pinned = error_of([&] { build({"attention/v0@19990101T000000Z-x-1"}); });
  EXPECT_TRUE(contains(pinned, "unknown run id")) << pinned;
}

TEST_F(CompareTest, RefusesPeersAloneWhenTheFamilyIsAmbiguous) {
  const std::string msg = error_of([&] { build({"torch/sdpa_eager"}); });
  EXPECT_TRUE(contains(msg, "peers alone")) << msg;
  EXPECT_TRUE(contains(msg, "Fix:")) << msg;
}

// ---- formats ---------------------------------------------------------------

TEST_F(CompareTest, MarkdownIsATableWithFixedFormatting) {
  const auto m = build({"attention/v0", "attention/v2"});
  const std::string md = render_markdown(m);
  EXPECT_TRUE(contains(md, "## compare: attention (baseline attention/v000_base)")) << md;
  EXPECT_TRUE(contains(md, "| case | v000_base | v002_fast |")) << md;
  EXPECT_TRUE(contains(md, "| c3 | ")) << md;
  EXPECT_TRUE(contains(md, " unsupported |")) << md;
  EXPECT_TRUE(contains(md, "FASTER")) << md;
  EXPECT_TRUE(contains(md, "1.0e-07 pass · 25.0 % · 12.5 %")) << md;
  EXPECT_FALSE(contains(md, "†")) << md;
  EXPECT_EQ(md, render_markdown(build({"attention/v0", "attention/v2"})));  // deterministic
}

TEST_F(CompareTest, CsvHasOneRowPerPresentCell) {
  const std::string csv = render_csv(build({"attention/v0", "attention/v2"}));
  const auto lines = std::count(csv.begin(), csv.end(), '\n');
  EXPECT_EQ(lines, 1 + 6);  // header + 3 cases x 2 columns, all present
  EXPECT_EQ(csv.rfind("case,column,id,run_id,status,pass,cold_median_us", 0), 0u);
  EXPECT_TRUE(contains(
      csv, "\nc1,attention/v002_fast,attention/v002_fast," + std::string(kRun1) + ",passed,true,"))
      << csv;
  EXPECT_TRUE(contains(csv, ",FASTER,")) << csv;
}

TEST_F(CompareTest, JsonCarriesEveryCellAndTheMethod) {
  const auto j = to_json(build({"attention/v0", "attention/v2"}));
  EXPECT_EQ(j["family"], "attention");
  EXPECT_EQ(j["noise_floor"], kDefaultNoiseFloor);
  EXPECT_EQ(j["cases"].size(), 3u);
  const auto& cell = j["cases"][0]["cells"][1];
  EXPECT_EQ(cell["cold_speedup"]["call"], "FASTER");
  EXPECT_GT(cell["cold_speedup"]["ratio"]["low"].get<double>(), 1.0);
  EXPECT_EQ(cell["cold"]["n"], 50);
  EXPECT_TRUE(j["cases"][0]["cells"][0]["cold_speedup"].is_null());
}

TEST_F(CompareTest, GbenchFilesHaveComparableNames) {
  const auto files = render_gbench(build({"attention/v0", "attention/v2"}));
  ASSERT_EQ(files.size(), 2u);
  ASSERT_TRUE(files.count("attention.v000_base.json"));
  ASSERT_TRUE(files.count("attention.v002_fast.json"));
  auto names = [](const nlohmann::json& doc) {
    std::set<std::string> out;
    for (const auto& b : doc["benchmarks"]) out.insert(b["name"].get<std::string>());
    return out;
  };
  const auto& a = files.at("attention.v000_base.json");
  const auto& b = files.at("attention.v002_fast.json");
  EXPECT_TRUE(names(a).count("c1/cold"));
  EXPECT_TRUE(names(a).count("c1/cold_median"));
  EXPECT_TRUE(names(b).count("c1/hot"));
  EXPECT_FALSE(names(b).count("c3/cold"));  // unsupported: nothing timed
  int iterations = 0;
  for (const auto& bench : a["benchmarks"]) {
    EXPECT_EQ(bench["time_unit"], "us");
    EXPECT_EQ(bench["real_time"], bench["cpu_time"]);
    if (bench["name"] == "c1/cold") {
      EXPECT_EQ(bench["run_type"], "iteration");
      ++iterations;
    }
    if (bench["name"] == "c1/cold_median") {
      EXPECT_EQ(bench["run_type"], "aggregate");
      EXPECT_EQ(bench["aggregate_name"], "median");
      EXPECT_NEAR(bench["real_time"].get<double>(), 100.0, 1.0);
    }
  }
  EXPECT_EQ(iterations, 50);  // one repetition per raw sample
  EXPECT_EQ(a["context"]["fuselab"]["id"], "attention/v000_base");
}

// ---- the committed H100 records ---------------------------------------------

TEST(CompareCommitted, SplitDIsFasterThanTheUnfusedBaselineOnLargeHeadDims) {
  const auto index = RecordIndex::load((test::source_dir() / "reports/runs").string());
  CompareOptions o;
  o.ids = {"attention/v000", "attention/v002"};
  o.runs = {"20261121T021636Z-vm-3026"};
  o.case_patterns = {"b1_h4_s64_d16384"};
  const auto m = build_compare(index, o);
  ASSERT_EQ(m.cases.size(), 1u);
  const Cell& cell = m.cells[0][1];
  ASSERT_TRUE(cell.cold_speedup);
  EXPECT_EQ(cell.cold_speedup->call, Call::Faster);  // 533 us vs 52 us
  EXPECT_GT(cell.cold_speedup->ratio.low, 5.0);
  EXPECT_TRUE(cell.env_mismatch.empty());
}

}  // namespace
}  // namespace fuselab
