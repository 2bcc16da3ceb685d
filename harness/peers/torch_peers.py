#!/usr/bin/env python3
"""The PyTorch peers: what a user would run instead of our kernels, measured
with our protocol and written as a run record (DESIGN.md §8).

For every benchmark case (cases.yaml, use: benchmarks):
  attention, sinusoidal, rope   torch/sdpa_eager, torch/sdpa_compiled
      the PE by separate PyTorch ops (table added, or Q and K rotated; tables
      built once per case), then F.scaled_dot_product_attention in float32
      with TF32 off; eager, and under torch.compile (fullgraph, static shapes)
  rope_standalone               torch/rope_eager, torch/rope_compiled
      the rotation alone
  qk_norm_rope                  torch/qk_norm_rope_eager, torch/qk_norm_rope_compiled
      RMSNorm of each Q and K head (F.rms_norm where torch has it), then RoPE
      with cos/sin gathered by position from a cache built once per case
  decode                        torch/decode_sdpa_eager, torch/decode_sdpa_compiled
      q rotated at its positions (the K cache comes rotated), K/V repeated
      for GQA, then F.scaled_dot_product_attention in float32, the causal
      tail of speculative queries as a mask

Each cell is checked against the float64 reference (5e-5; a peer that misses
it is reported as failed, a result like any other), timed cold (L2 flushed,
launch latency excluded: harness/gpu/cold_timer.cu's method with CUDA graphs)
and hot (graph replay), and the record goes to --records-dir as
<UTC>-peers-<pid>.json in the schema of harness/core/run_record.cpp.

    $(scripts/find_python.sh) harness/peers/torch_peers.py [--records-dir reports/runs] [--budget-s 120]

Exit codes (as fuselab's): 0 record written; 1 record written but a cell
errored; 2 bad input (no fuselab binary, missing or corrupt reference, old
torch); 3 no CUDA GPU. Caches of torch.compile go under --cache-dir (in the
tree), nowhere else.
"""
import argparse
import fnmatch
import hashlib
import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path[:0] = [str(HERE), str(ROOT / "reference_data")]

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT, EXIT_NO_GPU = 0, 1, 2, 3
MODES = ("eager", "compiled")
FIRST_COMPILE_GUESS_S = 20.0  # before any compile was seen: imports, worker pool, first Triton build


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", type=Path, default=ROOT, help="repository root (default: this tree)")
    parser.add_argument("--records-dir", type=Path, help="where the run record goes (default: ROOT/reports/runs)")
    parser.add_argument("--references", type=Path, help="reference folder (default: ROOT/reference_data)")
    parser.add_argument("--fuselab", type=Path, help="the fuselab binary, for `cases --json` "
                        "(default: ROOT/build/harness/cli/fuselab)")
    parser.add_argument("--family", action="append", help="only this family (repeatable)")
    parser.add_argument("--case", action="append", metavar="GLOB", help="only cases whose name matches (repeatable)")
    parser.add_argument("--modes", default="eager,compiled", help="comma-separated: eager, compiled")
    parser.add_argument("--budget-s", type=float, default=120.0,
                        help="wall-clock budget of the whole run (default 120); cells that no longer fit are "
                        "recorded as not run")
    parser.add_argument("--cold-budget-s", type=float, default=0.5, help="most seconds of one cold series")
    parser.add_argument("--hot-budget-s", type=float, default=0.2, help="most seconds of one hot series")
    parser.add_argument("--cache-dir", type=Path, help="torch.compile/Triton caches (default: ROOT/build/peers-cache)")
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 1,
                        help="threads drawing the inputs of sampled-storage cases")
    args = parser.parse_args(argv)
    args.records_dir = args.records_dir or args.root / "reports" / "runs"
    args.references = args.references or args.root / "reference_data"
    args.fuselab = args.fuselab or args.root / "build" / "harness" / "cli" / "fuselab"
    args.cache_dir = (args.cache_dir or args.root / "build" / "peers-cache").resolve()
    args.modes = [m.strip() for m in args.modes.split(",") if m.strip()]
    bad = [m for m in args.modes if m not in MODES]
    if bad or not args.modes:
        parser.error(f"--modes {','.join(bad) or '(empty)'}: pick from {','.join(MODES)}")
    if args.budget_s <= 0:
        parser.error("--budget-s must be positive")
    return args


