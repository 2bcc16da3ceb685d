// Probe: where the time of a split-D pipeline goes, block by block. The
// three launches of attention v082, v089, v090, v092, v094, v097-v104 or v107-v109 (phase 1:
// partial scores; phase 2: the row softmax; phase 3: P V; each later launch
// programmatic), through v050::launch_planned, or the two of v093, v095 or
// v096 (phase 2 in phase 3's blocks), through v093's launch_with, or the two
// of v111 (phase 2 in phase 1's blocks, after a head barrier), run with
// stamping policies on 1x4x64xD (D = 16384 unless given): %globaltimer
// stamps taken by thread 0 of every block:
//   phase 1  begin, end (partials stored; v089: V
//            sent to L2 first)                     its Out policy;
//   phase 2  waited (phase 1 complete), end        its RowHooks (v092: V sent
//                                                  to L2 after the wait;
//                                                  v093, v095, v096: rows
//                                                  stored, by phase 3's
//                                                  blocks; v111: head
//                                                  barrier passed and rows
//                                                  stored, by phase 1's);
//   phase 3  start, P waited (phase 2 complete), P in shared memory, V of
//            step 0 and step 1 landed, done (last stores issued)
//                                                  its PSource (v028's marks;
//                                                  v090: V by bulk copies;
//                                                  v101: V in windows).
// Each sample is one ColdTimer sample (L2 flushed by a write, as every
// experiment is timed); the stamps of its timed launch are read back after
// it. For each event the table gives the earliest, median and latest block,
// in µs after the earliest phase-1 begin, each the median over the samples.
// Also printed: the cold median of the stamped pipeline and of the version
// itself (what the stamps cost), whether their outputs agree bit for bit
// (and their largest difference), and the timer's resolution.
// v082-uniform-p is v082's pipeline with phase 3's P made in shared memory
// (P = 1/64, fuselab::probes::UniformHalfSplitP) instead of read: P off
// phase 3's chain, as the phase-3 traffic probe's row of that name. Its
// output differs from v082's by design (the probe then exits 1).
// With `once D VERSION`, nothing is stamped or timed: for a profiler that
// leaves the caches as the program leaves them (ncu --cache-control none
// --replay-mode application), the version runs once after the timer's flush
// (dirty, as timed), then once after the flush and a read R of twice the L2
// size that replaces the flush's dirty lines with clean ones (clean), so
// that each launch's DRAM write counter says whose lines went back.
//   fuselab_probe_split_d_timeline [D] [samples] [v082|v089|v090|v092|v093|v094|v095|v096|v097|v098|v099|v100|v101|v102|v103|v104|v107|v108|v109|v111|v082-uniform-p]
//   fuselab_probe_split_d_timeline once D VERSION
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <type_traits>
#include <vector>

#include "harness/gpu/cold_timer.h"
#include "harness/gpu/device_buffer.h"
#include "harness/probes/probe_timing.cuh"
#include "harness/probes/uniform_p.cuh"
#include "kernels/attention/v002_split_d.cuh"
#include "kernels/attention/v020_wgmma_row_loads.cuh"
#include "kernels/attention/v028_wgmma_v_two_ahead.cuh"
#include "kernels/attention/v030_tf32_mask_split.cuh"
#include "kernels/attention/v050_early_triggers.cuh"
#include "kernels/attention/v081_phase1_fp16_split.cuh"
#include "kernels/attention/v082_pv_fp16_split.cuh"
#include "kernels/attention/v089_v_to_l2_as_phase1_ends.cuh"
#include "kernels/attention/v090_v_by_bulk_copies.cuh"
#include "kernels/attention/v092_v_to_l2_after_phase1.cuh"
#include "kernels/attention/v093_softmax_in_phase3.cuh"
#include "kernels/attention/v094_p_before_v.cuh"
#include "kernels/attention/v095_softmax_in_phase3_p_before_v.cuh"
#include "kernels/attention/v096_no_hot_lines.cuh"
#include "kernels/attention/v097_phase1_pooled_tail.cuh"
#include "kernels/attention/v098_p_loads_before_v.cuh"
#include "kernels/attention/v099_v_after_every_p.cuh"
#include "kernels/attention/v100_p_copies_then_v.cuh"
#include "kernels/attention/v101_v_in_windows.cuh"
#include "kernels/attention/v102_p_loads_then_barrier.cuh"
#include "kernels/attention/v103_p_by_async_copies.cuh"
#include "kernels/attention/v104_p_copies_then_barrier.cuh"
#include "kernels/attention/v107_products_by_key_halves.cuh"
#include "kernels/attention/v108_v_to_l2_beside_phase2.cuh"
#include "kernels/attention/v109_o_by_bulk_copies.cuh"
#include "kernels/attention/v111_softmax_in_phase1.cuh"
#include "kernels/common/cuda_check.h"

