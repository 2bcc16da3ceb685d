// Probe: versions timed cold in turns, so that slow drifts of the machine
// fall on all of them alike. `fuselab run` times one version's whole sample
// series, then the next one's; at 1x4x64x128 (~5 us) the cold samples of one
// series wander between regimes ~1 us apart (the medians of a series' fifths,
// run 20261126T0223*), and a ratio of two such series moves with the
// regimes each happened to see, beyond the interval the bootstrap gives it.
// Here every version is checked against its reference first, then each round
// takes one cold sample of every version (the harness's ColdTimer), in an
// order rotated by one each round. Per version: the median and its spread,
// and the paired ratio against the first version listed and against its
// parent when the parent is listed on the same case: the median over rounds of t(other) /
// t(this), with a bootstrap interval over rounds.
//   fuselab_probe_interleaved ROUNDS ID:CASE...
//   e.g. fuselab_probe_interleaved 2000 attention/v045_keys_in_shared:b1_h4_s64_d128
//          sinusoidal/v053_keys_in_shared:b1_h4_s64_d128   (one command line)
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "harness/core/cases_file.h"
#include "harness/core/error_report.h"
#include "harness/core/provenance.h"
#include "harness/core/reference_case.h"
#include "harness/core/registry.h"
#include "harness/core/stats.h"
#include "harness/gpu/cold_timer.h"
#include "harness/gpu/executor.h"
#include "kernels/common/cuda_check.h"

namespace {

struct Entry {
  std::string id, case_name;
  const fuselab::Experiment* experiment = nullptr;
  fuselab::ReferenceCase reference;
  std::unique_ptr<fuselab::Executor> executor;
  std::unique_ptr<fuselab::ColdTimer> timer;
  std::vector<double> us;  // one cold sample per round
};

// The median over rounds of den[r] / num[r] (how much faster `num` runs than
// `den`), with its bootstrap interval.
fuselab::Interval paired_speedup(const std::vector<double>& den, const std::vector<double>& num) {
  std::vector<double> ratio(den.size());
  for (std::size_t r = 0; r < den.size(); ++r) ratio[r] = den[r] / num[r];
  return fuselab::bootstrap_median(ratio);
}

int fail(const std::string& why) {
  std::fprintf(stderr, "interleaved: %s\n", why.c_str());
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3)
    return fail("usage: fuselab_probe_interleaved ROUNDS ID:CASE... (e.g. 2000 attention/v045_keys_in_shared:b1_h4_s64_d128)");
  const int rounds = std::atoi(argv[1]);
  if (rounds < 10) return fail(std::string("ROUNDS must be at least 10 (got ") + argv[1] + ")");
  const std::string root = fuselab::repository_root();
  fuselab::LoadOptions lo;
  lo.reference_root = root + "/reference_data";
  // The arguments first, so that a bad one is named without a GPU.
  std::vector<Entry> entries;
  std::vector<fuselab::CaseSpec> specs;
  for (int a = 2; a < argc; ++a) {
    const std::string arg = argv[a];
    const auto colon = arg.find(':');
    if (colon == std::string::npos)
      return fail("'" + arg + "' is not ID:CASE. Fix: e.g. attention/v045_keys_in_shared:b1_h4_s64_d128");
    Entry e;
    e.id = arg.substr(0, colon);
    e.case_name = arg.substr(colon + 1);
    e.experiment = fuselab::Registry::global().find(e.id);
    if (!e.experiment) return fail("unknown experiment '" + e.id + "'. Fix: see `fuselab list`");
    try {
      const fuselab::CasesFile cases = fuselab::load_family_cases(root, e.experiment->family);
      const fuselab::CaseSpec* spec = cases.find(e.case_name);
      if (!spec)
        return fail("family " + e.experiment->family + " has no case '" + e.case_name + "'. Fix: see `fuselab cases`");
      if (auto why = e.experiment->limits_value.reject(*spec))
        return fail(e.id + " does not support " + e.case_name + ": " + *why);
      specs.push_back(*spec);
    } catch (const std::exception& err) {
      return fail(err.what());
    }
    entries.push_back(std::move(e));
  }

  cudaStream_t stream{};
  try {
    FUSELAB_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    for (std::size_t i = 0; i < entries.size(); ++i) {
      Entry& e = entries[i];
      e.reference = fuselab::load_reference(specs[i], lo);
      e.executor = fuselab::make_executor(*e.experiment, e.reference);
      e.executor->poison(stream);
      e.executor->launch(stream);
      const fuselab::ErrorReport check = fuselab::compare_output(e.executor->output(stream), e.reference);
      if (!check.pass) return fail(e.id + " on " + e.case_name + " fails its check: " + check.summary());
      e.timer = std::make_unique<fuselab::ColdTimer>(stream, [ex = e.executor.get()](cudaStream_t s) { ex->launch(s); });
      e.timer->warm_up();
      e.us.reserve(rounds);
    }
  } catch (const std::exception& err) {
    return fail(err.what());
  }

  const std::size_t n = entries.size();
  for (int r = 0; r < rounds; ++r)
    for (std::size_t i = 0; i < n; ++i) {
      Entry& e = entries[(i + r) % n];
      e.us.push_back(e.timer->sample() * 1e6);
    }

  std::printf("%d rounds, one cold sample of each version per round, order rotated each round\n\n", rounds);
  std::printf("| version | case | median us | p10 | p90 | medians of the series' fifths | speedup over %s (paired) | speedup over parent (paired) |\n",
              entries[0].id.c_str());
  std::printf("|---|---|---:|---:|---:|---|---:|---:|\n");
  for (const Entry& e : entries) {
    std::vector<double> sorted = e.us;
    std::sort(sorted.begin(), sorted.end());
    std::string fifths;
    for (int f = 0; f < 5; ++f) {
      const std::vector<double> part(e.us.begin() + f * rounds / 5, e.us.begin() + (f + 1) * rounds / 5);
      char buf[16];
      std::snprintf(buf, sizeof buf, "%s%.2f", f ? " " : "", fuselab::summarize(part).median);
      fifths += buf;
    }
    const fuselab::Interval first = paired_speedup(entries[0].us, e.us);
    std::string vs_parent = "—";
    for (const Entry& p : entries)
      if (p.id == e.experiment->parent_id && p.case_name == e.case_name) {
        const fuselab::Interval i = paired_speedup(p.us, e.us);
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.3fx [%.3f, %.3f]", i.mid, i.low, i.high);
        vs_parent = buf;
      }
    std::printf("| %s | %s | %.2f | %.2f | %.2f | %s | %.3fx [%.3f, %.3f] | %s |\n", e.id.c_str(), e.case_name.c_str(),
                fuselab::quantile_sorted(sorted, 0.5), fuselab::quantile_sorted(sorted, 0.1),
                fuselab::quantile_sorted(sorted, 0.9), fifths.c_str(), first.mid, first.low, first.high,
                vs_parent.c_str());
  }
  FUSELAB_CUDA_CHECK(cudaStreamDestroy(stream));
  return 0;
}
