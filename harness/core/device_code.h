// Which device code produced a run's numbers: per kernel an experiment
// launches, the sha256 of its SASS, the bytes of the .text.<mangled name>
// section of the cubin for the running GPU's architecture, taken from the fat
// binary of the executable that runs (/proc/self/exe). A run record carries
// it per experiment next to its include closure (closure_hashes.h):
//   "device_code": {"arch": "sm_90a", "kernels": {"<declared name>": "<sha256>"}}
// A kernel whose code cannot be told carries "unavailable: <why>" instead of
// a hash, and an experiment with none at all {"unavailable": "<why>"}: never
// a hash of something else. docs/provenance.md says what the hash covers.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace fuselab {

struct KernelSymbol {
  std::string name;       // as the experiment declares it (Experiment::kernel)
  std::string symbol;     // its mangled device name; empty when unknown
  std::string no_symbol;  // why `symbol` is empty
};

// The device code of `kernels` in `executable` (the bytes of an ELF host
// executable) for a GPU of compute capability `major`.`minor`.
nlohmann::json device_code_of(std::string_view executable, int major, int minor,
                              const std::vector<KernelSymbol>& kernels);

nlohmann::json device_code_unavailable(const std::string& why);

// The bytes of the executable that runs (/proc/self/exe), mapped on the
// first call for the life of the process; empty with `why` set when it
// cannot be read.
std::string_view running_executable(std::string* why);

// A short name for a record's "device_code" (12 hex digits of a sha256 over
// its arch and every kernel's name and hash), for reports; empty where it
// holds no hash for some kernel or is absent.
std::string device_code_digest(const nlohmann::json& device_code);

}  // namespace fuselab
