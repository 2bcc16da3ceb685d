// Probe: versions timed cold in turns, each on several allocations of its
// inputs. `fuselab run` times one version's whole sample series on one
// allocation, then the next version's. At 1x4x64x128 (~5 us) two things move
// such a series beyond the interval its bootstrap gives:
//   * regimes ~1 us apart within a series (the medians of its fifths, run
//     20261126T0223*), which timing the versions in turns spreads over all;
//   * the allocation: the same version, timed in turns with the others, ran
//     4.16 us in one process and 4.99 in the next (call 0230Z), each stable
//     over 2000 rounds.
// So each version gets INSTANCES executors (its own inputs, output,
// workspace and graphs), every one checked against the reference first; each
// round takes one cold sample of every instance (the harness's ColdTimer), in
// an order rotated by one each round. Per version: the median over all its
// samples, the spread of its instances' medians, and the paired speedup
// against the first version listed and against its parent when the parent
// is listed on the same case: per round, the mean over the other's
// instances over the mean over this one's; the median over rounds, with a
// bootstrap interval over rounds.
//   fuselab_probe_interleaved ROUNDS INSTANCES ID:CASE...
//   e.g. fuselab_probe_interleaved 500 8 attention/v045_keys_in_shared:b1_h4_s64_d128
//          sinusoidal/v053_keys_in_shared:b1_h4_s64_d128   (one command line)
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
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

// One allocation of a version's inputs, output and workspace, and its timer.
struct Instance {
  std::unique_ptr<fuselab::Executor> executor;
  std::unique_ptr<fuselab::ColdTimer> timer;
  std::vector<double> us;  // one cold sample per round
};

struct Version {
  std::string id, case_name;
  const fuselab::Experiment* experiment = nullptr;
  fuselab::CaseSpec spec;
  fuselab::ReferenceCase reference;
  std::vector<Instance> instances;
  // Per round, the mean over the instances.
  std::vector<double> round_means() const {
    std::vector<double> m(instances[0].us.size(), 0.0);
    for (const Instance& i : instances)
      for (std::size_t r = 0; r < m.size(); ++r) m[r] += i.us[r] / double(instances.size());
    return m;
  }
};

// The median over rounds of den[r] / num[r] (how much faster `num` runs than
// `den`), with its bootstrap interval.
fuselab::Interval paired_speedup(const std::vector<double>& den, const std::vector<double>& num) {
  std::vector<double> ratio(den.size());
  for (std::size_t r = 0; r < den.size(); ++r) ratio[r] = den[r] / num[r];
  return fuselab::bootstrap_median(ratio);
}

std::string interval_text(const fuselab::Interval& i) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3fx [%.3f, %.3f]", i.mid, i.low, i.high);
  return buf;
}

