"""Run records in the schema of harness/core/run_record.cpp, so the C++
readers (compare, the log renderer) read a peer's record like ours.

A peer experiment has `"peer": true`, backend "torch", prediction kind "none"
and verdict UNTESTED (it makes no claim); its cases carry the same check,
timing, traffic and achieved fields as ours. run_record() builds the full
form; stored_form() is what lands on disk (docs/records.md): the schema is
harness/schema/run_record.schema.json, whose "schema" constant is SCHEMA.
"""
import gzip
import json
import os
import socket
import subprocess
import time
from pathlib import Path

from . import check, stats

SCHEMA_FILE = Path(__file__).resolve().parents[2] / "schema" / "run_record.schema.json"
SCHEMA = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))["properties"]["schema"]["const"]
BACKEND = "torch"


def utc_now_iso():
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def new_run_id(now=None, pid=None):
    """<UTC>-peers-<pid>, sortable beside provenance.cpp's <UTC>-<host>-<pid>."""
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(now))
    return f"{stamp}-peers-{os.getpid() if pid is None else pid}"


def git_state(root, environ=None):
    """As git_state in provenance.cpp: FUSELAB_GIT_COMMIT/FUSELAB_GIT_DIRTY when set (the tree travels
    without .git to the GPU machine), else git itself."""
    environ = os.environ if environ is None else environ
    if "FUSELAB_GIT_COMMIT" in environ:
        return {"commit": environ["FUSELAB_GIT_COMMIT"], "dirty": environ.get("FUSELAB_GIT_DIRTY", "")[:1] == "1",
                "source": "environment"}

    def git(*args):
        done = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, check=False)
        return done.returncode, done.stdout.strip()

    try:
        status, commit = git("rev-parse", "HEAD")
        if status != 0 or not commit:
            raise OSError
        _, changes = git("status", "--porcelain", "--untracked-files=no")
    except OSError:
        return {"commit": None, "dirty": None, "source": f"no git repository at {root}"}
    return {"commit": commit, "dirty": bool(changes), "source": "git"}


