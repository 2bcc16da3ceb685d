// `fuselab convert-records`: rewrites the schema 1 records of a folder
// (`<run_id>.json`, full form, some indented) in the stored form of schema 2
// (`<run_id>.json.gz`, record_format.h), and removes the Google Benchmark
// files beside them (`compare --format gbench` makes them on demand).
//
// Nothing is lost: every record is converted and checked in memory first
// (read back, it must be the original: measurements bit for bit, derived
// numbers within 1e-12); if one fails, nothing is written. Each compact file
// is written atomically and read back before its original is removed, so a
// kill leaves either the original alone or both; a folder left half
// converted is finished by the next run, which refuses a pair whose two
// files disagree.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace fuselab {

struct RecordConversion {
  int converted = 0;         // schema 1 -> schema 2
  int finished = 0;          // both files were there and agreed: the original removed
  int already_compact = 0;
  int gbench_removed = 0;
  std::uintmax_t bytes_before = 0, bytes_after = 0;
  std::vector<std::string> notes;  // one line per file removed or finished
};

// Throws, having written nothing, with every record that cannot be converted.
RecordConversion convert_records(const std::string& dir, const std::string& root);

}  // namespace fuselab
