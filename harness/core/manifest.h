// reference_data/MANIFEST: one line per reference file, sorted by path,
// `#` comments allowed (format: docs/reference-format.md).
//   <path relative to reference_data/>  <size>  <sha256 of the file>  <sha256 of the inputs>
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace fuselab {

// How to run the generator that writes the reference files and MANIFEST,
// from the repository root (reference_data/generate.py --help).
inline constexpr const char* kGeneratorCommand = "$(scripts/find_python.sh) reference_data/generate.py";

struct ManifestEntry {
  std::string path;  // relative to reference_data/, e.g. "fixtures/attention/fx_b1_h2_s5_d16.h5"
  uint64_t size = 0;
  std::string file_sha256;
  std::string inputs_sha256;
};

struct Manifest {
  std::string path;  // the MANIFEST file itself
  std::vector<ManifestEntry> entries;
  const ManifestEntry* find(const std::string& relative_path) const;
};

// Throws std::runtime_error naming the file, the line and the fix when the
// file is missing or a line is malformed or repeated.
Manifest load_manifest(const std::string& path);

}  // namespace fuselab