def nvidia_smi(fields):
    """The values of one `nvidia-smi --query-gpu` line for GPU 0, or [] (as environment.cu does)."""
    try:
        done = subprocess.run(["nvidia-smi", "--id=0", f"--query-gpu={fields}", "--format=csv,noheader,nounits"],
                              capture_output=True, text=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return []
    if done.returncode != 0 or not done.stdout.strip():
        return []
    return [item.strip() for item in done.stdout.splitlines()[0].split(",")]


def _unsigned(text):
    try:
        return int(text)
    except ValueError:
        return 0


def clock_state(query=nvidia_smi):
    """SM clock and throttle reasons (read_clock_state in environment.cu)."""
    values = query("clocks.sm,clocks_event_reasons.active")
    if len(values) != 2:
        return {"available": False}
    try:
        reasons = int(values[1], 16)
    except ValueError:
        return {"available": False}
    return {"available": True, "sm_clock_mhz": _unsigned(values[0]), "clock_event_reasons": values[1],
            "throttled": (reasons & ~0x3) != 0}


def cuda_version_number(text):
    """'13.0' -> 13000, the CUDA encoding of cudaRuntimeGetVersion (major*1000 + minor*10)."""
    try:
        major, minor = (int(part) for part in str(text).split(".")[:2])
    except (TypeError, ValueError):
        return 0
    return major * 1000 + minor * 10


def driver_version_number():
    """cuDriverGetVersion through libcuda (loaded by torch already), 0 when unavailable."""
    import ctypes

    try:
        version = ctypes.c_int(0)
        if ctypes.CDLL("libcuda.so.1").cuDriverGetVersion(ctypes.byref(version)) == 0:
            return version.value
    except OSError:
        pass
    return 0


def gpu_environment(torch, query=nvidia_smi):
    """The keys of to_json(GpuEnvironment) in environment.cu."""
    props = torch.cuda.get_device_properties(0)
    values = query("driver_version,clocks.sm,clocks.max.sm,clocks.mem")
    values = values if len(values) == 4 else ["", "0", "0", "0"]
    return {
        "name": props.name,
        "sm_count": props.multi_processor_count,
        "compute_capability": f"{props.major}.{props.minor}",
        "l2_bytes": int(getattr(props, "L2_cache_size", 0)),
        "driver_version": driver_version_number(),
        "driver": values[0],
        "runtime_version": cuda_version_number(torch.version.cuda),
        "sm_clock_mhz": _unsigned(values[1]),
        "sm_clock_max_mhz": _unsigned(values[2]),
        "mem_clock_mhz": _unsigned(values[3]),
    }


def ceilings_from_records(records_dir, gpu):
    """The ceilings of the newest record in records_dir measured on the same GPU (name and SM count),
    with a source naming it; None when there is none. Peer records are skipped (they copy theirs)."""
    newest = None
    for path in sorted([*Path(records_dir).glob("*.json"), *Path(records_dir).glob("*.json.gz")]):
        if path.name.endswith(".gbench.json"):
            continue
        try:
            raw = path.read_bytes()
            record = json.loads(gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw)
        except (OSError, ValueError, EOFError):
            continue
        if not isinstance(record, dict) or record.get("schema") not in (1, SCHEMA) or record.get("backend") == BACKEND:
            continue
        ceilings = record.get("ceilings")
        their_gpu = (record.get("environment") or {}).get("gpu")
        if not isinstance(ceilings, dict) or not isinstance(their_gpu, dict):
            continue
        if not all(isinstance(ceilings.get(k), (int, float)) for k in ("copy_GBps", "fp32_TFLOPs")):
            continue
        if (their_gpu.get("name"), their_gpu.get("sm_count")) != (gpu["name"], gpu["sm_count"]):
            continue
        key = (str(record.get("started_utc", "")), path.name)
        if newest is None or key > newest[0]:
            newest = (key, path, record)
    if newest is None:
        return None
    _, path, record = newest
    out = {k: record["ceilings"][k] for k in ("copy_GBps", "copy_bytes", "fp32_TFLOPs") if k in record["ceilings"]}
    kind = record.get("kind", "run")
    out["source"] = f"copied from {path.name} ({kind}, {record.get('started_utc', '?')}, same GPU)"
    return out


def case_json(bench, status, reason, reference, check_report, recheck_report, cold_s, hot_s, hot_unavailable,
              ceilings):
    """One case as case_json in run_record.cpp."""
    case, traffic = bench.case, bench.traffic
    out = {
        "name": case.name,
        "shape": traffic["shape"],
        "pe": case.pe,
        "status": status,
        "reason": reason,
        "reference": {"file": str(reference[0]) if reference else "", "sha256": reference[1] if reference else ""},
        "traffic": {"bytes": float(traffic["bytes"]), "flops": float(traffic["flops"])},
        "check": check.report_json(check_report) if check_report else None,
        "recheck": check.report_json(recheck_report) if recheck_report else None,
    }
    if cold_s:
        timing = {"cold": stats.timing_json(cold_s)}
        timing["hot"] = stats.timing_json(hot_s) if hot_s else {"unavailable": hot_unavailable}
        out["timing"] = timing
        median_s = stats.summarize(cold_s)["median"]
        achieved = {"GBps": traffic["bytes"] / median_s * 1e-9, "TFLOPs": traffic["flops"] / median_s * 1e-12}
        if isinstance(ceilings, dict):
            if isinstance(ceilings.get("copy_GBps"), (int, float)):
                achieved["copy_fraction"] = achieved["GBps"] / ceilings["copy_GBps"]
            if isinstance(ceilings.get("fp32_TFLOPs"), (int, float)):
                achieved["fp32_fraction"] = achieved["TFLOPs"] / ceilings["fp32_TFLOPs"]
        out["achieved"] = achieved
    return out


def experiment_json(peer_id, family, hypothesis, limits, source_sha256, cases):
    """One peer experiment: the keys of make_run_record's experiments[] plus "peer": true."""
    failed = [c["name"] for c in cases if c["status"] in ("failed", "error")]
    timed = sum(1 for c in cases if "timing" in c)
    reason = f"peer: no prediction; {timed} of {len(cases)} cases timed"
    if failed:
        reason += f"; failed the check or errored: {', '.join(failed)}"
    return {
        "id": peer_id,
        "family": family,
        "version": peer_id.split("/", 1)[1],
        "parent": "",
        "peer": True,
        "hypothesis": hypothesis,
        "prediction": {"kind": "none", "text": "none", "baseline": "", "factor": 1.0, "micros": 0.0, "cases": []},
        "limits": limits,
        "backend": BACKEND,
        "canary": False,
        "source_sha256": source_sha256,
        "resources": [],
        "verdict": {"value": "UNTESTED", "reason": reason},
        "cases": cases,
    }


def run_record(run_id, command, started, finished, git, build, environment, ceilings, settings, experiments):
    return {
        "schema": SCHEMA,
        "run_id": run_id,
        "command": list(command),
        "started_utc": started,
        "finished_utc": finished,
        "backend": BACKEND,
        "git": git,
        "build": build,
        "environment": environment,
        "ceilings": ceilings,
        "settings": settings,
        "experiments": experiments,
    }


def path_for_record(path, root):
    """A path as a record holds it (path_for_record in record_format.cpp): relative to the repository where it
    lies under it, from reference_data/ on where it names another checkout's reference file, else its name."""
    p = Path(path)
    if not p.is_absolute():
        return str(path)
    try:
        return p.relative_to(Path(root).resolve()).as_posix()
    except ValueError:
        pass
    text = p.as_posix()
    at = text.rfind("/reference_data/")
    return text[at + 1:] if at >= 0 else p.name


def stored_form(rec, root):
    """The record as stored (stored_record in record_format.cpp): repository paths,
    a re-check equal to the check as "same", and no stats or achieved rates (readers recompute them)."""
    out = json.loads(json.dumps(rec))
    out["schema"] = SCHEMA
    out["command"] = [path_for_record(a, root) for a in out.get("command", [])]
    for e in out.get("experiments", []):
        for c in e.get("cases", []):
            c["reference"]["file"] = path_for_record(c["reference"]["file"], root) if c["reference"]["file"] else ""
            if c.get("recheck") is not None and c["recheck"] == c.get("check"):
                c["recheck"] = "same"
            c.pop("achieved", None)
            for series in c.get("timing", {}).values():
                if "samples" in series:
                    series.pop("stats", None)
    return out


def write_record(records_dir, rec, root):
    """<records_dir>/<run_id>.json.gz: the stored form, gzip-compressed as the C++ writer does (no name, time 0)."""
    data = gzip.compress(dumps(stored_form(rec, root)).encode("utf-8"), compresslevel=9, mtime=0)
    return write_atomically(records_dir, f"{rec['run_id']}.json.gz", data)


def dumps(record):
    """JSON as the C++ writes it (keys sorted, compact, newline); NaN/Inf refused."""
    return json.dumps(record, separators=(",", ":"), sort_keys=True, allow_nan=False) + "\n"


def write_atomically(directory, name, text):
    """<dir>/<name> through .<name>.tmp.<pid> and a rename (write_file_atomically in run_record.cpp)."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    temp = directory / f".{name}.tmp.{os.getpid()}"
    try:
        mode, encoding = ("wb", None) if isinstance(text, bytes) else ("w", "utf-8")
        with open(temp, mode, encoding=encoding) as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
    except OSError as err:
        temp.unlink(missing_ok=True)
        raise OSError(f"cannot write {temp}: {err.strerror}. Fix: check the folder exists and is writable") from err
    os.replace(temp, directory / name)
    return directory / name


def host_name():
    return socket.gethostname()
