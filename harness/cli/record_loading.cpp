// load_records_for_reading: the record index of compare and rerun, which
// leave a bad record out with a warning instead of stopping.
#include <spdlog/spdlog.h>

#include "harness/cli/commands.h"

namespace fuselab::cli {

RecordIndex load_records_for_reading(const std::string& records_dir) {
  RecordIndex index = RecordIndex::load(records_dir, RecordIndex::OnBadRecord::SkipAndWarn);
  for (const auto& why : index.skipped()) spdlog::warn("left out: {}", why);
  return index;
}

}  // namespace fuselab::cli
