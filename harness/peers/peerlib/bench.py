"""The GPU part of torch_peers.py: every (case, mode) cell checked and timed,
then one run record. Needs CUDA; torch_peers.py has checked that it is there.
"""
import signal
import sys
import time
import warnings

import torch
import torch.nn.functional as F

from . import check, ops, record, stats, timing
from .cases import InputCache, PeerError, load_reference

EXIT_OK, EXIT_FAILED = 0, 1
DEVICE = "cuda"  # the CPU tests run the whole flow with "cpu" and stand-in timers
HOT_LAUNCHES_MAX = 20  # as RunOptions::hot_launches_per_graph
EAGER_CELL_S = 0.5  # what an eager cell is assumed to need when the budget is planned

HYPOTHESES = {
    "attention": "PyTorch peer: what a user runs instead. F.scaled_dot_product_attention in float32 (TF32 off; "
    "on Hopper the memory-efficient kernel)",
    "sinusoidal": "PyTorch peer: what a user runs instead. The sinusoidal table (built once per case) added to Q "
    "and K by separate PyTorch ops, then F.scaled_dot_product_attention in float32 (TF32 off)",
    "rope": "PyTorch peer: what a user runs instead. Q and K rotated by separate PyTorch ops (cos/sin tables built "
    "once per case; neox or interleaved per case), then F.scaled_dot_product_attention in float32 (TF32 off)",
    "rope_standalone": "PyTorch peer: what a user runs instead. The RoPE rotation alone by PyTorch ops (split, "
    "multiply, cat or stack; cos/sin tables built once per case)",
    "qk_norm_rope": "PyTorch peer: what a user runs instead. RMSNorm of each Q and K head (F.rms_norm where torch "
    "has it), then RoPE with cos/sin gathered by position from a cache built once per case, by PyTorch ops",
    "decode": "PyTorch peer: what a user runs instead. Q rotated at its positions by separate PyTorch ops (cos/sin "
    "tables built once per case; the K cache comes rotated), K/V repeated for GQA, then "
    "F.scaled_dot_product_attention in float32 (TF32 off) with the causal tail of speculative queries as a mask",
}
PEER_NAMES = {"rope_standalone": "rope", "qk_norm_rope": "qk_norm_rope", "decode": "decode_sdpa"}  # else sdpa
LIMIT_KINDS = {"rope_standalone": "rope", "qk_norm_rope": "rope", "decode": "decode"}  # else attention
ROTATION_ONLY = ("rope_standalone", "qk_norm_rope")  # peers with no attention core
MODE_TEXT = {
    "eager": ", eager.",
    "compiled": ", under torch.compile (default mode, fullgraph, static shapes; compiled before timing, compile "
    "time not timed), which fuses the PE ops; the attention core stays SDPA's kernel.",
}
LIMITS = {
    "attention": "pe {none, sinusoidal, rope_interleaved, rope_neox}; causal yes; gqa yes (K/V repeated by expand + reshape); "
    "Sq != Sk yes",
    "rope": "pe {rope_interleaved, rope_neox}",
    "decode": "pe {none, rope_interleaved, rope_neox} on q; gqa yes (K/V repeated by expand + reshape); Sq <= Skv",
}


class Interrupted(BaseException):
    """SIGTERM (the caller's timeout): the cells done so far are still written."""


def _interrupt(signum, frame):
    raise Interrupted()


def peer_id(family, mode):
    return f"torch/{PEER_NAMES.get(family, 'sdpa')}_{mode}"


def hypothesis(family, mode):
    text = HYPOTHESES[family] + MODE_TEXT[mode]
    return text.replace("stays SDPA's kernel", "is the rotation's own kernel") if family in ROTATION_ONLY else text


def one_line(err):
    text = " ".join(str(err).split())
    text = text if len(text) <= 400 else text[:400] + " ..."
    return f"{type(err).__name__}: {text}"