namespace {

using fuselab::kernels::AttentionProblem;
namespace att = fuselab::kernels::attention;
using att::v002::kS;

enum Event : int {
  kP1Begin, kP1End, kP2Waited, kP2End, kP3Start, kP3Done, kP3Landed0, kP3Landed1, kP3PWaited, kP3PReady, kEvents
};
constexpr const char* kEventNames[kEvents] = {
    "phase 1 begin", "phase 1 end (partials stored)", "phase 2 waited (phase 1 complete)", "phase 2 end",
    "phase 3 start",  "phase 3 done (last stores issued)", "phase 3 step 0 V landed", "phase 3 step 1 V landed",
    "phase 3 P waited (phase 2 complete)", "phase 3 P in shared memory"};
constexpr int kMaxBlocks = 1024;  // per event
static_assert(att::v028::kMarkStart == kP3Start - kP3Start && att::v028::kMarkDone == kP3Done - kP3Start &&
                  att::v028::kMarkLanded == kP3Landed0 - kP3Start,
              "v028's marks map onto the events in order");

__device__ std::uint64_t* g_stamps;  // [kEvents][kMaxBlocks], 0 where no block stamped

__device__ __forceinline__ std::uint64_t globaltimer() {
  std::uint64_t t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// Thread 0 of the block stamps event e.
__device__ __forceinline__ void stamp(int e) {
  if (threadIdx.x == 0 && threadIdx.y == 0) {
    const int block = blockIdx.x + gridDim.x * blockIdx.y;
    if (block < kMaxBlocks) g_stamps[e * kMaxBlocks + block] = globaltimer();
  }
}

// Out: the version's phase-1 Out (v082: v050's; v089: VToL2Out).
template <class Out>
struct StampedPartialsOut : Out {
  __device__ static void begin() {
    stamp(kP1Begin);
    Out::begin();
  }
  __device__ static void store(const AttentionProblem& p, const float (&acc)[32], float* smem, float* part, int bh,
                               int chunk, int chunks) {
    Out::store(p, acc, smem, part, bh, chunk, chunks);
    stamp(kP1End);
  }
};

// The version's phase-2 hooks (v050::NoRowHooks; v092: VToL2), stamped.
template <class RowHooks>
struct StampedRowHooks {
  __device__ static void waited(const AttentionProblem& p, int i, int bh) {
    stamp(kP2Waited);
    RowHooks::waited(p, i, bh);
  }
  __device__ static void done(const AttentionProblem& p, const float* part, int chunks, int i, int bh) {
    RowHooks::done(p, part, chunks, i, bh);
    stamp(kP2End);
  }
};

// v028's marks of a phase-3 source, stamped.
struct StampedMarks {
  __device__ static void mark(int event) {
    if (kP3Start + event <= kP3Landed1) stamp(kP3Start + event);  // steps past the second are not stamped
  }
};

// Phase 3's source (v082's; v094's), stamped: P's events, and v028's marks.
template <class Base>
struct StampedP : Base, StampedMarks {
  using StampedMarks::mark;
  template <class Arg>
  __device__ static void put(const AttentionProblem& p, const Arg& P, int bh, float* pbig) {
    stamp(kP3PWaited);
    Base::put(p, P, bh, pbig);
    stamp(kP3PReady);
  }
};

// v098's source: P waited as its loads go out (ahead of V), P in shared
// memory once it is split there.
template <class Base>
struct StampedFetched : Base, StampedMarks {
  using StampedMarks::mark;
  using Fetched = typename Base::Fetched;
  __device__ static Fetched fetch(const AttentionProblem& p, const float* P, int bh) {
    stamp(kP3PWaited);
    return Base::fetch(p, P, bh);
  }
  __device__ static void store(const AttentionProblem& p, const Fetched& f, float* pbig) {
    Base::store(p, f, pbig);
    stamp(kP3PReady);
  }
};

// v093's, v095's and v096's sources: phase 2's events as their rows are taken, and
// StampedP's.
template <class Base>
struct StampedRows : StampedP<Base> {
  using Rows = typename Base::Rows;
  __device__ static void load_rows(const AttentionProblem& p, const att::v093::Pieces& a, int bh, Rows& rows) {
    stamp(kP2Waited);
    Base::load_rows(p, a, bh, rows);
  }
  __device__ static void finish_rows(const AttentionProblem& p, const att::v093::Pieces& a, int bh,
                                     const Rows& rows) {
    Base::store_rows(p, a, bh, rows);
    stamp(kP2End);
    Base::head_barrier(a, bh);
  }
};

// v111's phase-1 Out (v111::RowsAfterHeadBarrierOut's steps), stamped
// between its steps: partials stored, head barrier passed (phase 2 waited),
// rows stored (phase 2 end).
struct StampedRowsAfterHeadBarrier : att::v050::TriggeredPartialsOut {
  __device__ static void begin() {
    stamp(kP1Begin);
    att::v050::TriggeredPartialsOut::begin();
  }
  __device__ static void store(const AttentionProblem& p, const float (&acc)[32], float* smem, float* part, int bh,
                               int chunk, int chunks) {
    att::v017::PartialsOut::store(p, acc, smem, part, bh, chunk, chunks);
    stamp(kP1End);
    fuselab::kernels::counting_barrier(att::v111::head_words(p, part, chunks) + bh, unsigned(chunks), chunk == 0);
    stamp(kP2Waited);
    float* P = part + att::v002::part_bytes(p, chunks) / sizeof(float);
    for (int i = chunk; i < p.Sq; i += chunks)
      att::v014::softmax_row<att::v029::kInFlight, true>(p, part, chunks, P, i, bh, threadIdx.x % kS, threadIdx.x / kS);
    stamp(kP2End);
  }
};

// v111's two launches (its launch_with where every phase-1 block is
// resident, which main()'s shape makes so), stamped.
void launch_v111_stamped(const AttentionProblem& p, const att::v002::Plan& pl, void* workspace, cudaStream_t s) {
  using PSource = StampedFetched<att::v103::CopiedHalfSplitOfP>;
  const att::v013::Buffers buf = att::v017::launch_phase1_kernel<att::v081::HalfCores64>(
      att::v050::kPhase1<att::v002::NoPe, att::v020::RowQkSubTiles, 1, att::v081::HalfCores64,
                         StampedRowsAfterHeadBarrier>,
      p, att::v002::NoPe{}, pl, workspace, s);
  att::v028::launch_pv<att::v030::kSplit, true, false, PSource, true>(p, pl, buf.P, s);
}

// v106 (every kernel at the largest carveout) is not here: its stamped
// phase-3 kernel (v028's pv_kernel on StampedFetched<v106::MaxSharedP>)
// failed cudaFuncSetAttribute with cudaErrorInvalidResourceHandle in calls
// 2347Z and 2359Z, whichever way its address was spelled; the cause was not
// found. v107 runs v106's first two phases and carveouts.
// Whose phase-3 kernel launch_stamped runs: v028's pv_kernel (v082 and most
// others), v090's (V by bulk copies), v101's (V in windows) or v109's (O by
// bulk copies).
enum class Phase3 { kV028, kBulk, kWindows, kBulkO };

// v050::launch_planned as v082, v089, v090, v092, v094 and v097-v104 call it (v107 and v108: their own launchers), with
// stamped policies (at D >= 8192 it takes the triggered softmax and the
// wgmma phase 3: main() refuses other D).
template <class Out, Phase3 kPhase3 = Phase3::kV028, class RowHooks = att::v050::NoRowHooks,
          class Source = att::v082::CoherentHalfSplitOfP>
void launch_stamped(const AttentionProblem& p, const att::v002::Plan& pl, void* workspace, cudaStream_t s) {
  using PSource = std::conditional_t<att::v028::FetchesP<Source>::value, StampedFetched<Source>, StampedP<Source>>;
  constexpr att::v050::PvLauncher kLaunchPv = [] {  // only the one taken is instantiated
    if constexpr (kPhase3 == Phase3::kBulk) return &att::v090::launch_pv<PSource>;
    else if constexpr (kPhase3 == Phase3::kWindows) return &att::v101::launch_pv<PSource>;
    else if constexpr (kPhase3 == Phase3::kBulkO) return &att::v109::launch_pv<PSource>;
    else return &att::v028::launch_pv<att::v030::kSplit, true, false, PSource, true>;
  }();
  att::v050::launch_planned<att::v002::NoPe, att::v020::RowQkSubTiles, 1, att::v081::HalfCores64, PSource,
                            StampedPartialsOut<Out>, kLaunchPv, StampedRowHooks<RowHooks>>(p, att::v002::NoPe{}, pl,
                                                                                           workspace, s);
}

__global__ void hash_fill(float* x, std::size_t n, unsigned salt) {
  for (std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; i < n;
       i += std::size_t(gridDim.x) * blockDim.x)
    x[i] = float((unsigned(i) * 2654435761u + salt) % 2001u) * 1e-3f - 1.f;
}

// The smallest step by which %globaltimer advances, ns.
__global__ void timer_step(std::uint64_t* out) {
  std::uint64_t best = ~0ull, last = globaltimer();
  for (int seen = 0; seen < 64;) {
    const std::uint64_t t = globaltimer();
    if (t != last) {
      best = t - last < best ? t - last : best;
      last = t;
      ++seen;
    }
  }
  *out = best;
}

double median_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  const bool once = argc > 1 && std::string(argv[1]) == "once";
  const int first = once ? 2 : 1;  // where D is
  const int D = argc > first ? std::atoi(argv[first]) : 16384;
  const int samples = once ? 1 : argc > 2 ? std::atoi(argv[2]) : 31;
  const int at_version = first + (once ? 1 : 2);
  const std::string version = argc > at_version ? argv[at_version] : "v082";
  const std::vector<std::string> known = {"v082", "v089", "v090", "v092", "v093", "v094", "v095", "v096", "v097", "v098", "v099", "v100", "v101", "v102", "v103", "v104", "v107", "v108", "v109", "v111", "v082-uniform-p"};
  if (D < 8192 || D % 128 != 0 || samples < 1 || std::find(known.begin(), known.end(), version) == known.end()) {
    std::fprintf(stderr,
                 "split_d_timeline: D must be a multiple of 128 and at least 8192 (where v082 takes the triggered "
                 "softmax and the wgmma phase 3), samples at least 1, the version v082, v089, v090, v092 or "
                 "v093-v104, v107-v109, v111, or v082-uniform-p (got D %d, samples %d, version %s)\n",
                 D, samples, version.c_str());
    return 2;
  }
  const bool v089 = version == "v089", v090 = version == "v090", v092 = version == "v092", v093 = version == "v093",
             v094 = version == "v094", v095 = version == "v095", v096 = version == "v096",
             v097 = version == "v097", v098 = version == "v098",
             v099 = version == "v099", v100 = version == "v100", v101 = version == "v101",
             v102 = version == "v102", v103 = version == "v103",
             v104 = version == "v104",
             v107 = version == "v107", v108 = version == "v108",
             v109 = version == "v109", v111 = version == "v111", uniform_p = version == "v082-uniform-p";
  AttentionProblem p;
  p.B = 1, p.Hq = 4, p.Hkv = 4, p.Sq = 64, p.Sk = 64, p.D = D;
  p.scale = 1.f / std::sqrt(float(D));
  const std::size_t n = std::size_t(p.B) * p.Hq * p.Sq * D;
  fuselab::DeviceBuffer q(n * sizeof(float)), k(n * sizeof(float)), v(n * sizeof(float)), o(n * sizeof(float)),
      o_ref(n * sizeof(float)), stamps(sizeof(std::uint64_t) * kEvents * kMaxBlocks),
      step(sizeof(std::uint64_t));
  const std::size_t ws_bytes =  // every version's
      std::max({att::v096::workspace_bytes(p), att::v097::workspace_bytes(p), att::v099::workspace_bytes(p),
                att::v100::workspace_bytes(p), att::v111::workspace_bytes(p)});
  fuselab::DeviceBuffer ws(ws_bytes), ws_ref(ws_bytes);
  FUSELAB_CUDA_CHECK(cudaMemset(ws.get(), 0, ws_bytes));  // v097's pool counts start at zero, as the harness's do
  FUSELAB_CUDA_CHECK(cudaMemset(ws_ref.get(), 0, ws_bytes));
  p.q = q.get<float>(), p.k = k.get<float>(), p.v = v.get<float>();
  int sms = 0;
  FUSELAB_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  cudaStream_t stream{};
  FUSELAB_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  hash_fill<<<sms * 4, 512, 0, stream>>>(q.get<float>(), n, 1u);
  hash_fill<<<sms * 4, 512, 0, stream>>>(k.get<float>(), n, 2u);
  hash_fill<<<sms * 4, 512, 0, stream>>>(v.get<float>(), n, 3u);
  timer_step<<<1, 1, 0, stream>>>(step.get<std::uint64_t>());
  std::uint64_t* stamps_ptr = stamps.get<std::uint64_t>();
  FUSELAB_CUDA_CHECK(cudaMemcpyToSymbolAsync(g_stamps, &stamps_ptr, sizeof stamps_ptr, 0,
                                             cudaMemcpyHostToDevice, stream));
  FUSELAB_CUDA_CHECK(cudaStreamSynchronize(stream));
  std::uint64_t step_ns = 0;
  FUSELAB_CUDA_CHECK(cudaMemcpy(&step_ns, step.get(), sizeof step_ns, cudaMemcpyDeviceToHost));

  const att::v002::Plan pl = att::v002::make_plan<false>(p);
  AttentionProblem p_ref = p;
  p.out = o.get<float>();
  p_ref.out = o_ref.get<float>();
  const fuselab::LaunchFn stamped = [&](cudaStream_t s) {
    if (v089) launch_stamped<att::v089::VToL2Out>(p, pl, ws.get(), s);
    else if (v090) launch_stamped<att::v050::TriggeredPartialsOut, Phase3::kBulk>(p, pl, ws.get(), s);
    else if (v092) launch_stamped<att::v050::TriggeredPartialsOut, Phase3::kV028, att::v092::VToL2>(p, pl, ws.get(), s);
    else if (v097) launch_stamped<att::v097::PooledTailOut, Phase3::kV028, att::v097::EmptyPool>(p, pl, ws.get(), s);
    else if (v098)
      launch_stamped<att::v050::TriggeredPartialsOut, Phase3::kV028, att::v050::NoRowHooks, att::v098::FetchedHalfSplitOfP>(
          p, pl, ws.get(), s);
    else if (v094)
      launch_stamped<att::v050::TriggeredPartialsOut, Phase3::kV028, att::v050::NoRowHooks, att::v094::HalfSplitOfPThenV>(
          p, pl, ws.get(), s);
    else if (v099)
      launch_stamped<att::v050::TriggeredPartialsOut, Phase3::kV028, att::v050::NoRowHooks,
                     att::v099::HalfSplitOfPThenBarrier>(p, pl, ws.get(), s);
    else if (v101)
      launch_stamped<att::v050::TriggeredPartialsOut, Phase3::kWindows, att::v050::NoRowHooks,
                     att::v098::FetchedHalfSplitOfP>(p, pl, ws.get(), s);
    else if (v102)
      launch_stamped<att::v050::TriggeredPartialsOut, Phase3::kV028, att::v050::NoRowHooks,
                     att::v102::FetchedThenBarrier>(p, pl, ws.get(), s);
    else if (v103)
      launch_stamped<att::v050::TriggeredPartialsOut, Phase3::kV028, att::v050::NoRowHooks,
                     att::v103::CopiedHalfSplitOfP>(p, pl, ws.get(), s);
    else if (v104)
      launch_stamped<att::v050::TriggeredPartialsOut, Phase3::kV028, att::v050::NoRowHooks,
                     att::v104::CopiedThenBarrier>(p, pl, ws.get(), s);
    else if (v107)  // its phase 3 kernel (products by key halves), the same policies
      att::v106::launch_planned<att::v002::NoPe, att::v020::RowQkSubTiles, StampedPartialsOut<att::v106::MaxSharedOut>,
                                StampedRowHooks<att::v106::MaxSharedRows>, StampedFetched<att::v107::CopiedP>,
                                &att::v107::launch_pv<StampedFetched<att::v107::CopiedP>>>(p, att::v002::NoPe{}, pl,
                                                                                          ws.get(), s);
    else if (v108)  // v103's phase-1 Out and P source, v106's rows, v108's launcher and phase-3 kernel
      att::v108::launch_planned<att::v002::NoPe, att::v020::RowQkSubTiles,
                                StampedPartialsOut<att::v050::TriggeredPartialsOut>,
                                StampedRowHooks<att::v106::MaxSharedRows>,
                                StampedFetched<att::v103::CopiedHalfSplitOfP>>(p, att::v002::NoPe{}, pl, ws.get(), s);
    else if (v109)
      launch_stamped<att::v050::TriggeredPartialsOut, Phase3::kBulkO, att::v050::NoRowHooks,
                     att::v103::CopiedHalfSplitOfP>(p, pl, ws.get(), s);
    else if (v111)
      launch_v111_stamped(p, pl, ws.get(), s);
    else if (uniform_p)
      launch_stamped<att::v050::TriggeredPartialsOut, Phase3::kV028, att::v050::NoRowHooks,
                     fuselab::probes::UniformHalfSplitP>(p, pl, ws.get(), s);
    else if (v100)
      launch_stamped<att::v050::TriggeredPartialsOut, Phase3::kV028, att::v100::CopyRowOfP,
                     att::v100::CopiedHalfSplitOfPThenBarrier>(p, pl, ws.get(), s);
    else if (v093)
      att::v093::launch_with<att::v002::NoPe, att::v020::RowQkSubTiles,
                             StampedPartialsOut<att::v050::TriggeredPartialsOut>,
                             StampedRows<att::v093::SoftmaxRowsThenP>>(p, att::v002::NoPe{}, ws.get(), s);
    else if (v095)
      att::v093::launch_with<att::v002::NoPe, att::v020::RowQkSubTiles,
                             StampedPartialsOut<att::v050::TriggeredPartialsOut>,
                             StampedRows<att::v095::SoftmaxRowsThenPThenV>>(p, att::v002::NoPe{}, ws.get(), s);
    else if (v096)
      att::v093::launch_with<att::v002::NoPe, att::v020::RowQkSubTiles,
                             StampedPartialsOut<att::v050::TriggeredPartialsOut>, StampedRows<att::v096::Source>>(
          p, att::v002::NoPe{}, ws.get(), s);
    else launch_stamped<att::v050::TriggeredPartialsOut>(p, pl, ws.get(), s);
  };
  const fuselab::LaunchFn plain = [&](cudaStream_t s) {
    if (v089) att::v089::launch(p_ref, ws_ref.get(), s);
    else if (v090) att::v090::launch(p_ref, ws_ref.get(), s);
    else if (v092) att::v092::launch(p_ref, ws_ref.get(), s);
    else if (v093) att::v093::launch(p_ref, ws_ref.get(), s);
    else if (v094) att::v094::launch(p_ref, ws_ref.get(), s);
    else if (v095) att::v095::launch(p_ref, ws_ref.get(), s);
    else if (v096) att::v096::launch(p_ref, ws_ref.get(), s);
    else if (v097) att::v097::launch(p_ref, ws_ref.get(), s);
    else if (v098) att::v098::launch(p_ref, ws_ref.get(), s);
    else if (v099) att::v099::launch(p_ref, ws_ref.get(), s);
    else if (v100) att::v100::launch(p_ref, ws_ref.get(), s);
    else if (v101) att::v101::launch(p_ref, ws_ref.get(), s);
    else if (v102) att::v102::launch(p_ref, ws_ref.get(), s);
    else if (v103) att::v103::launch(p_ref, ws_ref.get(), s);
    else if (v104) att::v104::launch(p_ref, ws_ref.get(), s);
    else if (v107) att::v107::launch(p_ref, ws_ref.get(), s);
    else if (v108) att::v108::launch(p_ref, ws_ref.get(), s);
    else if (v109) att::v109::launch(p_ref, ws_ref.get(), s);
    else if (v111) att::v111::launch(p_ref, ws_ref.get(), s);
    else att::v082::launch(p_ref, ws_ref.get(), s);
  };

  if (once) {
    int device = 0, l2 = 0;
    FUSELAB_CUDA_CHECK(cudaGetDevice(&device));
    FUSELAB_CUDA_CHECK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device));
    fuselab::DeviceBuffer r(2 * std::size_t(l2)), sink(sizeof(float));
    fuselab::probes::fill<<<sms * 4, 512, 0, stream>>>(r.get<float>(), r.bytes() / sizeof(float));
    const fuselab::ColdTimer timer(stream, [&](cudaStream_t s) {  // for its flush; its launch does nothing
      hash_fill<<<1, 32, 0, s>>>(o.get<float>(), 0, 0u);
      FUSELAB_LAUNCH_CHECK();
    });
    timer.flush(stream);
    plain(stream);  // dirty: as timed
    timer.flush(stream);
    fuselab::probes::read_all<<<sms * 8, 512, 0, stream>>>(r.get<float4>(), r.bytes() / sizeof(float4),
                                                           sink.get<float>());
    FUSELAB_LAUNCH_CHECK();
    plain(stream);  // clean
    FUSELAB_CUDA_CHECK(cudaStreamSynchronize(stream));
    std::printf("ran attention %s at 1x4x64x%d once after the flush, then once after the flush and R\n",
                version.c_str(), D);
    FUSELAB_CUDA_CHECK(cudaStreamDestroy(stream));
    return 0;
  }

  std::vector<std::vector<double>> earliest(kEvents), middle(kEvents), latest(kEvents);
  std::vector<double> times;
  std::vector<std::uint64_t> host(std::size_t(kEvents) * kMaxBlocks);
  fuselab::ColdTimer timer(stream, stamped);
  timer.warm_up();
  for (int i = 0; i < samples; ++i) {
    FUSELAB_CUDA_CHECK(cudaMemsetAsync(stamps.get(), 0, stamps.bytes(), stream));
    times.push_back(timer.sample() * 1e6);
    FUSELAB_CUDA_CHECK(cudaMemcpy(host.data(), stamps.get(), stamps.bytes(), cudaMemcpyDeviceToHost));
    std::uint64_t t0 = ~0ull;
    for (int b = 0; b < kMaxBlocks; ++b)
      if (host[kP1Begin * kMaxBlocks + b]) t0 = std::min(t0, host[kP1Begin * kMaxBlocks + b]);
    for (int e = 0; e < kEvents; ++e) {
      std::vector<double> at;
      for (int b = 0; b < kMaxBlocks; ++b)
        if (const std::uint64_t t = host[std::size_t(e) * kMaxBlocks + b]) at.push_back(double(t - t0) * 1e-3);
      if (at.empty()) continue;
      std::sort(at.begin(), at.end());
      earliest[e].push_back(at.front());
      middle[e].push_back(at[at.size() / 2]);
      latest[e].push_back(at.back());
    }
  }
  const double plain_us = fuselab::probes::cold_median_us(stream, plain);
  FUSELAB_CUDA_CHECK(cudaStreamSynchronize(stream));
  std::vector<float> a(n), b(n);
  FUSELAB_CUDA_CHECK(cudaMemcpy(a.data(), o.get(), n * sizeof(float), cudaMemcpyDeviceToHost));
  FUSELAB_CUDA_CHECK(cudaMemcpy(b.data(), o_ref.get(), n * sizeof(float), cudaMemcpyDeviceToHost));
  const bool same = std::equal(a.begin(), a.end(), b.begin(),
                               [](float x, float y) { return std::memcmp(&x, &y, sizeof x) == 0; });
  float largest = 0.f;  // v097's partials are sums in an order that varies: they agree to rounding
  for (std::size_t i = 0; i < n; ++i) largest = std::max(largest, std::fabs(a[i] - b[i]));

  std::printf("1x4x64x%d, attention %s's pipeline; %d cold samples; %%globaltimer step %llu ns\n", D,
              version.c_str(), samples, static_cast<unsigned long long>(step_ns));
  std::printf("cold median: stamped %.2f us, %s itself %.2f us; outputs %s (largest difference %.3g)\n",
              median_of(times), version.c_str(), plain_us, same ? "bit-identical" : "DIFFER", largest);
  std::printf("first phase-1 begin to last phase-3 done (median): %.2f us\n\n", median_of(latest[kP3Done]));
  std::printf("| event (us after the first phase-1 begin) | earliest block | median block | latest block | blocks |\n"
              "|---|---:|---:|---:|---:|\n");
  for (int e : {kP1Begin, kP1End, kP2Waited, kP2End, kP3Start, kP3PWaited, kP3PReady, kP3Landed0, kP3Landed1,
                kP3Done}) {
    int blocks = 0;
    for (int b = 0; b < kMaxBlocks; ++b) blocks += host[std::size_t(e) * kMaxBlocks + b] != 0;
    if (earliest[e].empty()) {
      std::printf("| %s | | | | 0 |\n", kEventNames[e]);
      continue;
    }
    std::printf("| %s | %.2f | %.2f | %.2f | %d |\n", kEventNames[e], median_of(earliest[e]), median_of(middle[e]),
                median_of(latest[e]), blocks);
  }
  FUSELAB_CUDA_CHECK(cudaStreamDestroy(stream));
  return same ? 0 : 1;
}
