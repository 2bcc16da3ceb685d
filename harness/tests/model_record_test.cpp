// A model bench record (harness/models/model_bench.py): read and checked as
// every record is, and its end-to-end table and time split rendered in the
// log from the record alone. harness/tests/data/model_record.json is written
// by harness/models/tests/model_record_example.py (made-up numbers); a pytest
// keeps it equal to what the bench's record builder produces.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "harness/core/log_entry.h"
#include "harness/core/log_models.h"
#include "harness/core/report_records.h"
#include "harness/core/run_record.h"
#include "test_support.h"

namespace fuselab {
namespace {

nlohmann::json example() {
  return read_run_record((test::source_dir() / "harness/tests/data/model_record.json").string());
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(ModelRecord, ValidatesAsEveryRecord) {
  EXPECT_NO_THROW(validate_run_record(example(), "model_record.json"));
}

TEST(ModelRecord, RendersTheEndToEndTableInTheLog) {
  const std::string entry = render_run_entries(example(), "../runs/20261128T070000Z-models-1.json.gz");
  EXPECT_TRUE(has(entry, "### End to end: fuselab inside the models against their own sdpa (float32)")) << entry;
  EXPECT_TRUE(has(entry, "| model | phase | batch × tokens | fuselab | sdpa | speedup | identical tokens | "
                         "max logit difference |"))
      << entry;
  // Medians 80.30 and 95.10 ms: 95.10 / 80.30 = 1.18x.
  EXPECT_TRUE(has(entry, "| llama (0.50 B) | prefill | 1 × 4096 | 80.30 ms | 95.10 ms | 1.18× [")) << entry;
  EXPECT_TRUE(has(entry, "| yes | 2.1e-05 |")) << entry;
  EXPECT_TRUE(has(entry, "| llama (0.50 B) | decode (128 steps) | 1 × 4096 | 1100.00 ms | 1180.00 ms | 1.07×"))
      << entry;
  // Tokens that differ and a logit difference over the bar are marked.
  EXPECT_TRUE(has(entry, "| **no** | 2.5e-03 (**over 1e-3**) |")) << entry;
  // A phase that failed: its row has what was measured, and the reason below.
  EXPECT_TRUE(has(entry, "| qwen3 (0.54 B) | decode (128 steps) | 8 × 1024 | — | 1305.00 ms | — | — | — |")) << entry;
  EXPECT_TRUE(has(entry, "- qwen3 decode (128 steps) 8 × 1024: failed (fuselab: ValueError: no version accepts the call)"))
      << entry;
  // Where the time goes, per implementation.
  EXPECT_TRUE(has(entry, "| llama | prefill | 1 × 4096 | fuselab | 10.00 | 0.00 | 60.00 | 10.50 | 80.50 |")) << entry;
  EXPECT_TRUE(has(entry, "| qwen3 | prefill | 8 × 1024 | sdpa | 30.00 | 0.00 | 110.00 | 30.00 | 170.00 |")) << entry;
  EXPECT_TRUE(has(entry, "Reproduce: `python3 harness/models/model_bench.py --records-dir reports/runs`")) << entry;
  EXPECT_TRUE(has(entry, "Record: [20261128T070000Z-models-1]")) << entry;
}

// Decodes timed in rounds (model_bench.py: one of each attention a round)
// give the median of the rounds' ratios, marked paired and explained once:
// rounds 1.2, 0.8, 1.1 -> 1.10x, where the ratio of the medians says 1.00x.
TEST(ModelRecord, PairedDecodesGiveTheMedianOfTheRoundsRatios) {
  nlohmann::json record = example();
  nlohmann::json& decode = record["models"][0]["phases"][1];
  ASSERT_EQ(decode["phase"], "decode");
  decode["fuselab_ms"] = {1000.0, 1500.0, 1200.0};
  decode["sdpa_ms"] = {1200.0, 1200.0, 1320.0};
  const std::string unpaired = render_models(record);
  EXPECT_TRUE(has(unpaired, "| 1200.00 ms | 1200.00 ms | 1.00× [")) << unpaired;
  EXPECT_FALSE(has(unpaired, "paired")) << unpaired;
  decode["paired"] = true;
  const std::string table = render_models(record);
  EXPECT_TRUE(has(table, "| 1200.00 ms | 1200.00 ms | 1.10× [")) << table;
  EXPECT_TRUE(has(table, "] paired |")) << table;
  EXPECT_TRUE(has(table, "A speedup marked *paired* comes from decodes timed in rounds")) << table;
}

TEST(ModelRecord, ARecordWithoutModelsRendersNoTable) {
  nlohmann::json record = example();
  record.erase("models");
  EXPECT_EQ(render_models(record), "");
  EXPECT_FALSE(has(render_run_entries(record, "x"), "End to end"));
}

TEST(ModelRecord, AMalformedPhaseIsRefusedNamingTheField) {
  nlohmann::json record = example();
  record["models"][0]["phases"][1]["sdpa_ms"] = nlohmann::json::array({1.0, "slow"});
  try {
    validate_run_record(record, "reports/runs/x.json.gz");
    FAIL() << "accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_TRUE(has(e.what(), "models[0].phases[1].sdpa_ms")) << e.what();
    EXPECT_TRUE(has(e.what(), "Fix:")) << e.what();
  }
  record = example();
  record["models"][1].erase("phases");
  EXPECT_THROW(validate_run_record(record, "x"), std::runtime_error);
}

}  // namespace
}  // namespace fuselab
