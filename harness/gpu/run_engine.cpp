#include "harness/gpu/run_engine.h"

#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <sstream>

#include <benchmark/benchmark.h>
#include <spdlog/spdlog.h>

#include "harness/core/case_patterns.h"
#include "harness/core/output_fault.h"
#include "harness/core/provenance.h"
#include "harness/core/registry.h"
#include "harness/core/run_order.h"
#include "harness/core/stats.h"
#include "harness/core/closure_hashes.h"
#include "harness/core/device_code.h"
#include "harness/core/verdict.h"
#include "harness/core/stop_request.h"
#include "harness/gpu/cold_timer.h"
#include "harness/gpu/environment.h"
#include "harness/gpu/executor.h"
#include "harness/gpu/float64_reference.h"
#include "harness/gpu/kernel_device_code.h"

namespace fuselab {
namespace {

using nlohmann::json;
using clock_type = std::chrono::steady_clock;

bool case_selected(const CaseSpec& c, const RunOptions& o) { return case_selected_by(o.case_patterns, c.name); }

bool pair_selected(const Experiment& e, const CaseSpec& c, const RunOptions& o) {
  return !o.only_pairs || o.only_pairs->count({e.id(), c.name}) > 0;
}

json kernel_resources(const Experiment& e) {
  json out = json::array();
  for (const auto& k : e.kernel_refs) {
    cudaFuncAttributes a{};
    FUSELAB_CUDA_CHECK(cudaFuncGetAttributes(&a, k.func));
    out.push_back({{"kernel", k.name},
                   {"registers", a.numRegs},
                   {"static_shared_bytes", a.sharedSizeBytes},
                   {"local_bytes", a.localSizeBytes},
                   {"max_threads_per_block", a.maxThreadsPerBlock}});
  }
  return out;
}

// A device fault (illegal address, ...) poisons the context: nothing after
// it can be trusted, so the run stops and records what it has.
std::string sticky_device_error() {
  cudaDeviceSynchronize();
  const cudaError_t first = cudaGetLastError();
  if (first == cudaSuccess) return "";
  const cudaError_t again = cudaDeviceSynchronize();
  if (again == cudaSuccess) return "";
  return std::string(cudaGetErrorName(again)) + ": " + cudaGetErrorString(again);
}

// The run's stream; the CPU backend has none.
cudaStream_t make_stream(bool cuda) {
  cudaStream_t s = nullptr;
  if (cuda) FUSELAB_CUDA_CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
  return s;
}

// Cold/hot samplers for one executor, on either backend.
class Sampler {
 public:
  Sampler(Executor& ex, cudaStream_t stream, bool cuda) : ex_(ex), stream_(stream), cuda_(cuda) {}

  // Captures the cold graphs; returns why not when the launch cannot be captured.
  std::string prepare_cold() {
    if (!cuda_) return "";
    try {
      cold_ = std::make_unique<ColdTimer>(stream_, [&](cudaStream_t s) { ex_.launch(s); });
      cold_->warm_up();
    } catch (const std::exception& e) {
      return std::string("launch cannot be captured in a CUDA graph: ") + e.what();
    }
    return "";
  }
  double cold(bool poison_first) {
    if (!cuda_) {
      if (poison_first) ex_.poison(stream_);
      const auto t0 = clock_type::now();
      ex_.launch(stream_);
      return std::chrono::duration<double>(clock_type::now() - t0).count();
    }
    if (!poison_first) return cold_->sample();
    return cold_->sample([&](cudaStream_t s) { ex_.poison(s); });
  }
  std::string prepare_hot(int launches) {
    if (!cuda_) return "the CPU backend has no graph replay";
    try {
      hot_ = std::make_unique<HotTimer>(stream_, [&](cudaStream_t s) { ex_.launch(s); }, launches);
    } catch (const std::exception& e) {
      return std::string("launch cannot be captured in a CUDA graph: ") + e.what();
    }
    return "";
  }
  double hot() { return hot_->sample(); }

