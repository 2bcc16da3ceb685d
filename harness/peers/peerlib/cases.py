"""The benchmark cases, their traffic model and their reference data.

Shapes and math parameters come from refgen (which reads cases.yaml); bytes and
FLOPs come from the one traffic model, through `fuselab cases --json`; inputs
come from the reference file, or for sampled-storage files (which hold no
inputs) from refgen's counter generator.
"""
import json
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import h5py
import numpy as np

from refgen import cases as refgen_cases
from refgen import counter, inputs, manifest


class PeerError(Exception):
    """Bad input the user can fix; the message names the thing and the fix."""


def traffic_table(fuselab, root):
    """{case id: fuselab's JSON for it} from `FUSELAB --root ROOT cases --json`."""
    fuselab = Path(fuselab)
    if not fuselab.is_file() or not os.access(fuselab, os.X_OK):
        raise PeerError(f"{fuselab}: no fuselab binary there (its `cases --json` gives each case's bytes and "
                        "FLOPs). Fix: build it (scripts/build.sh) or pass --fuselab PATH")
    try:
        done = subprocess.run([str(fuselab), "--root", str(root), "cases", "--json"], capture_output=True,
                              text=True, timeout=120, check=False)
    except OSError as err:
        raise PeerError(f"{fuselab}: cannot run it ({err}). Fix: rebuild it (scripts/build.sh)") from err
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise PeerError(f"`{fuselab} cases --json` exited {done.returncode}: {last}. Fix: rebuild fuselab "
                        "(scripts/build.sh); a binary older than the cases command does not have it")
    try:
        listed = json.loads(done.stdout)
    except json.JSONDecodeError as err:
        raise PeerError(f"`{fuselab} cases --json` printed no JSON ({err}). Fix: rebuild fuselab") from err
    return {entry["id"]: entry for entry in listed}


@dataclass
class BenchCase:
    case: object  # refgen.cases.Case
    traffic: dict  # fuselab's entry: shape, bytes, flops, ...


def benchmark_cases(experiments_dir, table, families=None):
    """The cases with use: benchmarks, in cases.yaml order, joined with the traffic table.

    Refuses when refgen and fuselab disagree about a case: the two read the same file."""
    chosen = []
    for case in refgen_cases.load_all(experiments_dir):
        if "benchmarks" not in case.use or (families and case.family not in families):
            continue
        entry = table.get(case.id)
        if entry is None:
            raise PeerError(f"{case.id}: in cases.yaml but not in `fuselab cases --json`. Fix: rebuild fuselab "
                            "so that it reads the same experiments/ folder (pass --root)")
        mine = {"pe": case.pe, "D": case.D, "storage": "sampled" if case.sampled else "full",
                "uses": list(case.use)}
        theirs = {key: entry.get(key) for key in mine}
        if mine != theirs:
            raise PeerError(f"{case.id}: refgen reads {mine}, fuselab reads {theirs}. Fix: rebuild fuselab from "
                            "this tree")
        chosen.append(BenchCase(case, entry))
    if families:
        known = {c.family for c in refgen_cases.load_all(experiments_dir)}
        unknown = sorted(set(families) - known)
        if unknown:
            raise PeerError(f"unknown family {', '.join(unknown)}. Fix: pick from {', '.join(sorted(known))}")
    return chosen


def verify_reference(case, reference_root):
    """(path, sha256) of the case's reference file after checking it against MANIFEST."""
    root = Path(reference_root)
    path = root / case.path
    regenerate = f"$(scripts/find_python.sh) reference_data/generate.py --only {case.id}"
    if not path.is_file():
        raise PeerError(f"{path} is missing. Fix: {regenerate}")
    entry = manifest.read(root / "MANIFEST").get(case.path)
    if entry is None:
        raise PeerError(f"{case.path} has no line in {root / 'MANIFEST'}. Fix: {regenerate}")
    sha = manifest.file_sha256(path)
    if sha != entry.sha256:
        raise PeerError(f"{path}: sha256 {sha} disagrees with MANIFEST ({entry.sha256}). Fix: {regenerate} --force")
    return path, sha


@dataclass
class Reference:
    path: Path
    sha256: str
    inputs: dict  # name -> float32 array, full shape (q, k, v or x)
    inv_freq: np.ndarray
    rows: np.ndarray  # int64: the output rows `out` holds
    out: np.ndarray  # float64 [len(rows), D]
    torch_fp32_max_abs_err: float
    inputs_source: str


class InputCache:
    """Whole input tensors drawn from the counter generator, kept while the same (seed, stream, shape) recurs."""

    def __init__(self, threads):
        self.threads = max(1, threads)
        self.kept = {}

    def whole(self, tensor):
        key = (tensor.seed, tensor.stream, tensor.shape)
        if key not in self.kept:
            self.kept = {key: self._draw(tensor)}  # one at a time: they can be 512 MB each
        return self.kept[key]

    def _draw(self, tensor):
        out = np.empty(tensor.size, dtype=np.float32 if tensor.max_value is None else np.int64)
        step = inputs.HASH_CHUNK

        def fill(start):
            stop = min(start + step, tensor.size)
            out[start:stop] = tensor.values(np.arange(start, stop, dtype=np.uint64))

        with ThreadPoolExecutor(self.threads) as pool:
            list(pool.map(fill, range(0, tensor.size, step)))
        return out.reshape(tensor.shape)


def load_reference(case, path, sha256, cache):
    """The inputs, inv_freq and expected rows of a case (file already verified)."""
    with h5py.File(path, "r") as f:
        inv = f["inv_freq"][()]
        out = f["out"][()]
        err = float(f.attrs["torch_fp32_max_abs_err"])
        if case.sampled:
            rows = f["rows"][()].astype(np.int64)
            tensors = {name: cache.whole(t) for name, t in inputs.input_tensors(case).items()}
            source = "regenerated by refgen's counter generator (the sampled file holds no inputs)"
        else:
            rows = np.arange(case.out_rows, dtype=np.int64)
            tensors = {name: f[name][()] for name in case.input_shapes}
            source = "read from the reference file"
    want_inv = inputs.inv_freq(case.base, case.D)
    if not np.array_equal(inv, want_inv):
        raise PeerError(f"{path}: inv_freq differs from refgen's inv_freq(base, D). Fix: regenerate it with "
                        f"$(scripts/find_python.sh) reference_data/generate.py --only {case.id} --force")
    for name, shape in case.input_shapes.items():
        dtype = np.int64 if name in case.integer_inputs else np.float32
        if tensors[name].shape != shape or tensors[name].dtype != dtype:
            raise PeerError(f"{path}: {name} is {tensors[name].dtype} {tensors[name].shape}, expected "
                            f"{np.dtype(dtype).name} {shape}")
    return Reference(Path(path), sha256, tensors, inv, rows, out.reshape(len(rows), case.D), err, source)
