#include "harness/core/log_models.h"

#include <stdexcept>
#include <vector>

#include "harness/core/format_number.h"
#include "harness/core/stats.h"

namespace fuselab {
namespace {

using nlohmann::json;

constexpr auto fmt = &format_number;
constexpr double kLogitTolerance = 1e-3;  // model_bench.py's LOGIT_TOLERANCE

void fail(const std::string& where, const std::string& what) { throw std::runtime_error(where + " " + what); }

std::vector<double> samples(const json& phase, const char* key) {
  std::vector<double> out;
  if (phase.contains(key))
    for (const auto& v : phase[key]) out.push_back(v.get<double>());
  return out;
}

std::string ms(const std::vector<double>& s) {
  return s.empty() ? std::string("—") : fmt("%.2f", summarize(s).median) + " ms";
}

// median(sdpa) / median(fuselab), with its 95 % bootstrap interval where both have 2 or more samples.
// Paired samples (sample i of each timed in the same round) give the median of the rounds' ratios instead,
// with its bootstrap interval: the host's drift between rounds then cancels.
std::string speedup(const std::vector<double>& fuselab, const std::vector<double>& sdpa, bool paired) {
  if (fuselab.empty() || sdpa.empty()) return "—";
  if (paired && fuselab.size() == sdpa.size() && fuselab.size() >= 2) {
    std::vector<double> ratios;
    for (std::size_t i = 0; i < sdpa.size(); ++i) ratios.push_back(sdpa[i] / fuselab[i]);
    const Interval i = bootstrap_median(ratios);
    return fmt("%.2f", summarize(ratios).median) + "× [" + fmt("%.2f", i.low) + ", " + fmt("%.2f", i.high) +
           "] paired";
  }
  const double mid = summarize(sdpa).median / summarize(fuselab).median;
  std::string text = fmt("%.2f", mid) + "×";
  if (fuselab.size() >= 2 && sdpa.size() >= 2) {
    const Interval i = bootstrap_ratio_of_medians(sdpa, fuselab);
    text += " [" + fmt("%.2f", i.low) + ", " + fmt("%.2f", i.high) + "]";
  }
  return text;
}

bool paired(const json& p) { return p.contains("paired") && p["paired"].is_boolean() && p["paired"].get<bool>(); }

bool any_paired(const json& models) {
  for (const auto& m : models)
    for (const auto& p : m["phases"])
      if (paired(p)) return true;
  return false;
}

std::string phase_name(const json& p) {
  return p["phase"].get<std::string>() == "decode" && p.contains("steps")
             ? "decode (" + std::to_string(p["steps"].get<int>()) + " steps)"
             : p["phase"].get<std::string>();
}

std::string shape(const json& p) {
  return std::to_string(p["batch"].get<int>()) + " × " + std::to_string(p["tokens"].get<int>());
}

std::string identical(const json& p) {
  if (!p.contains("identical_tokens") || !p["identical_tokens"].is_boolean()) return "—";
  return p["identical_tokens"].get<bool>() ? "yes" : "**no**";
}

std::string logit_diff(const json& p) {
  if (!p.contains("max_logit_diff") || !p["max_logit_diff"].is_number()) return "—";
  const double d = p["max_logit_diff"].get<double>();
  return fmt("%.1e", d) + (d > kLogitTolerance ? " (**over 1e-3**)" : "");
}

std::string model_name(const json& m) {
  return m["model"].get<std::string>() + " (" + fmt("%.2f", m["params"].get<double>() * 1e-9) + " B)";
}

std::string split_cell(const json& split, const char* key) {
  return split.contains(key) && split[key].is_number() ? fmt("%.2f", split[key].get<double>()) : "—";
}

}  // namespace

void validate_models(const json& models) {
  if (!models.is_array()) fail("models", "is not an array");
  for (std::size_t i = 0; i < models.size(); ++i) {
    const json& m = models[i];
    const std::string at = "models[" + std::to_string(i) + "]";
    if (!m.is_object()) fail(at, "is not an object");
    if (!m.contains("model") || !m["model"].is_string()) fail(at + ".model", "is missing or not a string");
    if (!m.contains("params") || !m["params"].is_number()) fail(at + ".params", "is missing or not a number");
    if (!m.contains("phases") || !m["phases"].is_array()) fail(at + ".phases", "is missing or not an array");
    for (std::size_t j = 0; j < m["phases"].size(); ++j) {
      const json& p = m["phases"][j];
      const std::string pat = at + ".phases[" + std::to_string(j) + "]";
      if (!p.is_object()) fail(pat, "is not an object");
      for (const char* key : {"phase", "status", "reason"})
        if (!p.contains(key) || !p[key].is_string()) fail(pat + "." + key, "is missing or not a string");
      for (const char* key : {"batch", "tokens"})
        if (!p.contains(key) || !p[key].is_number_integer()) fail(pat + "." + key, "is missing or not an integer");
      for (const char* key : {"fuselab_ms", "sdpa_ms"}) {
        if (!p.contains(key)) continue;
        if (!p[key].is_array()) fail(pat + "." + key, "is not an array");
        for (const auto& v : p[key])
          if (!v.is_number() || !(v.get<double>() > 0)) fail(pat + "." + key, "holds a value that is not a positive number");
      }
      if (p.contains("split") && !p["split"].is_object()) fail(pat + ".split", "is not an object");
    }
  }
}

std::string render_models(const json& record) {
  if (!record.contains("models")) return "";
  const json& models = record["models"];
  std::string o =
      "\n### End to end: fuselab inside the models against their own sdpa (float32)\n\n"
      "Medians; speedup = sdpa / fuselab with its 95 % bootstrap interval; identical tokens: the greedy "
      "tokens (prefill: the next token of every sequence; decode: every step) equal to sdpa's; max logit "
      "difference: over every logit of the phase, bar 1e-3." +
      std::string(any_paired(models) ? " A speedup marked *paired* comes from decodes timed in rounds, one of "
                                       "each attention a round in alternating order: the median of the rounds' "
                                       "ratios, with its bootstrap interval (a decode step is mostly host time, "
                                       "which drifts between rounds)."
                                     : "") +
      "\n\n"
      "| model | phase | batch × tokens | fuselab | sdpa | speedup | identical tokens | max logit difference |\n"
      "|---|---|---|---|---|---|---|---|\n";
  std::string failures;
  for (const auto& m : models) {
    for (const auto& p : m["phases"]) {
      const auto f = samples(p, "fuselab_ms"), s = samples(p, "sdpa_ms");
      o += "| " + model_name(m) + " | " + phase_name(p) + " | " + shape(p) + " | " + ms(f) + " | " + ms(s) + " | " +
           speedup(f, s, paired(p)) + " | " + identical(p) + " | " + logit_diff(p) + " |\n";
      if (p["status"].get<std::string>() != "ok")
        failures += "- " + m["model"].get<std::string>() + " " + phase_name(p) + " " + shape(p) + ": " +
                    p["status"].get<std::string>() + " (" + p["reason"].get<std::string>() + ")\n";
    }
  }
  if (!failures.empty()) o += "\nNot measured in full:\n\n" + failures;
  o += "\nWhere the GPU time goes (torch.profiler, ms of GPU time: one prefill; 16 decode steps): attention = "
       "the attention function's kernels (fuselab's: the op and the copies to contiguous q, k, v), "
       "QK-norm + RoPE = the fused qk_norm_rope call (fuselab, Qwen3), GEMMs = the projections and the MLP, "
       "other = norms, RoPE by the module, activations, cache, embedding, argmax.\n\n"
       "| model | phase | batch × tokens | attention by | attention | QK-norm + RoPE | GEMMs | other | total |\n"
       "|---|---|---|---|---|---|---|---|---|\n";
  for (const auto& m : models)
    for (const auto& p : m["phases"]) {
      if (!p.contains("split")) continue;
      for (const char* impl : {"fuselab", "sdpa"}) {
        if (!p["split"].contains(impl)) continue;
        const json& sp = p["split"][impl];
        o += "| " + m["model"].get<std::string>() + " | " + phase_name(p) + " | " + shape(p) + " | " + impl + " | " +
             split_cell(sp, "attention_ms") + " | " + split_cell(sp, "qk_norm_rope_ms") + " | " +
             split_cell(sp, "gemm_ms") + " | " + split_cell(sp, "other_ms") + " | " + split_cell(sp, "total_ms") +
             " |\n";
      }
    }
  std::string command;
  for (const auto& a : record["command"]) command += (command.empty() ? "" : " ") + a.get<std::string>();
  o += "\nReproduce: `python3 " + command + "` (on the GPU machine, after `scripts/build.sh`; "
       "`scripts/device_torch_run.sh` runs the tests and this in one call).\n";
  return o;
}

}  // namespace fuselab