def disable_tf32():
    """TF32 off through the legacy flags (what inductor reads; mixing in the new fp32_precision API makes
    torch.compile fail on torch >= 2.9). Returns the flags as read back."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False
        return {"cuda.matmul.allow_tf32": bool(torch.backends.cuda.matmul.allow_tf32),
                "cudnn.allow_tf32": bool(torch.backends.cudnn.allow_tf32),
                "float32_matmul_precision": torch.get_float32_matmul_precision()}


def take(sampler, count, before=None):
    """count kept samples from sampler (None = discarded, retried)."""
    kept = []
    for _ in range(100 * count):
        value = sampler(before) if before else sampler()
        if value is not None:
            kept.append(value)
            if len(kept) == count:
                return kept
    raise RuntimeError("the stream hold kept expiring before the samples were queued. Fix: run on an idle machine")


def measure_copy_ceiling(stream, flush_bytes, hold):
    """Cold copy of 512 MiB into 512 MiB (1 GiB read + written), the median of 10 samples, in GB/s."""
    half = 512 << 20
    src = torch.ones(half // 4, device="cuda")
    dst = torch.empty_like(src)
    dst.copy_(src)
    timer = timing.ColdTimer(lambda: dst.copy_(src), stream, flush_bytes, hold)
    timer.warm_up()
    median_s = stats.summarize(take(timer.sample, 10))["median"]
    return {"copy_GBps": 2.0 * half / median_s * 1e-9, "copy_bytes": 2.0 * half}


def build_build_info():
    info = {"torch_version": str(torch.__version__), "cuda_version": str(torch.version.cuda),
            "cudnn_version": torch.backends.cudnn.version(), "python": sys.version.split()[0]}
    try:
        import triton

        info["triton_version"] = triton.__version__
    except ImportError:
        info["triton_version"] = None
    return info


def make_peer(case, ref):
    """The case's inputs on the GPU and the op a user would run on them."""
    tensors = {name: torch.from_numpy(array).to(DEVICE) for name, array in ref.inputs.items()}
    if case.op == "rope":
        peer = ops.rope_peer(case, tensors["x"], ref.inv_freq)
    elif case.op == "qk_norm_rope":
        peer = ops.qk_norm_rope_peer(case, *(tensors[n] for n in ("q", "k", "wq", "wk", "positions")), ref.inv_freq)
    elif case.op == "decode":
        peer = ops.decode_peer(case, tensors["q"], tensors["k"], tensors["v"], ref.inv_freq,
                               F.scaled_dot_product_attention)
    else:
        peer = ops.attention_peer(case, tensors["q"], tensors["k"], tensors["v"], ref.inv_freq,
                                  F.scaled_dot_product_attention)
    if DEVICE == "cuda":
        torch.cuda.synchronize()
    return peer


class Cell:
    """One (case, mode): its check, timing and the reason for anything missing."""

    def __init__(self, bench, mode, reference):
        self.bench, self.mode, self.reference = bench, mode, reference
        self.status, self.reason = "not run", ""
        self.check = self.recheck = None
        self.cold_s, self.hot_s, self.hot_unavailable = [], [], ""
        self.compile_s = None

    def json(self, ceilings):
        out = record.case_json(self.bench, self.status, self.reason, self.reference, self.check, self.recheck,
                               self.cold_s, self.hot_s, self.hot_unavailable, ceilings)
        out["compile_s"] = self.compile_s
        return out


