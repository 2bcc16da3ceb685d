// What the run ran on: GPU, driver, runtime, clocks (NVML), ceilings.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace fuselab {

// Empty when a CUDA device is usable; otherwise the reason (one line).
std::string cuda_unavailable_reason();

struct GpuEnvironment {
  std::string name;
  int sm_count = 0;
  int cc_major = 0, cc_minor = 0;
  long l2_bytes = 0;
  int driver_version = 0, runtime_version = 0;
  std::string driver_text;  // NVML's driver version string
  unsigned sm_clock_mhz = 0, sm_clock_max_mhz = 0, mem_clock_mhz = 0;
  // Which GPU of the host: nvidia-smi's index (-1: unknown), the UUID, and
  // CUDA_VISIBLE_DEVICES as the process saw it (empty: unset). Records
  // before issue 40 lack them.
  int index = -1;
  std::string uuid;
  std::string cuda_visible_devices;
};

GpuEnvironment read_gpu_environment();
// Current SM clock, throttle-reason bits (0 = none) and temperature (°C,
// "temperature_c"; absent where nvidia-smi gives none), for start/end checks.
nlohmann::json read_clock_state();
nlohmann::json to_json(const GpuEnvironment& e);

struct Ceilings {
  double copy_bytes_per_s = 0;  // cold device-to-device copy, read + written bytes
  double copy_bytes = 0;        // bytes moved by one measured copy
  double fp32_flop_per_s = 0;   // FMA chains across the whole chip
};

Ceilings measure_ceilings();
nlohmann::json to_json(const Ceilings& c);

}  // namespace fuselab
