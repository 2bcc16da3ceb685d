// What differs between the environments of two run records: the machine
// (GPU, driver, CUDA runtime, SM clocks, throttling, host), the build
// (compiler and flags), the source (git commit, dirty flag) and, per
// experiment, the sha256 of the kernel source. `rerun` prints all of it;
// `compare` uses the subset that makes timings incomparable.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace fuselab {

struct EnvField {
  std::string field;           // "gpu", "driver", "sm_clock_start_mhz", "source_sha256 rope/v001_x", ...
  std::string old_value, new_value;  // "(none)" where a record lacks it
  bool same() const { return old_value == new_value; }
};

// Every field rerun shows, in a fixed order, same or not: gpu, driver,
// cuda_runtime, sm_clock_start_mhz, sm_clock_end_mhz, throttled, host,
// cxx_compiler, cuda_flags, git_commit, git_dirty, then source_sha256 of each
// experiment in either record (sorted by id; "(none)" where one lacks it).
std::vector<EnvField> environment_diff(const nlohmann::json& old_record,
                                       const nlohmann::json& new_record);

// Only the differences that make timings incomparable: gpu, driver,
// cuda_runtime, and — when `compare_build` — cxx_compiler and cuda_flags
// (compare passes false for a peer, whose build is PyTorch's, not ours).
// Empty when comparable.
std::vector<EnvField> comparability_diff(const nlohmann::json& a, const nlohmann::json& b,
                                         bool compare_build = true);

// "driver 580.159.04 -> 575.57.08; gpu ..." — for a footnote or a json field.
std::string describe(const std::vector<EnvField>& differences);

// A markdown table: field | old | new | (blank or "changed").
std::string render_env_diff_md(const std::vector<EnvField>& fields);

}  // namespace fuselab
