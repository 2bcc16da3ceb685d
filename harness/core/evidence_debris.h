// What a killed writer can leave behind, found and removed by `fuselab
// report` before it reads anything: temp files of write_file_atomically
// (".<name>.tmp.<pid>") whose process is gone, and Google Benchmark files
// ("<run-id>.gbench.json", written beside schema 1 records) whose run record
// is not there.
#pragma once

#include <string>
#include <vector>

namespace fuselab {

// Removes the debris in `dirs` (temp files) and in `records_dir` (temp files
// and orphan Google Benchmark files); returns one line per file removed,
// saying what it was. Missing folders are skipped.
std::vector<std::string> remove_evidence_debris(const std::string& records_dir,
                                                const std::vector<std::string>& dirs);

}  // namespace fuselab