 private:
  Executor& ex_;
  cudaStream_t stream_;
  bool cuda_;
  std::unique_ptr<ColdTimer> cold_;
  std::unique_ptr<HotTimer> hot_;
};

// Google Benchmark drives the samples: one benchmark per case and mode with
// manual time, a fixed iteration count planned from a pilot series (the
// stopping rule), and our own raw samples kept for the record.
class GbenchDriver {
 public:
  GbenchDriver() {
    static bool initialised = false;
    if (!initialised) {
      // Google Benchmark keeps argv[0] for its JSON context: it must outlive this call.
      static char name[] = "fuselab";
      static char* argv[] = {name, nullptr};
      int argc = 1;
      benchmark::Initialize(&argc, argv);
      initialised = true;
    }
  }

  void add(const std::string& name, int iterations, std::function<double(bool last)> take,
           std::vector<double>* samples) {
    benchmark::RegisterBenchmark(name.c_str(),
                                 [take, samples, iterations](benchmark::State& state) {
                                   int i = 0;
                                   for (auto _ : state) {
                                     const double t = take(++i == iterations);
                                     samples->push_back(t);
                                     state.SetIterationTime(t);
                                   }
                                 })
        ->UseManualTime()
        ->Iterations(iterations)
        ->Unit(benchmark::kMicrosecond);
  }

  // Runs what was added, appends its JSON to `merged`, clears the registry.
  void run(json& merged) {
    std::ostringstream out, err;
    benchmark::JSONReporter reporter;
    reporter.SetOutputStream(&out);
    reporter.SetErrorStream(&err);
    benchmark::RunSpecifiedBenchmarks(&reporter);
    benchmark::ClearRegisteredBenchmarks();
    const json j = json::parse(out.str());
    if (!merged.contains("context")) merged["context"] = j["context"];
    for (const auto& b : j["benchmarks"]) merged["benchmarks"].push_back(b);
  }
};

// The outcome of a version already run in this run, by id (null when none).
std::function<const ExperimentOutcome*(const std::string&)> outcome_in(const std::vector<ExperimentOutcome>& done) {
  return [&done](const std::string& id) -> const ExperimentOutcome* {
    for (const auto& d : done)
      if (d.experiment->id() == id) return &d;
    return nullptr;
  };
}

class Engine {
 public:
  Engine(const RunOptions& o, bool cuda) : o_(o), cuda_(cuda), stream_(make_stream(cuda)) {}

  ExperimentOutcome run(const Experiment& e, const std::vector<ExperimentOutcome>& done) {
    ExperimentOutcome out;
    out.experiment = &e;
    out.source_sha256 = experiment_source_sha256(e, o_.root);
    if (const ExperimentClosure* closure = find_experiment_closure(e.module())) {
      out.closure_sha256 = closure->sha256;
      out.closure_files = closure->files;
    }
    out.resources = cuda_ ? kernel_resources(e) : json::array();
    out.device_code = cuda_ ? kernel_device_code(e) : device_code_unavailable("a run without a GPU (CPU backend)");
    const CasesFile& cases = cases_of(e.family);
    for (const CaseSpec& spec : cases.cases) {
      if (!case_selected(spec, o_) || !pair_selected(e, spec, o_)) continue;
      CaseOutcome c;
      c.spec = spec;
      if (stopped.empty() && !stop_request().empty()) {
        stopped = stop_request();
        spdlog::warn("{} asked the run to stop: no more cases; the record keeps what was measured", stopped);
      }
      if (!fatal.empty() || !stopped.empty()) {
        c.reason = "not run: " + (fatal.empty() ? "the run was stopped (" + stopped + ")" : fatal);
        out.cases.push_back(std::move(c));
        continue;
      }
      run_case(e, c);
      out.cases.push_back(std::move(c));
      stop_after_cases_if_asked();
    }
    if (o_.paired && o_.time && fatal.empty() && stopped.empty()) add_paired(e, out, done);
    out.verdict = compute_verdict(out, outcome_in(done));
    if (o_.time) spdlog::info("{}: {} ({})", e.id(), out.verdict.value, out.verdict.reason);  // `check` times nothing
    return out;
  }

  json gbench = {{"benchmarks", json::array()}};  // the driver's output sink; records keep the samples, not this
  std::string fatal;
  std::string stopped;  // what asked the run to stop (stop_request.h); "" while none

