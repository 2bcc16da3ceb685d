// What a run record derives from its measurements, defined once for the
// writer (run_record.cpp) and for reading a stored record back
// (record_format.cpp), which does not store it.
#pragma once

#include <vector>

#include <nlohmann/json.hpp>

namespace fuselab {

// {"unit": "us", "stats": ..., "samples": [...]} of microsecond samples.
nlohmann::json timing_series_json(const std::vector<double>& samples_us);

// A timed case's "achieved" block: GB/s and TFLOP/s at the cold median, and
// their fractions of the measured ceilings where the record has them.
nlohmann::json achieved_json(double bytes, double flops, double cold_median_us,
                             const nlohmann::json& ceilings);

}  // namespace fuselab