def keep_caches_in(cache_dir):
    """torch.compile, Triton and the CUDA JIT write their caches here (set before torch is imported)."""
    for variable, sub in (("TORCHINDUCTOR_CACHE_DIR", "inductor"), ("TRITON_CACHE_DIR", "triton/cache"),
                          ("TRITON_HOME", "triton"), ("CUDA_CACHE_PATH", "cuda"),
                          ("PYTORCH_KERNEL_CACHE_PATH", "torch-kernels")):
        os.environ[variable] = str(cache_dir / sub)


def say(line):
    print(line, flush=True)


def fail(code, message):
    print(f"torch_peers: {message}", file=sys.stderr, flush=True)
    return code


def source_sha256():
    """sha256 over this script and peerlib/*.py (the peers' "kernel source")."""
    digest = hashlib.sha256()
    for path in [HERE / "torch_peers.py"] + sorted((HERE / "peerlib").glob("*.py")):
        digest.update(path.read_bytes())
    return digest.hexdigest()


class Clock:
    """The run's deadline and the estimates that decide what still fits."""

    def __init__(self, budget_s):
        self.start = time.monotonic()
        self.deadline = self.start + budget_s
        self.compile_s = []

    def elapsed(self):
        return time.monotonic() - self.start

    def left(self):
        return self.deadline - time.monotonic()

    def compile_guess(self):
        return max(self.compile_s) if self.compile_s else FIRST_COMPILE_GUESS_S


def main(argv=None):
    clock = Clock(float("inf"))
    args = parse_args(argv)
    clock.deadline = clock.start + args.budget_s
    keep_caches_in(args.cache_dir)
    try:
        import torch
        import torch.nn.functional as F
    except ImportError as err:
        return fail(EXIT_BAD_INPUT, f"cannot import torch ({err}). Fix: run it with $(scripts/find_python.sh)")
    if not torch.cuda.is_available():
        return fail(EXIT_NO_GPU, f"no CUDA device visible to torch {torch.__version__} (torch.cuda.is_available() "
                    "is False): the peers are timed on a GPU. Fix: run it on the GPU machine "
                    "(scripts/device_run.sh runs it after the experiments)")
    major, minor = (int(part) for part in torch.__version__.split(".")[:2])
    if not hasattr(F, "scaled_dot_product_attention") or (major, minor) < (2, 1):
        return fail(EXIT_BAD_INPUT, f"torch {torch.__version__} has no F.scaled_dot_product_attention with scale=. "
                    "Fix: use torch >= 2.1")

    from peerlib.cases import PeerError, benchmark_cases, traffic_table, verify_reference
    from refgen.errors import RefgenError

    try:
        table = traffic_table(args.fuselab, args.root)
        benches = benchmark_cases(args.root / "experiments", table, args.family)
        if args.case:
            benches = [b for b in benches if any(fnmatch.fnmatchcase(b.case.name, p) for p in args.case)]
        if not benches:
            raise PeerError("no benchmark case selected. Fix: see `fuselab cases` for the names")
        say(f"torch_peers: {len(benches)} cases x {len(args.modes)} modes; checking the reference files")
        verified = {b.case.id: verify_reference(b.case, args.references) for b in benches}
    except (PeerError, RefgenError) as err:
        return fail(EXIT_BAD_INPUT, str(err))

    from peerlib import bench

    return bench.run(args, benches, verified, clock, source_sha256())


if __name__ == "__main__":
    sys.exit(main())
