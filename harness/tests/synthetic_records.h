// Synthetic run records (schema 1, the fields compare, rerun and the record
// index read) for the CPU tests: known samples, known environments.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "harness/core/run_record.h"

namespace fuselab::test {

// n samples around `median` (microseconds) with a relative spread `rel_sd`,
// deterministic for a seed.
inline std::vector<double> samples_around(double median, double rel_sd, int n, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> noise(0.0, rel_sd);
  std::vector<double> out;
  for (int i = 0; i < n; ++i) out.push_back(median * (1.0 + noise(rng)));
  return out;
}

struct SyntheticCase {
  std::string name;
  std::vector<double> cold, hot;  // empty cold = not timed
  std::string status = "passed";
  double max_abs_err = 1e-7;
};

struct SyntheticExperiment {
  std::string id, family;  // family empty = the id's prefix
  std::vector<SyntheticCase> cases;
  bool peer = false;
  std::string source_sha256 = "aaaa";
  std::string backend = "cuda";
};

inline nlohmann::json synthetic_record(const std::string& run_id,
                                       const std::vector<SyntheticExperiment>& experiments,
                                       const std::string& driver = "580.159.04",
                                       const std::string& cuda_flags = "-O3 arch 90") {
  using nlohmann::json;
  json exps = json::array();
  for (const auto& e : experiments) {
    json cases = json::array();
    for (const auto& c : e.cases) {
      json j = {{"name", c.name},
                {"status", c.status},
                {"check", {{"max_abs_err", c.max_abs_err}, {"pass", c.status == "passed"}}}};
      if (!c.cold.empty()) {
        j["timing"] = {{"cold", {{"unit", "us"}, {"samples", c.cold}}}};
        j["timing"]["hot"] = c.hot.empty() ? json{{"unavailable", "none"}}
                                           : json{{"unit", "us"}, {"samples", c.hot}};
        j["achieved"] = {{"GBps", 100.0}, {"copy_fraction", 0.25}, {"fp32_fraction", 0.125}};
      }
      cases.push_back(j);
    }
    const std::string family = e.family.empty() ? e.id.substr(0, e.id.find('/')) : e.family;
    json ej = {{"id", e.id},
               {"family", family},
               {"backend", e.backend},
               {"canary", false},
               {"source_sha256", e.source_sha256},
               {"cases", cases}};
    if (e.peer) ej["peer"] = true;
    exps.push_back(ej);
  }
  // Run ids start with the UTC time, as new_run_id() makes them.
  const std::string t = run_id.substr(0, 16);
  const std::string started = t.substr(0, 4) + "-" + t.substr(4, 2) + "-" + t.substr(6, 2) + "T" +
                              t.substr(9, 2) + ":" + t.substr(11, 2) + ":" + t.substr(13, 2) + "Z";
  return {{"schema", 1},
          {"run_id", run_id},
          {"command", {"fuselab", "run", "x"}},
          {"started_utc", started},
          {"backend", "cuda"},
          {"git", {{"commit", "c0ffee"}, {"dirty", false}}},
          {"build", {{"cxx_compiler", "GNU 13.3.0"}, {"cuda_flags", cuda_flags}}},
          {"environment",
           {{"host", "vm"},
            {"gpu",
             {{"name", "NVIDIA H100 80GB HBM3"}, {"driver", driver}, {"runtime_version", 13000}}},
            {"clock_start", {{"sm_clock_mhz", 1980}}},
            {"clock_end", {{"sm_clock_mhz", 1980}, {"throttled", false}}}}},
          {"ceilings", {{"copy_GBps", 3000.0}, {"fp32_TFLOPs", 60.0}}},
          {"settings", {{"case_patterns", json::array()}, {"quick", false}, {"tolerance", 5e-5}}},
          {"experiments", exps}};
}

inline void write_record(const std::filesystem::path& dir, const nlohmann::json& record) {
  write_file_atomically(dir.string(), record["run_id"].get<std::string>() + ".json",
                        record.dump(2) + "\n");
}

}  // namespace fuselab::test
