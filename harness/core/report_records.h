// The input of `fuselab report`: every run record under reports/runs/, read
// and checked before anything is rendered, in run-id order.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace fuselab {

struct RecordFile {
  std::string path;     // as found under the records folder
  std::string run_id;   // the file name without ".json"
  nlohmann::json json;  // the record
  bool calibration() const { return json.value("kind", std::string()) == "calibration"; }
};

// Reads every `<run-id>.json` of `records_dir` (Google Benchmark's
// `.gbench.json` files and hidden temporaries are skipped), sorted by run id.
// Throws with the file and the fix on the first record that is not valid
// JSON, has an unknown schema (read_run_record), names a different run id
// than its file, or lacks a field the reports read.
std::vector<RecordFile> load_run_records(const std::string& records_dir);

// The same check for one parsed record; throws "run record PATH: ...".
void validate_run_record(const nlohmann::json& record, const std::string& path);

}  // namespace fuselab
