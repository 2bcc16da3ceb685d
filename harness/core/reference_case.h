// A reference case loaded from reference_data/ (HDF5): its parameters, host
// tensors and the expected float64 output. The loader refuses, with one
// message naming the file, what is wrong and the command that regenerates it:
// a missing file, a checksum that disagrees with MANIFEST, a missing dataset
// or attribute, a dtype or shape that disagrees with the attributes or with
// cases.yaml, NaN or Inf in a reference.
#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/core/cases_file.h"

namespace fuselab {

struct ReferenceError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct ReferenceCase {
  CaseSpec spec;
  std::string path;            // absolute path of the .h5 file
  std::string file_sha256;
  // The op's input tensors by name, each row-major in its declared shape
  // (counter inputs regenerated for sampled files).
  // Float32 inputs here, int64 ones in int64_inputs (by the op's dtype).
  std::map<std::string, std::vector<float>> inputs;
  std::map<std::string, std::vector<int64_t>> int64_inputs;
  const std::vector<float>& input(const std::string& name) const;
  const std::vector<int64_t>& input_int64(const std::string& name) const;
  // Any input's raw little-endian bytes (the inputs hash, the upload).
  std::pair<const void*, std::size_t> input_bytes(const std::string& name) const;
  // Expected output: full ([out_rows, D]) or sampled ([rows.size(), D]).
  std::vector<int64_t> rows;   // empty for full storage; else flattened row ids
  std::vector<double> out;
  std::vector<float> out_torch_fp32;
  double torch_fp32_max_abs_err = 0.0;
  std::string torch_fp32_method;
  // How the file met its MANIFEST line: "" when its bytes are the MANIFEST's;
  // else why the bytes differ and what was checked instead (manifest_match).
  std::string manifest_mismatch;
  std::string manifest_match;
  bool sampled() const { return !rows.empty(); }
};

struct LoadOptions {
  std::string reference_root;   // the reference_data/ folder
  std::string manifest_path;    // default: <reference_root>/MANIFEST
  bool verify_checksum = true;
  // A file whose bytes are not the MANIFEST's (or not checked) is read in a
  // child process first (survives_in_child); a read that takes longer is refused.
  double untrusted_read_seconds = 60.0;
};

ReferenceCase load_reference(const CaseSpec& spec, const LoadOptions& opts);

// The command that regenerates one case's file (used in every message).
std::string regenerate_command(const CaseSpec& spec);

}  // namespace fuselab
