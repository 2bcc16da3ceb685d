"""The check of a peer's output against the float64 reference: the same
fields and rules as harness/core/error_report.cpp (pass iff every checked
element is finite and !(err > tol), NaN counted as an infinite error). A
peer is checked against the file: every element of a full file, the kept
rows of a sampled one (`reference` says which: "file" or "file_rows")."""
import math

import numpy as np

TOLERANCE = 5e-5


def unflatten(case, row, d):
    """(b, h, s, d) for attention and decode, (n, s, d) for rope, (t, h, d) for qk_norm_rope: the index of output row
    `row`, column d."""
    if case.op == "rope":
        return [int(row // case.S), int(row % case.S), int(d)]
    if case.op == "qk_norm_rope":
        return [int(row // (case.Hq + case.Hkv)), int(row % (case.Hq + case.Hkv)), int(d)]
    bh, seq = divmod(int(row), case.Sq)
    return [bh // case.Hq, bh % case.Hq, seq, int(d)]


def compare_output(got_rows, case, expected, rows, torch_fp32_max_abs_err, tolerance=TOLERANCE):
    """got_rows: the peer's output rows `rows` as [R, D] (any float dtype); expected: the reference's float64
    [R, D] for the same rows (all rows in order for full storage, the file's `rows` for sampled storage)."""
    rows = np.asarray(rows, dtype=np.int64)
    got = np.asarray(got_rows).astype(np.float64)
    want = np.asarray(expected, dtype=np.float64)
    if got.shape != (len(rows), case.D) or want.shape != got.shape:
        raise ValueError(f"{case.id}: output rows {got.shape} and reference rows {want.shape} differ from "
                         f"({len(rows)}, {case.D})")
    with np.errstate(invalid="ignore", over="ignore"):
        err = np.abs(got - want)
    finite_err = np.isfinite(err)
    key = np.where(finite_err, err, np.inf)
    worst = int(np.argmax(key)) if key.size else 0
    row_i, d = divmod(worst, case.D)
    rel = err[finite_err] / np.maximum(np.abs(want[finite_err]), 1e-6)
    report = {
        "tolerance": tolerance,
        "reference": "file_rows" if case.sampled else "file",
        "checked": int(got.size),
        "nonfinite": int(np.count_nonzero(~np.isfinite(got))),
        "over_tolerance": int(np.count_nonzero(~(err <= tolerance))),
        "max_abs_err": float(key.flat[worst]) if key.size else 0.0,
        "max_rel_err": float(rel.max()) if rel.size else 0.0,
        "where": unflatten(case, int(rows[row_i]), d) if key.size else [],
        "got": float(got.flat[worst]) if key.size else 0.0,
        "expected": float(want.flat[worst]) if key.size else 0.0,
        "torch_fp32_max_abs_err": float(torch_fp32_max_abs_err),
    }
    report["pass"] = report["checked"] > 0 and report["nonfinite"] == 0 and report["over_tolerance"] == 0
    return report


def report_json(report):
    """The record's form (to_json in error_report.cpp): non-finite max_abs_err, max_rel_err, got become null."""
    out = dict(report)
    for key in ("max_abs_err", "max_rel_err", "got"):
        if not math.isfinite(out[key]):
            out[key] = None
    return out


def summary(report):
    """One line for progress output, like ErrorReport::summary."""
    err = report["max_abs_err"]
    return (f"{'PASS' if report['pass'] else 'FAIL'} max_abs_err {err:.3g} (torch fp32 "
            f"{report['torch_fp32_max_abs_err']:.3g}), {report['over_tolerance']} over tol, "
            f"{report['nonfinite']} non-finite, {report['checked']} elements vs {report['reference']}")
