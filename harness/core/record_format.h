// The run record on disk (docs/records.md). A record lives in memory in its
// full form: every field DESIGN.md §6 names, timing stats and achieved rates
// included, as the writer builds it and the readers read it. On disk, since
// schema 2, it is stored compact and once:
//   - `<run_id>.json.gz`: one line of JSON, gzip-compressed (level 9, no
//     name, time 0: the same record always gives the same bytes);
//   - what derives from the samples is not stored: a timing series keeps its
//     samples and loses its `stats`, a case loses `achieved` (both are
//     recomputed on reading, harness/core/record_derived.h), unless the stored
//     values differ from the recomputed ones by more than 1e-12 relative (a
//     converted record keeps them then, so that nothing is lost);
//   - a re-check equal to the check is stored as "same";
//   - paths are the repository's (reference_data/...), never the machine's;
//   - no Google Benchmark file: `fuselab compare --format gbench` makes one.
// The schema is declared in harness/schema/run_record.schema.json; the
// Python peers (harness/peers/peerlib/record.py) write the same form.
// Schema 1 records (`<run_id>.json`, full form, before 2026-11-27) are still
// read as they are; `fuselab convert-records` rewrites them. A reader takes
// the schema from the content: a stored form may also be plain JSON (test
// data), and a file is decompressed where it starts as gzip does.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace fuselab {

constexpr int kRunRecordSchema = 2;
constexpr int kLegacyRunRecordSchema = 1;

std::string record_file_name(const std::string& run_id);  // "<run_id>.json.gz"

struct RecordFileName {
  std::string run_id;
  bool legacy = false;  // "<run_id>.json", schema 1
};
// What a file name in a records folder holds; nullopt-like (empty run_id) for
// anything else (a Google Benchmark file, a temp file, a note).
RecordFileName parse_record_file_name(const std::string& file_name);

// (run_id, path) of every record in `dir`, sorted by run id. Where a run is
// there twice (a conversion cut short: `<id>.json` beside `<id>.json.gz`), the
// compact one is listed.
std::vector<std::pair<std::string, std::string>> record_files_in(const std::string& dir);

// A path as a record may hold it: relative to the repository `root` where it
// lies under it, from `reference_data/` on where it names a reference file of
// another checkout, else its file name alone.
std::string path_for_record(const std::string& path, const std::string& root);
// A command line as a record holds it: path_for_record on every argument that is an absolute path.
nlohmann::json command_for_record(const nlohmann::json& command, const std::string& root);

// Full form -> the stored form (schema 2), and back. normalized_record is
// the full form as a schema 2 record holds it (schema 2, no Google Benchmark
// file, paths for the record): expanded_record(stored_record(r)) gives it
// back, derived numbers within 1e-12 relative (same_record_content).
nlohmann::json normalized_record(nlohmann::json full, const std::string& root);
nlohmann::json stored_record(const nlohmann::json& full, const std::string& root);
nlohmann::json expanded_record(nlohmann::json stored);

// Equal, except that a case's `achieved` and a timing series' `stats` (the
// numbers recomputed on reading) may differ by 1e-12 relative. Everything
// measured (samples, errors, verdicts) must be equal bit for bit. Returns ""
// or the path of the first difference.
std::string first_difference(const nlohmann::json& a, const nlohmann::json& b);

// The bytes of a record file, and the full form read from one; `path` names
// the file in every error.
std::string record_file_bytes(const nlohmann::json& full, const std::string& root);
nlohmann::json parse_record_file(const std::string& bytes, const std::string& path);

}  // namespace fuselab