 private:
  // FUSELAB_TEST_STOP_AFTER_CASES=N (tests only): a stop is asked for after
  // the Nth case, as a SIGTERM would.
  void stop_after_cases_if_asked() {
    static const char* n = std::getenv("FUSELAB_TEST_STOP_AFTER_CASES");
    if (n && ++cases_run_ == std::atoi(n)) request_stop(SIGTERM);
  }
  int cases_run_ = 0;

  const CasesFile& cases_of(const std::string& family) {
    auto it = cases_.find(family);
    if (it == cases_.end())
      it = cases_.emplace(family, load_family_cases(o_.root, family)).first;
    return it->second;
  }

  // A case's reference file and what checks its output (check_reference.h):
  // the GPU float64 reference is computed and anchored to the file once per
  // case, before any output is compared.
  struct CaseReference {
    ReferenceCase file;
    CheckReference check;
  };

  const CaseReference& reference(const CaseSpec& spec) {
    auto it = refs_.find(spec.id());
    if (it == refs_.end()) {
      LoadOptions lo;
      lo.reference_root = o_.reference_root;
      ReferenceCase file = load_reference(spec, lo);
      if (!file.manifest_match.empty()) spdlog::warn("{}: {}", file.path, file.manifest_match);
      CheckReference check = make_check_reference(file, gpu_float64_source());
      log_check_reference(file, check.by);
      it = refs_.emplace(spec.id(), CaseReference{std::move(file), std::move(check)}).first;
    }
    return it->second;
  }

  static void log_check_reference(const ReferenceCase& file, const CheckedBy& by) {
    if (by.anchor)
      spdlog::info("{}: {} reference agrees with the file on its {} elements (max |diff| {:.2g}, bound {:.2g}){}",
                   file.spec.id(), by.anchor->source, by.anchor->elements, by.anchor->max_abs_diff,
                   by.anchor->bound,
                   by.reference == by.anchor->source
                       ? "; it checks all " + std::to_string(file.spec.out_rows() * file.spec.D) + " elements"
                       : std::string());
    if (!by.note.empty()) spdlog::info("{}: checked on {}", file.spec.id(), by.note);
  }

  // The output of ex's latest launch, compared with what checks the case.
  // FUSELAB_OUTPUT_FAULT (output_fault.h, tests only) alters it first.
  ErrorReport check_output(Executor& ex, const CaseReference& ref) {
    std::vector<float> out = ex.output(stream_);
    const std::string fault = inject_output_fault(out, ref.file);
    if (!fault.empty()) spdlog::warn("{}: {}", ref.file.spec.id(), fault);
    return compare_output(out, ref.file, ref.check);
  }

  void run_case(const Experiment& e, CaseOutcome& c) {
    const std::string label = e.id() + " " + c.spec.name;
    if (auto why = e.limits_value.reject(c.spec)) {
      c.status = CaseStatus::Unsupported;
      c.reason = *why;
      spdlog::info("{:<60} unsupported: {}", label, *why);
      return;
    }
    try {
      const CaseReference& ref = reference(c.spec);
      c.reference_file = ref.file.path;
      c.reference_sha256 = ref.file.file_sha256;
      auto ex = make_executor(e, ref.file);
      ex->poison(stream_);
      ex->launch(stream_);
      c.check = check_output(*ex, ref);
      c.checked_by = ref.check.by;
      c.status = c.check->pass ? CaseStatus::Passed : CaseStatus::Failed;
      if (o_.time && c.check->pass && c.spec.for_benchmarks) {
        time_case(e, c, *ex, ref);
      } else if (cuda_ && c.check->pass) {
        // A second launch, checked too: what a launch leaves in the
        // workspace must not change the next one's output.
        ex->poison(stream_);
        ex->launch(stream_);
        c.recheck = check_output(*ex, ref);
      }
      const ErrorReport& last = c.recheck ? *c.recheck : *c.check;
      if (!last.pass) c.status = CaseStatus::Failed;
      log_case(label, c);
    } catch (const ReferenceError& err) {
      throw;  // a missing or corrupt reference ends the command with its message
    } catch (const std::exception& err) {
      c.status = CaseStatus::Error;
      c.reason = err.what();
      spdlog::error("{:<60} error: {}", label, err.what());
      if (cuda_) {
        fatal = sticky_device_error();
        if (!fatal.empty()) spdlog::critical("device fault, stopping the run: {}", fatal);
      }
    }
  }

