"""torch_peers.py's command line: one clear line and exit 3 without CUDA, exit 2 for bad input, and the case
list joined with `fuselab cases --json`."""
import os
import subprocess
import sys

import pytest
from conftest import PEERS, REPO

from peerlib.cases import PeerError, benchmark_cases, traffic_table

SCRIPT = PEERS / "torch_peers.py"
FUSELAB = os.environ.get("FUSELAB_BIN", str(REPO / os.environ.get("BUILD_DIR", "build") / "harness/cli/fuselab"))


def run(*args, tmp_path):
    env = {**os.environ, "CUDA_VISIBLE_DEVICES": ""}  # hides any GPU from torch
    return subprocess.run([sys.executable, str(SCRIPT), "--records-dir", str(tmp_path / "runs"),
                           "--cache-dir", str(tmp_path / "cache"), *args],
                          capture_output=True, text=True, env=env, timeout=300, check=False)


def test_no_cuda_is_exit_3_with_one_line(tmp_path):
    done = run(tmp_path=tmp_path)
    assert done.returncode == 3, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("torch_peers: no CUDA device") and "Fix:" in lines[0]
    assert not (tmp_path / "runs").exists()  # nothing half-written
    assert done.stdout == ""


def test_bad_mode_is_refused(tmp_path):
    done = run("--modes", "jit", tmp_path=tmp_path)
    assert done.returncode == 2 and "pick from eager,compiled" in done.stderr


def test_a_missing_fuselab_binary_names_the_fix(tmp_path):
    with pytest.raises(PeerError, match="no fuselab binary.*Fix: build it"):
        traffic_table(tmp_path / "fuselab", REPO)
    fake = tmp_path / "fuselab"
    fake.write_text("#!/bin/sh\necho 'The following argument was not expected: cases' >&2\nexit 2\n")
    fake.chmod(0o755)
    with pytest.raises(PeerError, match="exited 2: The following argument.*Fix: rebuild fuselab"):
        traffic_table(fake, REPO)


@pytest.mark.skipif(not os.access(FUSELAB, os.X_OK), reason=f"{FUSELAB} is not built (scripts/build.sh builds it)")
def test_benchmark_cases_join_the_traffic_model():
    table = traffic_table(FUSELAB, REPO)
    benches = benchmark_cases(REPO / "experiments", table)
    families = {b.case.family for b in benches}
    assert families == {"attention", "sinusoidal", "rope", "rope_standalone", "qk_norm_rope", "decode"}
    assert all("benchmarks" in b.case.use for b in benches)
    big = next(b for b in benches if b.case.id == "attention/b8_h16_s1024_d128")
    assert big.traffic["shape"] == "8x16x1024x128" and big.traffic["flops"] == 4.0 * 8 * 16 * 1024 * 1024 * 128
    assert [b.case.id for b in benchmark_cases(REPO / "experiments", table, ["rope_standalone"])] == [
        "rope_standalone/n128_s8192_d128_neox", "rope_standalone/n128_s8192_d128_inter",
        "rope_standalone/fx_n2_s3_d8_neox"]  # the fixture the CPU version times
    with pytest.raises(PeerError, match="unknown family nope"):
        benchmark_cases(REPO / "experiments", table, ["nope"])
    del table["rope/b1_h4_s64_d128_neox"]
    with pytest.raises(PeerError, match="not in `fuselab cases --json`"):
        benchmark_cases(REPO / "experiments", table)
