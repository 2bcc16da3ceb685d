"""Peer run records have the keys of harness/core/run_record.cpp, round-trip, and are written atomically."""
import json
import re

import pytest
import record_example
from conftest import REPO

from peerlib import check, record
from refgen import cases as refgen_cases

# The keys make_run_record (run_record.cpp) writes.
RECORD_KEYS = {"schema", "run_id", "command", "started_utc", "finished_utc", "backend", "git", "build",
               "environment", "ceilings", "settings", "experiments"}
EXPERIMENT_KEYS = {"id", "family", "version", "parent", "hypothesis", "prediction", "limits", "backend", "canary",
                   "source_sha256", "resources", "verdict", "cases"}
CASE_KEYS = {"name", "shape", "pe", "status", "reason", "reference", "traffic", "check", "recheck"}
TIMED_CASE_KEYS = CASE_KEYS | {"timing", "achieved"}
REPORT_KEYS = {"pass", "tolerance", "reference", "checked", "nonfinite", "over_tolerance", "max_abs_err", "max_rel_err", "where",
               "got", "expected", "torch_fp32_max_abs_err"}
STATS_KEYS = {"n", "median", "q1", "q3", "iqr", "min", "max", "mean", "sd", "rse"}


def test_record_has_the_schema_keys():
    rec = record_example.build()
    assert set(rec) == RECORD_KEYS and rec["schema"] == record.SCHEMA and rec["backend"] == "torch"
    for e in rec["experiments"]:
        assert set(e) == EXPERIMENT_KEYS | {"peer"} and e["peer"] is True
        assert e["prediction"]["kind"] == "none" and e["verdict"]["value"] == "UNTESTED"
        for c in e["cases"]:
            assert set(c) == (TIMED_CASE_KEYS if "timing" in c else CASE_KEYS)
            assert set(c["check"]) == REPORT_KEYS
            if "timing" in c:
                assert set(c["timing"]["cold"]) == {"unit", "stats", "samples"}
                assert set(c["timing"]["cold"]["stats"]) == STATS_KEYS
                assert set(c["achieved"]) == {"GBps", "TFLOPs", "copy_fraction", "fp32_fraction"}


def test_achieved_is_taken_from_the_cold_median():
    case = record_example.build()["experiments"][0]["cases"][0]
    assert case["timing"]["cold"]["stats"]["median"] == pytest.approx(12.5)
    assert case["achieved"]["GBps"] == pytest.approx(524288.0 / 12.5e-6 * 1e-9)
    assert case["achieved"]["copy_fraction"] == pytest.approx(case["achieved"]["GBps"] / 3000.0)
    assert case["achieved"]["fp32_fraction"] == pytest.approx(8388608.0 / 12.5e-6 * 1e-12 / 60.0)
    assert case["timing"]["hot"]["samples"] == pytest.approx([11.0, 11.5])


def test_failures_are_named_in_the_verdict_reason_and_untimed_cells_say_why():
    e = record_example.build()["experiments"][1]
    assert "b1_h4_s64_d16384" in e["verdict"]["reason"] and "1 of 2 cases timed" in e["verdict"]["reason"]
    assert e["cases"][0]["timing"]["hot"] == {"unavailable": e["cases"][0]["timing"]["hot"]["unavailable"]}
    assert "timing" not in e["cases"][1] and "not timed" in e["cases"][1]["reason"]


def test_record_round_trips_and_matches_the_committed_example():
    rec = record_example.build()
    text = record.dumps(rec)
    assert json.loads(text) == rec
    committed = (REPO / "harness/tests/data/peer_record.json").read_text()
    assert committed == text, "regenerate it: see harness/peers/tests/record_example.py"


def test_nan_is_refused_and_nonfinite_errors_become_null():
    with pytest.raises(ValueError):
        record.dumps({"x": float("nan")})
    report = {"max_abs_err": float("inf"), "max_rel_err": 1.0, "got": float("nan")}
    assert check.report_json(report) == {"max_abs_err": None, "max_rel_err": 1.0, "got": None}


def test_atomic_write_leaves_only_the_file(tmp_path):
    path = record.write_atomically(tmp_path / "runs", "r.json", "{}\n")
    assert path.read_text() == "{}\n"
    assert [p.name for p in (tmp_path / "runs").iterdir()] == ["r.json"]


def test_run_id_looks_like_provenance_cpp():
    assert record.new_run_id(now=0, pid=42) == "19700101T000000Z-peers-42"
    assert re.fullmatch(r"\d{8}T\d{6}Z-peers-\d+", record.new_run_id())


