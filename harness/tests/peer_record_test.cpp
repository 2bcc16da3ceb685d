// A PyTorch peer's run record (harness/peers/torch_peers.py) is read and
// rendered by the same code as ours. harness/tests/data/peer_record.json is
// written by harness/peers/tests/record_example.py; a pytest keeps it equal
// to what the peers' record builder produces.
#include <gtest/gtest.h>

#include <string>

#include "harness/core/log_entry.h"
#include "harness/core/run_record.h"
#include "test_support.h"

namespace fuselab {
namespace {

std::string example_path() { return (test::source_dir() / "harness/tests/data/peer_record.json").string(); }

TEST(PeerRecord, ReadsAndRendersEveryExperiment) {
  const nlohmann::json record = read_run_record(example_path());
  ASSERT_EQ(record["backend"], "torch");
  ASSERT_FALSE(record["experiments"].empty());
  const std::string entries = render_run_entries(record, "../runs/x.json");
  EXPECT_NE(entries.find("copy ceiling"), std::string::npos);
  for (const auto& e : record["experiments"]) {
    EXPECT_TRUE(e["peer"].get<bool>());
    EXPECT_NE(entries.find("\n### " + e["id"].get<std::string>() + " — UNTESTED\n"), std::string::npos) << entries;
    for (const auto& c : e["cases"])
      EXPECT_NE(entries.find(c["name"].get<std::string>()), std::string::npos)
          << entries;
  }
}

TEST(PeerRecord, RendersWithOnlyACopyCeiling) {
  nlohmann::json record = read_run_record(example_path());
  record["ceilings"].erase("fp32_TFLOPs");
  const std::string entry = render_run_entries(record, "x.json");
  EXPECT_NE(entry.find("copy ceiling"), std::string::npos);
  EXPECT_EQ(entry.find("FP32"), std::string::npos);
  record["ceilings"] = nullptr;
  EXPECT_NO_THROW(render_run_entries(record, "x.json"));
}

}  // namespace
}  // namespace fuselab
