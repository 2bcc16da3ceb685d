// `fuselab convert-records [DIR...]`: harness/core/record_conversion.h.
#include <spdlog/spdlog.h>

#include "harness/cli/commands.h"
#include "harness/cli/exit_codes.h"
#include "harness/core/record_conversion.h"

namespace fuselab::cli {

int cmd_convert_records(const Paths& paths, const std::vector<std::string>& dirs) {
  for (const auto& dir : dirs.empty() ? std::vector<std::string>{paths.records_dir} : dirs) {
    const RecordConversion c = convert_records(dir, paths.root);
    for (const auto& note : c.notes) spdlog::info("{}", note);
    spdlog::info("{}: {} record(s) converted, {} finished from a conversion cut short, {} already compact; "
                 "{} Google Benchmark file(s) removed; {:.1f} MB -> {:.1f} MB",
                 dir, c.converted, c.finished, c.already_compact, c.gbench_removed, c.bytes_before / 1e6,
                 c.bytes_after / 1e6);
  }
  return exit_code::kOk;
}

}  // namespace fuselab::cli
