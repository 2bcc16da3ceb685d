#include "harness/core/record_derived.h"

#include "harness/core/stats.h"

namespace fuselab {

using nlohmann::json;

json timing_series_json(const std::vector<double>& samples_us) {
  return {{"unit", "us"}, {"stats", to_json(summarize(samples_us))}, {"samples", samples_us}};
}

json achieved_json(double bytes, double flops, double cold_median_us, const json& ceilings) {
  const double median_s = cold_median_us * 1e-6;
  json achieved = {{"GBps", bytes / median_s * 1e-9}, {"TFLOPs", flops / median_s * 1e-12}};
  if (ceilings.is_object()) {
    if (ceilings.contains("copy_GBps") && ceilings["copy_GBps"].is_number())
      achieved["copy_fraction"] = achieved["GBps"].get<double>() / ceilings["copy_GBps"].get<double>();
    if (ceilings.contains("fp32_TFLOPs") && ceilings["fp32_TFLOPs"].is_number())
      achieved["fp32_fraction"] = achieved["TFLOPs"].get<double>() / ceilings["fp32_TFLOPs"].get<double>();
  }
  return achieved;
}

}  // namespace fuselab