  // Pilot series first (they plan the sample counts); then Google Benchmark
  // runs the hot replays and the cold series, whose last sample runs on a
  // poisoned output: that output is checked again. The cold samples rotate
  // through o_.allocations allocations (ex first), each checked before.
  void time_case(const Experiment& e, CaseOutcome& c, Executor& ex, const CaseReference& ref) {
    std::vector<std::unique_ptr<Executor>> more;
    std::vector<Executor*> executors{&ex};
    for (int k = 1; k < o_.allocations; ++k) {
      more.push_back(make_executor(e, ref.file));
      Executor& x = *more.back();
      x.poison(stream_);
      x.launch(stream_);
      ErrorReport r = check_output(x, ref);
      if (!r.pass) {
        c.check = std::move(r);
        c.status = CaseStatus::Failed;
        c.reason = "allocation " + std::to_string(k + 1) + " of " + std::to_string(o_.allocations) +
                   " fails its check";
        return;
      }
      executors.push_back(&x);
    }
    std::vector<std::unique_ptr<Sampler>> samplers;
    for (Executor* x : executors) {
      samplers.push_back(std::make_unique<Sampler>(*x, stream_, cuda_));
      const std::string no_cold = samplers.back()->prepare_cold();
      if (!no_cold.empty()) throw std::runtime_error(no_cold);
    }
    std::size_t taken = 0, last = 0;  // samples so far; the allocation of the latest
    auto cold = [&](bool poison_first) {
      last = taken++ % samplers.size();
      return samplers[last]->cold(poison_first);
    };
    Sampler& sampler = *samplers[0];
    std::vector<double> cold_pilot;
    for (int i = 0; i < 8; ++i) cold_pilot.push_back(cold(false));
    cold_pilot.erase(cold_pilot.begin(), cold_pilot.begin() + 3);  // caches settling
    // Enough launches per graph that a replay lasts about 200 us.
    const double launch_s = summarize(cold_pilot).median;
    const int per_graph = std::clamp(int(200e-6 / std::max(launch_s, 1e-7)), 1,
                                     o_.hot_launches_per_graph);
    const std::string base = e.id() + "/" + c.spec.name;
    GbenchDriver driver;
    c.hot_unavailable = sampler.prepare_hot(per_graph);
    if (c.hot_unavailable.empty()) {
      std::vector<double> hot_pilot;
      for (int i = 0; i < 5; ++i) hot_pilot.push_back(sampler.hot());
      driver.add(base + "/hot", planned_samples(hot_pilot, o_.hot_rule),
                 [&](bool) { return sampler.hot(); }, &c.hot_s);
    }
    taken = 0;  // the series starts on the first allocation
    // At least 8 samples of every allocation.
    const int cold_n = std::max(planned_samples(cold_pilot, o_.cold_rule), 8 * int(samplers.size()));
    driver.add(base + "/cold", cold_n, [&](bool poison_first) { return cold(poison_first); }, &c.cold_s);
    driver.run(gbench);
    c.recheck = check_output(*executors[last], ref);
  }

  // --paired: every passed, timed case of e that its prediction covers
  // sampled again in turns with the same case of the prediction's baseline.
  // A case that cannot be paired keeps the ratio of its two series, with a
  // warning.
  void add_paired(const Experiment& e, ExperimentOutcome& out, const std::vector<ExperimentOutcome>& done) {
    const Prediction& p = e.prediction_value;
    if (!p.has_baseline()) return;
    const ExperimentOutcome* base = outcome_in(done)(p.baseline);
    if (!base) return;
    for (CaseOutcome& c : out.cases) {
      const CaseOutcome* theirs = base->find(c.spec.name);
      if (c.status != CaseStatus::Passed || !c.timed() || !theirs || !theirs->timed()) continue;
      if (!p.cases.empty() && std::find(p.cases.begin(), p.cases.end(), c.spec.name) == p.cases.end()) continue;
      try {
        c.paired = pair(*base->experiment, e, c.spec,
                        summarize(theirs->cold_s).median + summarize(c.cold_s).median, o_.allocations);
        spdlog::info("{:<60} paired with {}: {:.3f}x [{:.3f}, {:.3f}] over {} rounds", e.id() + " " + c.spec.name,
                     p.baseline, c.paired->speedup.mid, c.paired->speedup.low, c.paired->speedup.high,
                     c.paired->rounds);
      } catch (const std::exception& err) {
        spdlog::warn("{} {}: not paired with {}: {}", e.id(), c.spec.name, p.baseline, err.what());
      }
    }
    settle(*base, e, out, done);
  }

