// The stored form of a run record (record_format.h): it reads back as the
// record that was written, measurements bit for bit; bad files get one clear
// message.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "harness/core/gzip_text.h"
#include "harness/core/record_derived.h"
#include "harness/core/record_format.h"
#include "harness/core/run_record.h"
#include "test_support.h"

namespace fuselab {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::vector<fs::path> real_records() {  // C++ records (one calibration) and a peer record, schema 1
  std::vector<fs::path> out;
  for (const char* dir : {"harness/tests/data/records", "harness/tests/data/peer_records"})
    for (const auto& e : fs::directory_iterator(test::source_dir() / dir))
      if (e.path().extension() == ".json") out.push_back(e.path());
  return out;
}

void collect_samples(const json& j, std::vector<double>& out) {
  if (j.is_object()) {
    for (const auto& [key, value] : j.items())
      if (key == "samples" && value.is_array()) {
        for (const auto& x : value) out.push_back(x.get<double>());
      } else {
        collect_samples(value, out);
      }
  } else if (j.is_array()) {
    for (const auto& x : j) collect_samples(x, out);
  }
}

std::string message_of(const std::string& bytes) {
  try {
    parse_record_file(bytes, "runs/X.json.gz");
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

TEST(RecordFormat, EveryRealRecordReadsBackAsWrittenSamplesBitForBit) {
  const auto records = real_records();
  ASSERT_GE(records.size(), 4u);
  for (const auto& path : records) {
    const json full = read_run_record(path.string());
    const std::string bytes = record_file_bytes(full, "/work/main");
    const json back = parse_record_file(bytes, path.string());
    EXPECT_EQ(first_difference(normalized_record(full, "/work/main"), back), "") << path;
    std::vector<double> a, b;
    collect_samples(full, a);
    collect_samples(back, b);
    ASSERT_EQ(a.size(), b.size()) << path;
    EXPECT_EQ(std::memcmp(a.data(), b.data(), a.size() * sizeof(double)), 0) << path;
  }
}

TEST(RecordFormat, WhatDerivesFromTheSamplesIsNotStoredAndNoMachinePath) {
  json full = read_run_record((test::source_dir() / "harness/tests/data/records/20261121T021628Z-vm-2983.json").string());
  json& c = full["experiments"][0]["cases"][0];  // as today's writer makes it
  for (const char* mode : {"cold", "hot"})
    c["timing"][mode] = timing_series_json(c["timing"][mode]["samples"].get<std::vector<double>>());
  c["achieved"] = achieved_json(c["traffic"]["bytes"].get<double>(), c["traffic"]["flops"].get<double>(),
                                c["timing"]["cold"]["stats"]["median"].get<double>(), full["ceilings"]);
  const json stored = stored_record(full, "/work/main");
  const std::string text = stored["experiments"][0]["cases"][0].dump();
  EXPECT_EQ(stored["schema"], kRunRecordSchema);
  EXPECT_EQ(text.find("\"stats\""), std::string::npos) << text.substr(0, 300);
  EXPECT_EQ(text.find("\"achieved\""), std::string::npos);
  EXPECT_EQ(text.find("/work/"), std::string::npos);
  EXPECT_EQ(stored.dump().find("gbench"), std::string::npos);
  EXPECT_NE(text.find("\"recheck\":\"same\""), std::string::npos);
  EXPECT_EQ(stored["experiments"][0]["cases"][0]["reference"]["file"].get<std::string>().rfind("reference_data/", 0), 0u);
}

TEST(RecordFormat, StoredStatsAreKeptWhereTheyAreNotWhatTheSamplesGive) {
  json full = read_run_record((test::source_dir() / "harness/tests/data/records/20261121T021628Z-vm-2983.json").string());
  json& series = full["experiments"][0]["cases"][0]["timing"]["cold"];
  series["stats"]["median"] = series["stats"]["median"].get<double>() * 1.001;  // another writer's median
  const json stored = stored_record(full, "");
  EXPECT_TRUE(stored["experiments"][0]["cases"][0]["timing"]["cold"].contains("stats"));
  EXPECT_EQ(first_difference(normalized_record(full, ""), expanded_record(stored)), "");
}

TEST(RecordFormat, PathsForTheRecord) {
  EXPECT_EQ(path_for_record("/r/reference_data/a/x.h5", "/r"), "reference_data/a/x.h5");
  EXPECT_EQ(path_for_record("/elsewhere/reference_data/a/x.h5", "/r"), "reference_data/a/x.h5");
  EXPECT_EQ(path_for_record("/r/build/harness/cli/fuselab", "/r"), "build/harness/cli/fuselab");
  EXPECT_EQ(path_for_record("/tmp/t/runs", "/r"), "runs");
  EXPECT_EQ(path_for_record("fx_*", "/r"), "fx_*");
}

TEST(RecordFormat, BadFilesGetOneClearMessage) {
  const json full = read_run_record((test::source_dir() / "harness/tests/data/records/20261121T021628Z-vm-2983.json").string());
  const std::string good = record_file_bytes(full, "");
  EXPECT_NE(message_of(good.substr(0, good.size() / 2)).find("is not a whole gzip stream"), std::string::npos);
  std::string flipped = good;
  flipped[flipped.size() - 6] ^= 0x5a;  // the CRC no longer matches
  EXPECT_NE(message_of(flipped).find("is not a whole gzip stream"), std::string::npos);
  json stored = stored_record(full, "");
  stored["schema"] = 7;
  const std::string seven = message_of(gzip_compress(stored.dump()));
  EXPECT_NE(seven.find("has schema 7, this fuselab reads schemas 1 and 2"), std::string::npos) << seven;
  stored["schema"] = kRunRecordSchema;
  stored["experiments"][0]["cases"][0]["timing"]["cold"]["samples"] = json::array({1.0, "x"});
  const std::string samples = message_of(gzip_compress(stored.dump()));
  EXPECT_NE(samples.find("has a timing block or case that cannot be read"), std::string::npos) << samples;
  for (const auto& m : {seven, samples}) EXPECT_NE(m.find("Fix:"), std::string::npos) << m;
}

TEST(RecordFormat, RecordFilesPreferTheCompactOneOfAPair) {
  const fs::path dir = test::scratch_dir();
  for (const char* name : {"A.json", "A.json.gz", "B.json", "C.json.gz", "C.gbench.json", ".D.json.gz.tmp.1", "notes.md"})
    std::ofstream(dir / name) << "{}";
  const auto files = record_files_in(dir.string());
  ASSERT_EQ(files.size(), 3u);
  EXPECT_EQ(fs::path(files[0].second).filename(), "A.json.gz");
  EXPECT_EQ(fs::path(files[1].second).filename(), "B.json");
  EXPECT_EQ(fs::path(files[2].second).filename(), "C.json.gz");
}

}  // namespace
}  // namespace fuselab
