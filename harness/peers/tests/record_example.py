"""A peer run record built by peerlib.record from fixed, made-up measurements: the example the C++
reader test reads (harness/tests/data/peer_record.json). Regenerate it after changing the schema:

    $(scripts/find_python.sh) harness/peers/tests/record_example.py > harness/tests/data/peer_record.json
"""
import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1]), str(Path(__file__).resolve().parents[3] / "reference_data")]

from peerlib import record  # noqa: E402
from peerlib.cases import BenchCase  # noqa: E402
from refgen import cases as refgen_cases  # noqa: E402

REPO = Path(__file__).resolve().parents[3]
EXAMPLE = REPO / "harness" / "tests" / "data" / "peer_record.json"


def _report(err, passed):
    return {"tolerance": 5e-5, "reference": "file", "checked": 32768, "nonfinite": 0, "over_tolerance": 0 if passed else 12,
            "max_abs_err": err, "max_rel_err": 0.01, "where": [0, 1, 2, 3], "got": 1.0, "expected": 1.0 + err,
            "torch_fp32_max_abs_err": 1e-6, "pass": passed}


def build():
    cases = {c.id: c for c in refgen_cases.load_all(REPO / "experiments")}
    ceilings = {"copy_GBps": 3000.0, "copy_bytes": 1073741824.0, "fp32_TFLOPs": 60.0,
                "source": "copied from 20261121T021626Z-vm-2964.json (calibration, 2026-11-21T02:16:26Z, same GPU)"}
    attention = BenchCase(cases["attention/b1_h4_s64_d128"], {"shape": "1x4x64x128", "bytes": 524288.0,
                                                               "flops": 8388608.0})
    sinusoidal = BenchCase(cases["sinusoidal/b1_h4_s64_d16384"], {"shape": "1x4x64x16384", "bytes": 67174400.0,
                                                                   "flops": 1073741824.0})
    reference = ("/work/reference_data/attention/b1_h4_s64_d128.h5", "ab" * 32)
    experiments = [
        record.experiment_json("torch/sdpa_eager", "attention", "PyTorch peer: example.", "pe {none}", "cd" * 32, [
            record.case_json(attention, "passed", "", reference, _report(1e-6, True), _report(1e-6, True),
                             [12e-6, 13e-6, 12.5e-6], [11e-6, 11.5e-6], "", ceilings),
        ]),
        record.experiment_json("torch/sdpa_compiled", "sinusoidal", "PyTorch peer: example.", "pe {sinusoidal}",
                               "cd" * 32, [
            record.case_json(sinusoidal, "failed", "misses the 5e-5 tolerance (a peer's accuracy is a result)",
                             reference, _report(9.7e-5, False), _report(9.7e-5, False), [800e-6, 810e-6], [],
                             "the torch.compile output cannot be captured 1 times in one CUDA graph (example)",
                             ceilings),
            record.case_json(attention, "passed", "the torch.compile output cannot be captured in a CUDA graph "
                             "(example): not timed", reference, _report(1e-6, True), None, [], [], "", ceilings),
        ]),
    ]
    environment = {"gpu": {"name": "NVIDIA H100 80GB HBM3", "sm_count": 132, "compute_capability": "9.0",
                           "l2_bytes": 52428800, "driver_version": 13000, "driver": "580.159.04",
                           "runtime_version": 13000, "sm_clock_mhz": 1980, "sm_clock_max_mhz": 1980,
                           "mem_clock_mhz": 2619},
                   "clock_start": {"available": False}, "clock_end": {"available": False}, "host": "example"}
    return record.run_record("20261121T030000Z-peers-1234", ["harness/peers/torch_peers.py"], "2026-11-21T03:00:00Z",
                             "2026-11-21T03:01:00Z", {"commit": "0" * 40, "dirty": False, "source": "environment"},
                             {"torch_version": "2.11.0", "cuda_version": "13.0"}, environment, ceilings,
                             {"tolerance": 5e-5}, experiments)


if __name__ == "__main__":
    sys.stdout.write(record.dumps(build()))
