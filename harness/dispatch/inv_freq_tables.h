// The inv_freq tables the versions read (fp32(1 / base^(2i/D)), counter_rng.h's
// inv_freq), one per (device, base, D), made at the first call that needs it
// and kept for the life of the process: a decode step then neither allocates
// nor copies from host memory for it.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <string>

namespace fuselab {

// The current device's table for (base, D). The first request for a key
// allocates it and copies it synchronously (so it is complete before any
// stream reads it); later ones return the same pointer. Thread-safe. `op`
// names the caller in errors; a first request while `stream` is being
// captured into a CUDA graph (which cannot allocate that way) is refused
// with the fix.
const float* inv_freq_table(double base, int64_t D, cudaStream_t stream, const std::string& op);

}  // namespace fuselab
