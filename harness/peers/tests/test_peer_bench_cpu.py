"""The whole flow of torch_peers.py (load, peer, check, time, record) on the CPU, with stand-in timers for
the CUDA graphs: what cannot be run here is only timing.py and torch.compile."""
import argparse
import gzip
import json
import time
import types

import pytest
import torch
from conftest import PEERS, REPO, explicit_sdpa, fixture_cases

import torch_peers
from peerlib import bench, record, timing
from peerlib.cases import BenchCase, verify_reference


class FakeStream:
    def synchronize(self):
        pass


class FakeHold:
    def __init__(self, stream):
        self.hold_s, self.cycles_per_s = 200e-6, 1.98e9


class FakeCold:
    """Times op() with the host clock; output is rewritten by each sample, as the F+L graph's is."""

    def __init__(self, op, stream, flush_bytes, hold):
        self.op, self.output = op, op()

    def warm_up(self):
        pass

    def sample(self, before=None):
        if before is not None:
            before()
        start = time.perf_counter()
        self.output.copy_(self.op())
        return time.perf_counter() - start + 1e-6


class FakeHot:
    def __init__(self, op, stream, launches):
        self.op = op

    def sample(self):
        start = time.perf_counter()
        self.op()
        return time.perf_counter() - start + 1e-6


class Uncapturable:
    def __init__(self, *args):
        raise RuntimeError("operation not permitted when stream is capturing")


GPU = {"name": "Stand-in GPU", "sm_count": 4, "compute_capability": "0.0", "l2_bytes": 1 << 20, "driver_version": 0,
       "driver": "", "runtime_version": 0, "sm_clock_mhz": 0, "sm_clock_max_mhz": 0, "mem_clock_mhz": 0}


@pytest.fixture
def cpu_bench(monkeypatch):
    monkeypatch.setattr(bench, "DEVICE", "cpu")
    monkeypatch.setattr(torch.cuda, "Stream", FakeStream)
    monkeypatch.setattr(torch.cuda, "synchronize", lambda: None)
    monkeypatch.setattr(bench, "F", types.SimpleNamespace(scaled_dot_product_attention=explicit_sdpa))
    monkeypatch.setattr(record, "gpu_environment", lambda torch_module: dict(GPU))
    monkeypatch.setattr(record, "clock_state", lambda: {"available": False})
    monkeypatch.setattr(timing, "StreamHold", FakeHold)
    monkeypatch.setattr(timing, "ColdTimer", FakeCold)
    monkeypatch.setattr(timing, "HotTimer", FakeHot)
    monkeypatch.setattr(bench, "measure_copy_ceiling", lambda *a: {"copy_GBps": 100.0, "copy_bytes": 2.0})
    return monkeypatch


def run_bench(tmp_path, budget_s=60.0):
    args = argparse.Namespace(records_dir=tmp_path / "runs", modes=["eager"], budget_s=budget_s, cold_budget_s=0.05,
                              hot_budget_s=0.02, family=None, case=None, threads=2, fuselab=PEERS / "nonexistent",
                              root=REPO, cache_dir=tmp_path / "cache")
    cases = fixture_cases()
    benches = [BenchCase(c, {"shape": f"shape-of-{c.name}", "bytes": 1e6, "flops": 2e6}) for c in cases]
    verified = {c.id: verify_reference(c, REPO / "reference_data") for c in cases}
    clock = torch_peers.Clock(budget_s)
    code = bench.run(args, benches, verified, clock, "ee" * 32)
    files = list((tmp_path / "runs").iterdir())
    assert len(files) == 1 and files[0].name.endswith(".json.gz") and "-peers-" in files[0].name
    return code, json.loads(gzip.decompress(files[0].read_bytes())), cases


def test_every_fixture_passes_and_is_timed(cpu_bench, tmp_path):
    code, rec, cases = run_bench(tmp_path)
    assert code == 0
    assert rec["backend"] == "torch" and rec["ceilings"]["copy_GBps"] == 100.0
    assert "measured here" in rec["ceilings"]["source"]
    ids = [(e["family"], e["id"]) for e in rec["experiments"]]
    assert ids == [("attention", "torch/sdpa_eager"), ("decode", "torch/decode_sdpa_eager"), ("qk_norm_rope", "torch/qk_norm_rope_eager"),
                   ("rope", "torch/sdpa_eager"), ("rope_standalone", "torch/rope_eager"),
                   ("sinusoidal", "torch/sdpa_eager")]
    names = [c["name"] for e in rec["experiments"] for c in e["cases"]]
    assert sorted(names) == sorted(c.name for c in cases)
    for e in rec["experiments"]:
        assert e["peer"] and e["verdict"]["value"] == "UNTESTED" and e["backend"] == "torch"
        for c in e["cases"]:
            assert c["status"] == "passed", c
            assert c["check"]["pass"] and c["recheck"] in ("same", c["check"])  # the poisoned last sample was rewritten
            # stored form (docs/records.md): samples only; readers derive stats and achieved rates
            assert len(c["timing"]["cold"]["samples"]) >= 11 and len(c["timing"]["hot"]["samples"]) >= 10
            assert "stats" not in c["timing"]["cold"] and "achieved" not in c
            assert c["reference"]["sha256"] and c["compile_s"] is None


def test_a_spent_budget_leaves_cells_not_run(cpu_bench, tmp_path):
    code, rec, _ = run_bench(tmp_path, budget_s=1e-3)
    assert code == 0
    for e in rec["experiments"]:
        for c in e["cases"]:
            assert c["status"] == "not run" and "--budget-s" in c["reason"] and "timing" not in c


def test_an_uncapturable_op_is_checked_but_not_timed(cpu_bench, tmp_path):
    cpu_bench.setattr(timing, "ColdTimer", Uncapturable)
    code, rec, _ = run_bench(tmp_path)
    assert code == 0
    for e in rec["experiments"]:
        for c in e["cases"]:
            assert c["status"] == "passed" and "timing" not in c
            assert "cannot be captured in a CUDA graph" in c["reason"] and "not timed" in c["reason"]


def test_a_wrong_peer_is_reported_failed_and_still_timed(cpu_bench, tmp_path):
    cpu_bench.setattr(bench.ops, "ROTATIONS", {"rope_neox": bench.ops.rotate_interleaved,
                                               "rope_interleaved": bench.ops.rotate_neox})
    code, rec, _ = run_bench(tmp_path)
    assert code == 0  # a peer's accuracy is a result, not an error
    rope = next(e for e in rec["experiments"] if e["family"] == "rope_standalone")
    assert all(c["status"] == "failed" and "timing" in c and "misses the 5e-5" in c["reason"] for c in rope["cases"])
    assert "failed the check" in rope["verdict"]["reason"]