  // Where the verdict would be INCONCLUSIVE with the bar inside a case's
  // interval, that case is paired again over o_.settle_allocations (as many
  // as fit in half the free device memory), and the verdict rests on it; if
  // that fails, the first pairing stands.
  void settle(const ExperimentOutcome& base, const Experiment& e, ExperimentOutcome& out,
              const std::vector<ExperimentOutcome>& done) {
    if (o_.settle_allocations <= o_.allocations) return;
    for (const std::string& name : cases_on_the_bar(out, outcome_in(done))) {
      CaseOutcome& c = *std::find_if(out.cases.begin(), out.cases.end(),
                                     [&](const CaseOutcome& x) { return x.spec.name == name; });
      const int k = allocations_that_fit(e, c.spec, o_.settle_allocations);
      if (k <= c.paired->allocations) continue;
      try {
        const double both_s = summarize(base.find(name)->cold_s).median + summarize(c.cold_s).median;
        c.paired = pair(*base.experiment, e, c.spec, both_s, k);
        spdlog::info("{:<60} on the bar, paired again over {} allocations: {:.3f}x [{:.3f}, {:.3f}]",
                     e.id() + " " + name, k, c.paired->speedup.mid, c.paired->speedup.low, c.paired->speedup.high);
      } catch (const std::exception& err) {
        spdlog::warn("{} {}: not paired again over {} allocations ({}); the pairing over {} stands", e.id(), name, k,
                     err.what(), c.paired->allocations);
      }
    }
  }

  // Up to `wanted` allocations of each of two versions of this case that
  // fit in half the device memory free now (one allocation's buffers as
  // this version's executor has them); on the CPU, `wanted`.
  int allocations_that_fit(const Experiment& e, const CaseSpec& spec, int wanted) {
    if (!cuda_) return wanted;
    std::size_t one = 0;
    {
      const auto probe = make_executor(e, reference(spec).file);
      for (const auto& b : probe->device_buffers()) one += b.second;
    }
    std::size_t free_bytes = 0, total_bytes = 0;
    if (one == 0 || cudaMemGetInfo(&free_bytes, &total_bytes) != cudaSuccess) return wanted;
    return int(std::min<std::size_t>(wanted, free_bytes / 2 / (2 * one)));
  }

  // Rounds of one cold sample of each of k allocations of `base` and `e` (each
  // checked first), in the order b0 e0 b1 e1 ... rotated by one each round,
  // as many as fit the cold budget (30 to 2000); per round, the mean over
  // base's allocations over the mean over e's.
  CaseOutcome::Paired pair(const Experiment& base, const Experiment& e, const CaseSpec& spec, double both_s,
                           int k) {
    const CaseReference& ref = reference(spec);
    std::vector<std::unique_ptr<Executor>> executors;
    std::vector<std::unique_ptr<Sampler>> samplers;  // base's k, then e's k
    for (const Experiment* x : {&base, &e})
      for (int i = 0; i < k; ++i) {
        executors.push_back(make_executor(*x, ref.file));
        Executor& ex = *executors.back();
        ex.poison(stream_);
        ex.launch(stream_);
        if (!check_output(ex, ref).pass)
          throw std::runtime_error(x->id() + " fails its check on allocation " + std::to_string(i + 1));
        samplers.push_back(std::make_unique<Sampler>(ex, stream_, cuda_));
        const std::string no_cold = samplers.back()->prepare_cold();
        if (!no_cold.empty()) throw std::runtime_error(no_cold);
      }
    // Besides its launch, each cold sample replays the flush twice behind the
    // hold: budgeted at 0.1 ms a sample (an estimate), two samples a pair.
    const double round_s = k * (both_s + (cuda_ ? 2e-4 : 0.0));
    const int rounds = std::clamp(int(o_.cold_rule.budget_s / std::max(round_s, 1e-9)), 30, 2000);
    std::vector<double> speedup;
    speedup.reserve(rounds);
    std::vector<std::vector<double>> samples(2 * k);  // each allocation's, base's k then e's k
    for (auto& s : samples) s.reserve(rounds);
    for (int r = 0; r < rounds; ++r) {
      double t_base = 0, t_e = 0;
      for (int i = 0; i < 2 * k; ++i) {
        const int slot = (i + r) % (2 * k);  // in b0 e0 b1 e1 ...
        const bool is_e = slot % 2 == 1;
        const int sampler = (is_e ? k : 0) + slot / 2;
        const double t = samplers[sampler]->cold(false);
        samples[sampler].push_back(t);
        (is_e ? t_e : t_base) += t;
      }
      speedup.push_back(t_base / t_e);
    }
    std::vector<double> per_allocation;
    for (int i = 0; i < k; ++i) per_allocation.push_back(summarize(samples[i]).median / summarize(samples[k + i]).median);
    return {base.id(), rounds, k, bootstrap_median(speedup), per_allocation};
  }

