#include "harness/core/record_conversion.h"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <stdexcept>

#include "harness/core/record_format.h"
#include "harness/core/run_record.h"

namespace fuselab {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct RunFiles {
  fs::path legacy, compact, gbench;
};

std::map<std::string, RunFiles> files_by_run(const std::string& dir) {
  std::map<std::string, RunFiles> runs;
  const std::string gbench = ".gbench.json";
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (!entry.is_regular_file()) continue;
    const std::string name = entry.path().filename().string();
    if (name.size() > gbench.size() && name.compare(name.size() - gbench.size(), gbench.size(), gbench) == 0 &&
        name[0] != '.') {
      runs[name.substr(0, name.size() - gbench.size())].gbench = entry.path();
      continue;
    }
    const RecordFileName f = parse_record_file_name(name);
    if (f.run_id.empty()) continue;
    (f.legacy ? runs[f.run_id].legacy : runs[f.run_id].compact) = entry.path();
  }
  return runs;
}

std::uintmax_t size_or_zero(const fs::path& p) { return p.empty() ? 0 : fs::file_size(p); }

// The compact bytes of a schema 1 record, proven to read back as the original.
std::string converted_bytes(const fs::path& legacy, const std::string& root) {
  const json full = read_run_record(legacy.string());
  const std::string bytes = record_file_bytes(full, root);
  const std::string diff = first_difference(normalized_record(full, root), parse_record_file(bytes, legacy.string()));
  if (!diff.empty())
    throw std::runtime_error(legacy.string() + ": its compact form reads back differently at " + diff);
  return bytes;
}

std::string file_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

RecordConversion convert_records(const std::string& dir, const std::string& root) {
  if (!fs::is_directory(dir))
    throw std::runtime_error("records folder " + dir + " does not exist. Fix: name a folder of run records");
  const auto runs = files_by_run(dir);
  // First every record in memory: a folder that cannot be converted whole is left as it is.
  std::map<std::string, std::string> to_write;  // run id -> compact bytes (a legacy file alone)
  std::vector<std::string> refused;
  for (const auto& [run_id, f] : runs) {
    if (f.legacy.empty()) continue;
    try {
      const std::string bytes = converted_bytes(f.legacy, root);
      if (f.compact.empty()) {
        to_write[run_id] = bytes;
      } else {
        const std::string diff = first_difference(parse_record_file(bytes, f.legacy.string()),
                                                  read_run_record(f.compact.string()));
        if (!diff.empty())
          throw std::runtime_error("both " + f.legacy.string() + " and " + f.compact.filename().string() +
                                   " hold run " + run_id + " and differ at " + diff +
                                   ". Fix: keep the right one (`git checkout` or remove the other), then convert again");
      }
    } catch (const std::runtime_error& e) {
      refused.push_back(e.what());
    }
  }
  if (!refused.empty()) {
    std::string text = std::to_string(refused.size()) + " record(s) in " + dir +
                       " cannot be converted; nothing was written:";
    for (const auto& why : refused) text += "\n  " + why;
    throw std::runtime_error(text);
  }
  RecordConversion out;
  for (const auto& [run_id, f] : runs) {
    out.bytes_before += size_or_zero(f.legacy) + size_or_zero(f.compact) + size_or_zero(f.gbench);
    fs::path compact = f.compact;
    if (!f.legacy.empty()) {
      if (compact.empty()) {
        const std::string& bytes = to_write.at(run_id);
        write_file_atomically(dir, record_file_name(run_id), bytes);
        compact = fs::path(dir) / record_file_name(run_id);
        if (file_bytes(compact) != bytes)
          throw std::runtime_error(compact.string() + " does not hold what was written; " + f.legacy.string() +
                                   " is kept. Fix: check the disk, then convert again");
        ++out.converted;
      } else {
        ++out.finished;
        out.notes.push_back(f.legacy.string() + ": its compact record was already written; removed");
      }
      fs::remove(f.legacy);
    } else if (!compact.empty()) {
      ++out.already_compact;
    }
    if (!f.gbench.empty() && !compact.empty()) {
      fs::remove(f.gbench);
      ++out.gbench_removed;
    }
    out.bytes_after += size_or_zero(compact);
  }
  return out;
}

}  // namespace fuselab
