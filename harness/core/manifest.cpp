#include "harness/core/manifest.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace fuselab {
namespace {

const std::string kFix =
    "restore it (git checkout -- reference_data/MANIFEST) or rerun " + std::string(kGeneratorCommand);

bool is_sha256_hex(const std::string& s) {
  return s.size() == 64 && std::all_of(s.begin(), s.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

bool is_size(const std::string& s) {
  return !s.empty() && s.size() <= 19 &&
         std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

const ManifestEntry* Manifest::find(const std::string& relative_path) const {
  for (const auto& e : entries)
    if (e.path == relative_path) return &e;
  return nullptr;
}

Manifest load_manifest(const std::string& path) {
  std::ifstream in(path);
  if (!in)
    throw std::runtime_error(path + ": MANIFEST not found. Fix: " + std::string(kFix));
  Manifest manifest;
  manifest.path = path;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    std::istringstream fields(line);
    std::string file_path, size, file_sha, inputs_sha, extra;
    fields >> file_path >> size >> file_sha >> inputs_sha >> extra;
    const std::string where = path + ":" + std::to_string(number) + ": ";
    if (!is_size(size) || !is_sha256_hex(file_sha) || !is_sha256_hex(inputs_sha) || !extra.empty())
      throw std::runtime_error(where + "malformed line '" + line +
                               "' (want: <path> <size> <sha256> <inputs sha256>). Fix: " + kFix);
    if (manifest.find(file_path))
      throw std::runtime_error(where + file_path + " is listed twice. Fix: " + kFix);
    manifest.entries.push_back({file_path, std::stoull(size), file_sha, inputs_sha});
  }
  return manifest;
}

}  // namespace fuselab