  void log_case(const std::string& label, const CaseOutcome& c) {
    std::string timing;
    if (c.timed()) {
      const Stats s = summarize(c.cold_s);
      char buf[96];
      std::snprintf(buf, sizeof buf, ", cold %.2f us (n %lld)", s.median * 1e6,
                    static_cast<long long>(s.n));
      timing = buf;
    }
    if (c.status == CaseStatus::Passed) spdlog::info("{:<60} {}{}", label, c.check->summary(), timing);
    else spdlog::warn("{:<60} {}{}{}", label, c.check->summary(), timing,
                      c.recheck && !c.recheck->pass ? " (recheck of a later launch FAILED)" : "");
  }

  RunOptions o_;
  bool cuda_;
  cudaStream_t stream_;
  std::map<std::string, CasesFile> cases_;
  std::map<std::string, CaseReference> refs_;
};

}  // namespace

RunOptions quick(RunOptions o) {
  o.cold_rule.budget_s = 0.2;
  o.cold_rule.target_rse = 0.02;
  o.hot_rule.budget_s = 0.1;
  o.hot_rule.target_rse = 0.02;
  return o;
}

RunResult run_experiments(std::vector<const Experiment*> experiments, const RunOptions& options) {
  RunResult result;
  const bool cuda = experiments.front()->backend_value == Backend::Cuda;
  for (const Experiment* e : experiments)
    if ((e->backend_value == Backend::Cuda) != cuda)
      throw std::runtime_error("cannot mix CPU and CUDA experiments in one run (" + e->id() +
                               "). Fix: run them separately");
  result.backend = cuda ? "cuda" : "cpu";
  char host[128] = {};
  gethostname(host, sizeof host - 1);
  result.environment = {{"host", host}};
  if (cuda) {
    result.environment["gpu"] = to_json(read_gpu_environment());
    result.environment["clock_start"] = read_clock_state();
  }
  if (cuda && options.time) {
    spdlog::info("measuring ceilings (cold 1 GiB copy, FP32 FMA rate)");
    const Ceilings c = measure_ceilings();
    result.ceilings = to_json(c);
    spdlog::info("copy {:.0f} GB/s, FP32 {:.1f} TFLOP/s", c.copy_bytes_per_s * 1e-9,
                 c.fp32_flop_per_s * 1e-12);
  }
  Engine engine(options, cuda);
  // Baselines matter for verdicts, so only a timed run adds them.
  if (options.time)
    experiments = order_with_baselines(experiments, [](const std::string& id) { return Registry::global().find(id); });
  if (options.only_pairs)  // a shard: its plan already holds each version's baseline beside it
    experiments.erase(std::remove_if(experiments.begin(), experiments.end(),
                                     [&](const Experiment* e) {
                                       for (const auto& pair : *options.only_pairs)
                                         if (pair.first == e->id()) return false;
                                       return true;
                                     }),
                      experiments.end());
  for (const Experiment* e : experiments)
    result.outcomes.push_back(engine.run(*e, result.outcomes));
  if (cuda) result.environment["clock_end"] = read_clock_state();
  result.fatal = engine.fatal;
  result.stopped = engine.stopped;
  return result;
}

}  // namespace fuselab
