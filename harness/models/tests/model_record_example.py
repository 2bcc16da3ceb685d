"""A model bench record built by model_bench.model_record from fixed, made-up measurements (not a measurement):
the example the C++ log test reads (harness/tests/data/model_record.json). Regenerate it after changing the
record's form:

    $(scripts/find_python.sh) harness/models/tests/model_record_example.py > harness/tests/data/model_record.json
"""
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
sys.path[:0] = [str(REPO / "harness" / "models")]

import model_bench  # noqa: E402
from peerlib import record  # noqa: E402

EXAMPLE = REPO / "harness" / "tests" / "data" / "model_record.json"


def _split(attention, qk, gemm, other):
    return {"attention_ms": attention, "qk_norm_rope_ms": qk, "gemm_ms": gemm, "other_ms": other,
            "total_ms": round(attention + qk + gemm + other, 4)}


def _phase(phase, batch, tokens, fuselab, sdpa, identical, diff, splits, steps=None):
    out = {"phase": phase, "batch": batch, "tokens": tokens, "status": "ok", "reason": "", "fuselab_ms": fuselab,
           "sdpa_ms": sdpa, "identical_tokens": identical, "max_logit_diff": diff, "split": splits}
    if steps is not None:
        out["steps"] = steps
    return out


def build():
    llama = {"model": "llama", "kind": "llama", "params": 504365056, "config": {"num_hidden_layers": 8},
             "fuselab_path": "attention: fuselab.torch.attention", "phases": [
                 _phase("prefill", 1, 4096, [80.5, 80.1, 80.9, 80.3, 80.2], [95.0, 95.4, 94.8, 95.1, 95.2], True,
                        2.1e-05, {"fuselab": _split(10.0, 0.0, 60.0, 10.5), "sdpa": _split(24.5, 0.0, 60.0, 10.5)}),
                 _phase("decode", 1, 4096, [1100.0, 1105.0, 1098.0], [1180.0, 1175.0, 1190.0], True, 3.4e-05,
                        {"fuselab": _split(8.0, 0.0, 90.0, 40.0), "sdpa": _split(15.0, 0.0, 90.0, 40.0)}, steps=128)]}
    qwen3 = {"model": "qwen3", "kind": "qwen3", "params": 537919488, "config": {"num_hidden_layers": 8},
             "fuselab_path": "attention and qk_norm_rope", "phases": [
                 _phase("prefill", 8, 1024, [150.0, 151.0, 149.5], [170.0, 171.0, 169.0], False, 2.5e-03,
                        {"fuselab": _split(20.0, 2.0, 110.0, 18.0), "sdpa": _split(30.0, 0.0, 110.0, 30.0)}),
                 {"phase": "decode", "batch": 8, "tokens": 1024, "steps": 128, "status": "failed",
                  "reason": "fuselab: ValueError: no version accepts the call", "sdpa_ms": [1300.0, 1310.0, 1305.0]}]}
    environment = {"gpu": {"name": "NVIDIA H100 80GB HBM3", "sm_count": 132, "compute_capability": "9.0",
                           "l2_bytes": 52428800, "driver_version": 13000, "driver": "580.65.06",
                           "runtime_version": 13000, "sm_clock_mhz": 1980, "sm_clock_max_mhz": 1980,
                           "mem_clock_mhz": 2619}, "host": "example"}
    build_info = {"torch_version": "2.11.0+cu130", "cuda_version": "13.0", "python": "3.12.3",
                  "transformers_version": "5.0.0", "fuselab_torch_ops": "build/harness/torch/libfuselab_torch_ops.so"}
    settings = {"tf32": False, "dtype": "float32", "logit_tolerance": 1e-3, "steps": 128, "problems": []}
    rec = model_bench.model_record("20261128T070000Z-models-1", ["harness/models/model_bench.py", "--records-dir",
                                                                 "reports/runs"],
                                   "2026-11-28T07:00:00Z", "2026-11-28T07:03:00Z",
                                   {"commit": "0" * 40, "dirty": False, "source": "environment"}, build_info,
                                   environment, settings, [llama, qwen3])
    return record.stored_form(rec, REPO)


def text():
    return json.dumps(build(), indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    sys.stdout.write(text())