def test_git_state_prefers_the_environment(tmp_path):
    env = {"FUSELAB_GIT_COMMIT": "abc", "FUSELAB_GIT_DIRTY": "1"}
    assert record.git_state(tmp_path, env) == {"commit": "abc", "dirty": True, "source": "environment"}
    assert record.git_state(tmp_path, {"FUSELAB_GIT_COMMIT": "abc"})["dirty"] is False
    assert record.git_state(tmp_path, {})["commit"] is None  # no repository there
    state = record.git_state(REPO, {})
    assert state["source"] == "git" and re.fullmatch(r"[0-9a-f]{40}", state["commit"])


def _write(path, gpu_name, started, ceilings, backend="cuda", kind=None):
    rec = {"schema": record.SCHEMA, "run_id": path.stem, "started_utc": started, "backend": backend,
           "environment": {"gpu": {"name": gpu_name, "sm_count": 132}}, "ceilings": ceilings}
    if kind:
        rec["kind"] = kind
    path.write_text(json.dumps(rec))


def test_ceilings_come_from_the_newest_record_of_the_same_gpu(tmp_path):
    gpu = {"name": "NVIDIA H100 80GB HBM3", "sm_count": 132}
    assert record.ceilings_from_records(tmp_path, gpu) is None
    c = {"copy_GBps": 3000.0, "copy_bytes": 1.0, "fp32_TFLOPs": 60.0}
    _write(tmp_path / "20261121T010000Z-vm-1.json", gpu["name"], "2026-11-21T01:00:00Z", c, kind="calibration")
    _write(tmp_path / "20261121T020000Z-vm-2.json", gpu["name"], "2026-11-21T02:00:00Z", {**c, "copy_GBps": 2900.0})
    _write(tmp_path / "20261121T030000Z-vm-3.json", "NVIDIA H200", "2026-11-21T03:00:00Z", {**c, "copy_GBps": 4000.0})
    _write(tmp_path / "20261121T040000Z-peers-4.json", gpu["name"], "2026-11-21T04:00:00Z",
           {**c, "copy_GBps": 1.0}, backend="torch")
    _write(tmp_path / "20261121T050000Z-vm-5.json", gpu["name"], "2026-11-21T05:00:00Z", None)
    (tmp_path / "20261121T060000Z-vm-6.json").write_text("{broken")
    got = record.ceilings_from_records(tmp_path, gpu)
    assert got["copy_GBps"] == 2900.0 and got["fp32_TFLOPs"] == 60.0
    assert "20261121T020000Z-vm-2.json" in got["source"] and "same GPU" in got["source"]


def test_clock_state_and_versions():
    assert record.clock_state(lambda fields: ["1980", "0x0000000000000004"]) == {
        "available": True, "sm_clock_mhz": 1980, "clock_event_reasons": "0x0000000000000004", "throttled": True}
    assert record.clock_state(lambda fields: ["1980", "0x0000000000000001"])["throttled"] is False
    assert record.clock_state(lambda fields: []) == {"available": False}
    assert record.cuda_version_number("13.0") == 13000 and record.cuda_version_number("12.4") == 12040
    assert record.cuda_version_number(None) == 0


def test_compare_output_reports_like_error_report_cpp():
    case = next(c for c in refgen_cases.load_all(REPO / "experiments") if c.id == "attention/fx_b1_h2_s5_d16")
    rows = list(range(case.out_rows))
    want = [[0.5] * case.D for _ in rows]
    got = [[0.5] * case.D for _ in rows]
    got[7][3] = 0.5 + 1e-4  # row 7 = head 1, query 2
    got[2][0] = 0.5 + 2e-5
    r = check.compare_output(got, case, want, rows, 3e-7)
    assert (r["pass"], r["over_tolerance"], r["nonfinite"], r["checked"]) == (False, 1, 0, case.out_rows * case.D)
    assert r["where"] == [0, 1, 2, 3] and r["max_abs_err"] == pytest.approx(1e-4)
    assert r["torch_fp32_max_abs_err"] == 3e-7 and r["reference"] == "file"
    got[9][1] = float("nan")
    r = check.compare_output(got, case, want, rows, 0.0)
    assert r["nonfinite"] == 1 and r["over_tolerance"] == 2 and r["where"] == [0, 1, 4, 1]
    assert r["max_abs_err"] == float("inf") and check.report_json(r)["got"] is None
    sampled = check.compare_output([got[3]], case, [want[3]], [3], 0.0)
    assert sampled["pass"] and sampled["checked"] == case.D
    kept = next(c for c in refgen_cases.load_all(REPO / "experiments") if c.id == "attention/fx_b1_h2_s64_d32_sampled")
    rows_only = check.compare_output([[0.5] * kept.D], kept, [[0.5] * kept.D], [127], 0.0)
    assert rows_only["reference"] == "file_rows" and rows_only["checked"] == kept.D
    assert check.summary(rows_only).endswith(f"{kept.D} elements vs file_rows")
