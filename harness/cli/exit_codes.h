// fuselab's exit codes (README documents them).
#pragma once

namespace fuselab::exit_code {
constexpr int kOk = 0;
constexpr int kFailed = 1;     // a check failed, a verdict is INVALID, a canary passed
constexpr int kBadInput = 2;   // unknown id, bad YAML, missing or corrupt reference, bad flags
constexpr int kNoGpu = 3;      // the command needs a CUDA device and there is none
}  // namespace fuselab::exit_code