class Runner:
    def __init__(self, args, clock, stream, hold, flush_bytes, cases):
        self.args, self.clock, self.stream, self.hold, self.flush_bytes = args, clock, stream, hold, flush_bytes
        self.eager_left = cases if "eager" in args.modes else 0
        self.compiled_left = cases if "compiled" in args.modes else 0
        self.series_left = 2 * cases * len(args.modes)

    def account(self, mode):
        """One cell of mode leaves the plan (run or not)."""
        if mode == "compiled":
            self.compiled_left -= 1
        else:
            self.eager_left -= 1
        self.series_left -= 2

    def compile_guess(self):
        return 1.5 * self.clock.compile_s[-1] if self.clock.compile_s else self.clock.compile_guess()

    def rules(self):
        """This cell's stopping rules: the defaults, shortened so what is left still fits the budget."""
        reserve = self.eager_left * EAGER_CELL_S + self.compiled_left * self.compile_guess()
        per_series = (self.clock.left() - reserve) / max(1, self.series_left)
        cold = stats.SamplingRule(budget_s=min(self.args.cold_budget_s, max(0.05, per_series)))
        hot = stats.SamplingRule(budget_s=min(self.args.hot_budget_s, max(0.05, per_series)))
        return cold, hot

    def run(self, cell, peer, ref):
        compiled = cell.mode == "compiled"
        self.account(cell.mode)
        need = self.compile_guess() + self.eager_left * EAGER_CELL_S if compiled else EAGER_CELL_S
        if self.clock.left() < need:
            cell.reason = (f"not run: the --budget-s {self.args.budget_s:g} s ran out ({self.clock.left():.1f} s "
                           f"left, this cell needs ~{need:.0f} s)")
            return
        fn = peer.fn
        if compiled:
            torch._dynamo.reset()
            fn = torch.compile(peer.fn, fullgraph=True, dynamic=False)
            started = time.monotonic()
            with torch.cuda.stream(self.stream):
                for _ in range(2):
                    fn(*peer.args)
            self.stream.synchronize()
            cell.compile_s = time.monotonic() - started
            self.clock.compile_s.append(cell.compile_s)

        def op():
            return fn(*peer.args)

        with torch.cuda.stream(self.stream):
            result = op()
        self.stream.synchronize()
        cell.check = self.compare(result, cell.bench.case, ref)
        cell.status = "passed" if cell.check["pass"] else "failed"
        del result
        if not cell.check["pass"]:
            cell.reason = "misses the 5e-5 tolerance (a peer's accuracy is a result); timed all the same"
        self.time(cell, op, ref)

    def time(self, cell, op, ref):
        what = "the torch.compile output" if cell.mode == "compiled" else "the eager op"
        try:
            cold = timing.ColdTimer(op, self.stream, self.flush_bytes, self.hold)
        except Exception as err:  # noqa: BLE001 (torch raises plain RuntimeError and friends)
            cell.reason = self.join(cell.reason, f"{what} cannot be captured in a CUDA graph ({one_line(err)}): "
                                    "not timed")
            return
        cold_rule, hot_rule = self.rules()
        cold.warm_up()
        pilot = take(cold.sample, 8)[3:]  # the first ones: caches settling
        per_graph = timing.launches_per_graph(stats.summarize(pilot)["median"], HOT_LAUNCHES_MAX)
        try:
            hot = timing.HotTimer(op, self.stream, per_graph)
            cell.hot_s = stats.sample_until_stable(hot.sample, hot_rule)
            del hot
        except Exception as err:  # noqa: BLE001
            cell.hot_unavailable = f"{what} cannot be captured {per_graph} times in one CUDA graph ({one_line(err)})"
        cell.cold_s = stats.sample_until_stable(cold.sample, cold_rule)
        # The last sample runs on a poisoned output, which is checked again.
        cell.cold_s += take(cold.sample, 1, before=lambda: cold.output.fill_(float("nan")))
        cell.recheck = self.compare(cold.output, cell.bench.case, ref)
        if not cell.recheck["pass"]:
            cell.status = "failed"
            if cell.check["pass"]:
                cell.reason = self.join(cell.reason, "the output of the last timed launch FAILED the check")

    @staticmethod
    def compare(result, case, ref):
        flat = result.detach().reshape(-1, case.D)
        if flat.shape[0] != case.out_rows:
            raise ValueError(f"the peer's output has {flat.shape[0]} rows of {case.D}, expected {case.out_rows}")
        got = flat[torch.from_numpy(ref.rows).to(flat.device)].to("cpu", torch.float64).numpy()
        return check.compare_output(got, case, ref.out, ref.rows, ref.torch_fp32_max_abs_err)

    @staticmethod
    def join(first, second):
        return f"{first}; {second}" if first else second


def progress(clock, cell):
    parts = [f"[{clock.elapsed():6.1f} s] {cell.bench.case.id:<44} {peer_id(cell.bench.case.family, cell.mode):<20}"]
    if cell.check:
        parts.append(check.summary(cell.check))
    if cell.cold_s:
        cold = stats.summarize(cell.cold_s)
        parts.append(f"cold {cold['median'] * 1e6:.2f} us (n {cold['n']})")
    if cell.hot_s:
        parts.append(f"hot {stats.summarize(cell.hot_s)['median'] * 1e6:.2f} us")
    if cell.compile_s is not None:
        parts.append(f"compile {cell.compile_s:.1f} s")
    if cell.reason:
        parts.append(f"[{cell.reason}]")
    print(" ".join(parts), flush=True)