int fail(const std::string& why) {
  std::fprintf(stderr, "interleaved: %s\n", why.c_str());
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4)
    return fail("usage: fuselab_probe_interleaved ROUNDS INSTANCES ID:CASE... "
                "(e.g. 500 8 attention/v045_keys_in_shared:b1_h4_s64_d128)");
  const int rounds = std::atoi(argv[1]), per_version = std::atoi(argv[2]);
  if (rounds < 10) return fail(std::string("ROUNDS must be at least 10 (got ") + argv[1] + ")");
  if (per_version < 1) return fail(std::string("INSTANCES must be at least 1 (got ") + argv[2] + ")");
  const std::string root = fuselab::repository_root();
  fuselab::LoadOptions lo;
  lo.reference_root = root + "/reference_data";

  // The arguments first, so that a bad one is named without a GPU.
  std::vector<Version> versions;
  for (int a = 3; a < argc; ++a) {
    const std::string arg = argv[a];
    const auto colon = arg.find(':');
    if (colon == std::string::npos)
      return fail("'" + arg + "' is not ID:CASE. Fix: e.g. attention/v045_keys_in_shared:b1_h4_s64_d128");
    Version v;
    v.id = arg.substr(0, colon);
    v.case_name = arg.substr(colon + 1);
    v.experiment = fuselab::Registry::global().find(v.id);
    if (!v.experiment) return fail("unknown experiment '" + v.id + "'. Fix: see `fuselab list`");
    try {
      const fuselab::CasesFile cases = fuselab::load_family_cases(root, v.experiment->family);
      const fuselab::CaseSpec* spec = cases.find(v.case_name);
      if (!spec)
        return fail("family " + v.experiment->family + " has no case '" + v.case_name + "'. Fix: see `fuselab cases`");
      if (auto why = v.experiment->limits_value.reject(*spec))
        return fail(v.id + " does not support " + v.case_name + ": " + *why);
      v.spec = *spec;
    } catch (const std::exception& err) {
      return fail(err.what());
    }
    versions.push_back(std::move(v));
  }

  cudaStream_t stream{};
  std::vector<Instance*> order;  // every instance, in the first round's order
  try {
    FUSELAB_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    for (Version& v : versions) {
      v.reference = fuselab::load_reference(v.spec, lo);
      v.instances.resize(per_version);
      for (Instance& in : v.instances) {
        in.executor = fuselab::make_executor(*v.experiment, v.reference);
        in.executor->poison(stream);
        in.executor->launch(stream);
        const fuselab::ErrorReport check = fuselab::compare_output(in.executor->output(stream), v.reference);
        if (!check.pass) return fail(v.id + " on " + v.case_name + " fails its check: " + check.summary());
        in.timer = std::make_unique<fuselab::ColdTimer>(stream,
                                                        [ex = in.executor.get()](cudaStream_t s) { ex->launch(s); });
        in.timer->warm_up();
        in.us.reserve(rounds);
      }
    }
    // Instance k of every version, then instance k + 1, so that a round's
    // neighbours are other versions.
    for (int k = 0; k < per_version; ++k)
      for (Version& v : versions) order.push_back(&v.instances[k]);
    const std::size_t n = order.size();
    for (int r = 0; r < rounds; ++r)
      for (std::size_t i = 0; i < n; ++i) {
        Instance& in = *order[(i + r) % n];
        in.us.push_back(in.timer->sample() * 1e6);
      }
  } catch (const std::exception& err) {
    return fail(err.what());
  }

  std::printf("%d rounds x %d instances a version, one cold sample of every instance per round, order rotated each "
              "round\n\n",
              rounds, per_version);
  std::printf("| version | case | median us | p10 | p90 | instances' medians (min - max) | speedup over %s (paired) | "
              "speedup over parent (paired) |\n",
              versions[0].id.c_str());
  std::printf("|---|---|---:|---:|---:|---|---:|---:|\n");
  const std::vector<double> first = versions[0].round_means();
  for (const Version& v : versions) {
    std::vector<double> all;
    double lo_med = 1e30, hi_med = 0;
    for (const Instance& in : v.instances) {
      all.insert(all.end(), in.us.begin(), in.us.end());
      const double m = fuselab::summarize(in.us).median;
      lo_med = std::min(lo_med, m);
      hi_med = std::max(hi_med, m);
    }
    std::sort(all.begin(), all.end());
    const std::vector<double> mine = v.round_means();
    std::string vs_parent = "—";
    for (const Version& p : versions)
      if (p.id == v.experiment->parent_id && p.case_name == v.case_name)
        vs_parent = interval_text(paired_speedup(p.round_means(), mine));
    std::printf("| %s | %s | %.2f | %.2f | %.2f | %.2f - %.2f | %s | %s |\n", v.id.c_str(), v.case_name.c_str(),
                fuselab::quantile_sorted(all, 0.5), fuselab::quantile_sorted(all, 0.1),
                fuselab::quantile_sorted(all, 0.9), lo_med, hi_med, interval_text(paired_speedup(first, mine)).c_str(),
                vs_parent.c_str());
  }

  // Each allocation: its median and where its buffers lie, in 2 MiB pages
  // (the GPU's large page: a launch that touches more of them takes more
  // address-translation misses after the flush has evicted the TLBs).
  std::printf("\nPer allocation: median us | 2 MiB pages its buffers touch | each buffer's offset in its page (KiB)\n\n");
  std::printf("| version | case | allocation | median us | pages | offsets |\n|---|---|---:|---:|---:|---|\n");
  for (const Version& v : versions)
    for (std::size_t k = 0; k < v.instances.size(); ++k) {
      const Instance& in = v.instances[k];
      constexpr std::uintptr_t kPage = std::uintptr_t(2) << 20;
      std::vector<std::uintptr_t> pages;
      std::string offsets;
      for (const auto& [ptr, bytes] : in.executor->device_buffers()) {
        const auto a = reinterpret_cast<std::uintptr_t>(ptr);
        for (std::uintptr_t pg = a / kPage; pg <= (a + bytes - 1) / kPage; ++pg) pages.push_back(pg);
        offsets += (offsets.empty() ? "" : " ") + std::to_string((a % kPage) >> 10);
      }
      std::sort(pages.begin(), pages.end());
      const auto distinct = std::unique(pages.begin(), pages.end()) - pages.begin();
      std::printf("| %s | %s | %zu | %.2f | %td | %s |\n", v.id.c_str(), v.case_name.c_str(), k,
                  fuselab::summarize(in.us).median, distinct, offsets.c_str());
    }
  FUSELAB_CUDA_CHECK(cudaStreamDestroy(stream));
  return 0;
}
