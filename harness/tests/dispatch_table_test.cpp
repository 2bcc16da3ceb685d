// The dispatch table (docs/dispatch.md): what `fuselab export --dispatch`
// picks from records, how a call is matched to an entry, the fallback, the
// refusals, and the bytes written (deterministic, atomic, only on change).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "harness/dispatch/dispatch_table.h"
#include "harness/core/report_model.h"
#include "harness/core/run_record.h"
#include "harness/tests/synthetic_records.h"
#include "harness/tests/test_support.h"

namespace fuselab {
namespace {

namespace fs = std::filesystem;
using test::SyntheticCase;
using test::SyntheticExperiment;

// Experiment entries with a closure, as run records carry them.
nlohmann::json record_with_closures(const std::string& run_id, const std::vector<SyntheticExperiment>& experiments,
                                    const std::map<std::string, std::string>& closures) {
  nlohmann::json r = test::synthetic_record(run_id, experiments);
  for (auto& e : r["experiments"]) {
    e["closure"] = {{"sha256", closures.at(e["id"].get<std::string>())}};
    for (auto& c : e["cases"]) {
      c["shape"] = c["name"] == "b1_h4_s64_d128" ? "1x4x64x128" : "1x4x64x512";
      // The statistics a record keeps beside its samples (run_record.h).
      auto s = c["timing"]["cold"]["samples"].get<std::vector<double>>();
      std::sort(s.begin(), s.end());
      c["timing"]["cold"]["stats"] = {{"median", s[s.size() / 2]}, {"q1", s[s.size() / 4]}, {"q3", s[3 * s.size() / 4]}};
    }
  }
  return r;
}

SyntheticCase timed(const std::string& name, double median, const std::string& status = "passed") {
  SyntheticCase c{name, test::samples_around(median, 0.01, 21, 7), {}, status};
  return c;
}

struct Fixture {
  std::map<std::string, Limits> limits;
  BuildView build;
  Fixture() {
    Limits all;
    all.pe = {PeKind::None};
    all.causal = all.gqa = all.cross = true;
    Limits narrow = all;
    narrow.max_head_dim = 512;  // accepts fewer of the family's cases
    limits["attention/v001_general"] = all;
    limits["attention/v002_fast"] = narrow;
    limits["attention/v003_faster_but_wrong"] = narrow;
    limits["attention/v004_changed_since"] = narrow;
    build.limits_of = [this](const std::string& id) -> const Limits* {
      const auto it = limits.find(id);
      return it == limits.end() ? nullptr : &it->second;
    };
    for (const auto& [id, closure] : std::map<std::string, std::string>{{"attention/v001_general", "c1"},
                                                                       {"attention/v002_fast", "c2"},
                                                                       {"attention/v003_faster_but_wrong", "c3"},
                                                                       {"attention/v004_changed_since", "c4-new"}})
      build.code.add_closure(id, closure);
  }
};

DispatchTable export_from(const fs::path& runs, const Fixture& f) {
  const RecordIndex index = RecordIndex::load(runs.string());
  const auto families = build_family_models(index, case_names_in_order(test::source_dir().string()));
  const std::vector<CasesFile> cases = {load_family_cases(test::source_dir().string(), "attention")};
  return build_dispatch_table(index, families, cases, f.build);
}

void write_sample_records(const fs::path& runs) {
  const std::map<std::string, std::string> closures = {{"attention/v001_general", "c1"},
                                                       {"attention/v002_fast", "c2"},
                                                       {"attention/v003_faster_but_wrong", "c3"},
                                                       {"attention/v004_changed_since", "c4-old"}};
  test::write_record(runs, record_with_closures(
                               "20261101T000000Z-vm-1",
                               {{"attention/v001_general", "", {timed("b1_h4_s64_d128", 10), timed("b1_h4_s64_d512", 20)}},
                                {"attention/v002_fast", "", {timed("b1_h4_s64_d128", 5), timed("b1_h4_s64_d512", 9)}},
                                {"attention/v003_faster_but_wrong", "", {timed("b1_h4_s64_d128", 2, "failed")}},
                                {"attention/v004_changed_since", "", {timed("b1_h4_s64_d512", 1)}}},
                               closures));
}

TEST(DispatchExport, PicksTheFastestPassingVersionOnTheCurrentSource) {
  const fs::path runs = test::scratch_dir() / "runs";
  fs::create_directories(runs);
  write_sample_records(runs);
  const Fixture f;
  const DispatchTable t = export_from(runs, f);
  ASSERT_EQ(t.entries.size(), 2u);
  // d128: v003 is faster but failed its check; d512: v004 is faster but its
  // record's closure is not this build's.
  EXPECT_EQ(t.entries[0].case_name, "b1_h4_s64_d128");
  EXPECT_EQ(t.entries[0].version, "attention/v002_fast");
  EXPECT_EQ(t.entries[0].run_id, "20261101T000000Z-vm-1");
  EXPECT_NEAR(t.entries[0].median_us, 5.0, 0.2);
  EXPECT_EQ(t.entries[0].shape, "1x4x64x128");
  EXPECT_EQ(t.entries[0].dims.at("Sq"), 64);
  EXPECT_EQ(t.entries[1].case_name, "b1_h4_s64_d512");
  EXPECT_EQ(t.entries[1].version, "attention/v002_fast");
  // The fallback: v001 accepts every case (v002 none with D > 512); v003
  // failed a check, v004 has no result on the current source.
  ASSERT_EQ(t.fallbacks.size(), 1u);
  EXPECT_EQ(t.fallbacks[0].version, "attention/v001_general");
  EXPECT_EQ(t.fallbacks[0].accepted, t.fallbacks[0].cases);
}

// v004's record is on an earlier closure; a record made on the build's
// closure (another GPU's, in its own folder) ran the same SASS and passed:
// v004's timing counts, and its entry names that witness.
TEST(DispatchExport, AnEarlierSourceOfTheSameSassCountsAndNamesItsWitness) {
  const fs::path dir = test::scratch_dir();
  fs::create_directories(dir / "runs");
  fs::create_directories(dir / "other-gpu");
  const nlohmann::json code = {{"arch", "sm_90a"}, {"kernels", {{"main", std::string(64, 'e')}}}};
  nlohmann::json timed_earlier = record_with_closures(
      "20261101T000000Z-vm-1", {{"attention/v004_changed_since", "", {timed("b1_h4_s64_d512", 1)}}},
      {{"attention/v004_changed_since", "c4-old"}});
  timed_earlier["experiments"][0]["device_code"] = code;
  test::write_record(dir / "runs", timed_earlier);
  nlohmann::json witness = record_with_closures(
      "20261102T000000Z-vm-2", {{"attention/v004_changed_since", "", {timed("b1_h4_s64_d512", 3)}}},
      {{"attention/v004_changed_since", "c4-new"}});
  witness["experiments"][0]["device_code"] = code;
  test::write_record(dir / "other-gpu", witness);

  Fixture f;
  EXPECT_TRUE(export_from(dir / "runs", f).entries.empty()) << "no witness yet: the result is on a changed source";
  f.build.code.add_witnesses(RecordIndex::load((dir / "other-gpu").string()));
  const DispatchTable t = export_from(dir / "runs", f);
  ASSERT_EQ(t.entries.size(), 1u);
  EXPECT_EQ(t.entries[0].version, "attention/v004_changed_since");
  EXPECT_EQ(t.entries[0].run_id, "20261101T000000Z-vm-1");
  EXPECT_NEAR(t.entries[0].median_us, 1.0, 0.05) << "the timing is the record's, not the witness's";
  EXPECT_EQ(t.entries[0].same_sass_as, "20261102T000000Z-vm-2");
  const std::string text = render_dispatch_table(t);
  EXPECT_NE(text.find("\"same_sass_as\":\"20261102T000000Z-vm-2\""), std::string::npos) << text;
  EXPECT_EQ(parse_dispatch_table(text, "dispatch.json").entries[0].same_sass_as, "20261102T000000Z-vm-2");
}

TEST(DispatchExport, SameRecordsSameBytesWrittenOnlyOnChange) {
  const fs::path dir = test::scratch_dir();
  fs::create_directories(dir / "runs");
  write_sample_records(dir / "runs");
  const Fixture f;
  const std::string a = render_dispatch_table(export_from(dir / "runs", f));
  const std::string b = render_dispatch_table(export_from(dir / "runs", f));
  EXPECT_EQ(a, b);
  const std::string path = (dir / "out" / "dispatch.json").string();
  EXPECT_TRUE(write_file_if_changed(path, a));
  EXPECT_FALSE(write_file_if_changed(path, b));
  std::ifstream in(path);
  std::ostringstream kept;
  kept << in.rdbuf();
  EXPECT_EQ(kept.str(), a);
  EXPECT_EQ(render_dispatch_table(parse_dispatch_table(a, path)), a);
  for (const auto& entry : fs::directory_iterator(dir / "out"))
    EXPECT_EQ(entry.path().filename(), "dispatch.json") << "no temporary file is left";
}

// A table by hand: two entries of one class, a fallback.
struct Matching : ::testing::Test {
  std::map<std::string, Limits> limits;
  DispatchTable table;
  std::function<const Limits*(const std::string&)> limits_of = [this](const std::string& id) -> const Limits* {
    const auto it = limits.find(id);
    return it == limits.end() ? nullptr : &it->second;
  };
  void SetUp() override {
    Limits short_only;
    short_only.pe = {PeKind::None};
    short_only.max_seq_q = short_only.max_seq_k = 100;
    Limits any_length = short_only;
    any_length.max_seq_q = any_length.max_seq_k = INT_MAX;
    Limits general = any_length;
    general.pe = {PeKind::None, PeKind::RopeNeox};
    general.gqa = general.cross = true;
    limits = {{"attention/v010_short", short_only}, {"attention/v020_long", any_length},
              {"attention/v001_general", general}};
    const auto entry = [](std::string name, int64_t B, int64_t H, int64_t S, std::string version) {
      DispatchEntry e;
      e.op = e.family = "attention";
      e.case_name = std::move(name);
      e.dims = {{"B", B}, {"Hq", H}, {"Hkv", H}, {"Sq", S}, {"Sk", S}, {"D", 128}};
      e.version = std::move(version);
      return e;
    };
    table.entries = {entry("short", 1, 4, 64, "attention/v010_short"), entry("long", 8, 16, 1024, "attention/v020_long")};
    table.fallbacks = {{"attention", "attention", "attention/v001_general", 3, 3}};
  }
  CaseSpec call(int64_t B, int64_t H, int64_t Hkv, int64_t S, int64_t D, PeKind pe = PeKind::None, bool causal = false) {
    return call_spec("attention", pe, {{"B", B}, {"Hq", H}, {"Hkv", Hkv}, {"Sq", S}, {"Sk", S}, {"D", D}},
                     {{"causal", causal ? 1.0 : 0.0}}, 10000.0, std::nullopt);
  }
};

TEST_F(Matching, NearestEntryOfTheClass) {
  EXPECT_EQ(choose_version(table, call(1, 4, 4, 50, 128), limits_of).version, "attention/v010_short");
  EXPECT_EQ(choose_version(table, call(8, 16, 16, 2048, 128), limits_of).version, "attention/v020_long");
  EXPECT_EQ(choose_version(table, call(1, 4, 4, 50, 128), limits_of).why, "entry attention/short (distance 0.71)");
}

TEST_F(Matching, AnEntryWhoseLimitsRejectGivesWayToTheNext) {
  // Nearest is "short" (distance 1), whose Limits stop at 100 rows.
  const DispatchChoice c = choose_version(table, call(1, 4, 4, 128, 128), limits_of);
  EXPECT_EQ(c.version, "attention/v020_long");
  EXPECT_EQ(c.why.rfind("entry attention/long", 0), 0u) << c.why;
}

TEST_F(Matching, NoEntryOfTheClassFallsBack) {
  EXPECT_EQ(choose_version(table, call(1, 4, 4, 64, 64), limits_of).why, "fallback of attention");          // D
  EXPECT_EQ(choose_version(table, call(1, 8, 2, 64, 128), limits_of).version, "attention/v001_general");    // GQA
  EXPECT_EQ(choose_version(table, call(1, 4, 4, 64, 128, PeKind::RopeNeox), limits_of).version,
            "attention/v001_general");  // pe
}

TEST_F(Matching, NothingAcceptsIsOneMessageWithEveryReason) {
  try {
    choose_version(table, call(1, 4, 4, 64, 128, PeKind::None, true), limits_of);
    FAIL() << "a causal call was accepted";
  } catch (const DispatchError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("no version accepts pe none, causal, shape 1x4x64x128"), std::string::npos) << m;
    EXPECT_NE(m.find("fallback of attention attention/v001_general: causal masking not implemented"), std::string::npos) << m;
    EXPECT_NE(m.find("Fix:"), std::string::npos) << m;
  }
}

TEST(DispatchCallSpec, TheOpsOwnRefusals) {
  const auto refused = [](const std::string& op, const std::map<std::string, int64_t>& dims,
                          const std::map<std::string, double>& values, PeKind pe, const std::string& part) {
    try {
      call_spec(op, pe, dims, values, 10000.0, std::nullopt);
      ADD_FAILURE() << "accepted; wanted: " << part;
    } catch (const DispatchError& e) {
      EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
    }
  };
  const std::map<std::string, int64_t> ok = {{"B", 1}, {"Hq", 4}, {"Hkv", 4}, {"Sq", 8}, {"Sk", 8}, {"D", 64}};
  auto dims = ok;
  dims["Hkv"] = 3;
  refused("attention", dims, {}, PeKind::None, "Hq = 4 is not a multiple of Hkv = 3");
  dims = ok;
  dims["D"] = 63;
  refused("attention", dims, {}, PeKind::None, "D = 63 is odd");
  dims = ok;
  dims["Sq"] = 0;
  refused("attention", dims, {}, PeKind::None, "Sq = 0 is not positive");
  refused("attention", ok, {{"causal", 1}, {"k_offset", 5}}, PeKind::None, "leaves query 0 with no visible key");
  refused("rope", {{"N", 1}, {"S", 4}, {"D", 8}}, {}, PeKind::None, "needs a RoPE pairing");
  EXPECT_NO_THROW(call_spec("attention", PeKind::RopeNeox, ok, {}, 10000.0, 0.5));
}

TEST(DispatchTableFile, AForeignFileIsRefusedWithTheFix) {
  try {
    parse_dispatch_table("{\"schema\": 1}", "x.json");
    FAIL();
  } catch (const DispatchError& e) {
    EXPECT_NE(std::string(e.what()).find("fuselab export --dispatch x.json"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace fuselab