def run(args, benches, verified, clock, source_sha256):
    run_id, started = record.new_run_id(), record.utc_now_iso()
    torch.set_grad_enabled(False)  # inference, as a user times it
    tf32 = disable_tf32()
    stream = torch.cuda.Stream()
    gpu = record.gpu_environment(torch)
    environment = {"gpu": gpu, "clock_start": record.clock_state(), "host": record.host_name()}
    flush_bytes = 2 * gpu["l2_bytes"] if gpu["l2_bytes"] > 0 else 256 << 20
    hold = timing.StreamHold(stream)
    ceilings = record.ceilings_from_records(args.records_dir, gpu)
    if ceilings is None:
        ceilings = measure_copy_ceiling(stream, flush_bytes, hold)
        torch.cuda.empty_cache()
        ceilings["source"] = (f"measured here: cold copy_ of a 512 MiB tensor (1 GiB read + written), median of 10; "
                              f"no record from this GPU in {args.records_dir}; no FP32 ceiling (run `fuselab "
                              "calibrate` first to have both)")
    print(f"torch_peers: {gpu['name']}, torch {torch.__version__}; ceilings: {ceilings['source']}", flush=True)

    signal.signal(signal.SIGTERM, _interrupt)
    cache = InputCache(args.threads)
    runner = Runner(args, clock, stream, hold, flush_bytes, len(benches))
    cells = {}
    fatal = ""
    for bench in benches:
        case = bench.case
        reference, ref, peer, load_error = verified[case.id], None, None, ""
        if not fatal:
            try:
                ref = load_reference(case, reference[0], reference[1], cache)
                peer = make_peer(case, ref)
            except (PeerError, OSError, RuntimeError) as err:
                load_error = one_line(err)
            except Interrupted:
                fatal = "interrupted by SIGTERM (the caller's time limit)"
        for mode in args.modes:
            cell = Cell(bench, mode, reference)
            cells.setdefault((case.family, mode), []).append(cell)
            if fatal:
                runner.account(mode)
                cell.reason = f"not run: {fatal}"
            elif load_error:
                runner.account(mode)
                cell.status, cell.reason = "error", f"inputs could not be prepared: {load_error}"
            else:
                try:
                    runner.run(cell, peer, ref)
                except Interrupted:
                    fatal = "interrupted by SIGTERM (the caller's time limit)"
                    cell.status, cell.reason = "not run", Runner.join(cell.reason, fatal)
                    cell.cold_s, cell.hot_s = [], []
                except Exception as err:  # noqa: BLE001: one cell's failure is recorded, the run goes on
                    cell.status, cell.reason = "error", Runner.join(cell.reason, one_line(err))
                    try:
                        torch.cuda.synchronize()
                    except Exception as sticky:  # noqa: BLE001
                        fatal = f"device error after {case.id} {mode}: {one_line(sticky)}"
            progress(clock, cell)
        del peer, ref
        torch.cuda.empty_cache()

    experiments = [
        record.experiment_json(peer_id(family, mode), family, hypothesis(family, mode),
                               LIMITS[LIMIT_KINDS.get(family, "attention")], source_sha256,
                               [cell.json(ceilings) for cell in family_cells])
        for (family, mode), family_cells in cells.items()
    ]
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    environment["clock_end"] = record.clock_state()
    settings = {
        "tolerance": check.TOLERANCE,
        "budget_s": args.budget_s,
        "modes": args.modes,
        "families": args.family or [],
        "case_patterns": args.case or [],
        "cold_rule": {"min_samples": 10, "target_rse": 0.005, "budget_s_at_most": args.cold_budget_s},
        "hot_rule": {"min_samples": 10, "target_rse": 0.005, "budget_s_at_most": args.hot_budget_s},
        "hot_launches_per_graph_at_most": HOT_LAUNCHES_MAX,
        "flush_bytes": flush_bytes,
        "stream_hold": f"torch.cuda._sleep, {hold.hold_s * 1e6:.0f} us at the end "
                       f"({hold.cycles_per_s / 1e9:.2f} G cycles/s measured)",
        "persisting_l2_reset": False,
        "tf32": tf32,
        "compile": {"mode": "default", "fullgraph": True, "dynamic": False, "dynamo_reset_per_case": True,
                    "cache_dir": str(args.cache_dir)},
        "pe_tables": "built once per case outside the timed op (float32 angle = fp32(pos) * inv_freq, one rounding; "
                     "sin/cos in float32)",
        "inputs": "full-storage cases: read from the reference file; sampled-storage cases: regenerated by "
                  "refgen's counter generator",
        "traffic_model": f"{args.fuselab} cases --json",
    }
    rec = record.run_record(run_id, sys.argv, started, record.utc_now_iso(), record.git_state(args.root),
                            build_build_info(), environment, ceilings, settings, experiments)
    path = record.write_record(args.records_dir, rec, args.root)
    errored = [f"{c.bench.case.id} {c.mode}" for group in cells.values() for c in group if c.status == "error"]
    print(f"torch_peers: run record {path}" + (f"; errors in {', '.join(errored)}" if errored else ""), flush=True)
    return EXIT_FAILED if errored else EXIT_OK
