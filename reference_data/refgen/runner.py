"""The generate loop: decide per case whether to write, write, and keep MANIFEST current.

- A file whose MANIFEST line, checksum and parameters all match is skipped
  (rewritten with force).
- A committed fixture that is missing or differs from its MANIFEST line is an
  error unless force: restore it from git instead of rewriting it with this
  machine's torch. A fixture whose case changed in cases.yaml is rewritten.
- The inputs are hashed before any output is computed; a hash that differs from
  an existing MANIFEST line is an error (never overwritten).
- MANIFEST is rewritten after every file, so an interrupted run loses nothing.
"""
import time

from . import build, h5file, inputs, manifest, provenance, status
from .errors import RefgenError


def generate(cases, root, manifest_path, device, force, log):
    entries = manifest.read(manifest_path)
    provenance_attrs = provenance.attributes(device)
    written = 0
    started = time.perf_counter()
    for number, case in enumerate(cases, start=1):
        prefix = f"[{number:{len(str(len(cases)))}}/{len(cases)}] {case.id:<48}"
        entry = entries.get(case.path)
        problems = status.file_problems(case, root, entry)
        if not problems and not force:
            log(f"{prefix} up to date")
            continue
        if case.fixture and entry and not force and all(p.kind != status.PARAMETERS for p in problems):
            raise RefgenError(
                f"{case.path}: committed fixture {'; '.join(map(str, problems))}. Restore it with "
                f"`git checkout -- reference_data/{case.path} reference_data/MANIFEST`, "
                f"or rewrite it with this machine's torch: {status.regenerate_command(case)}"
            )
        seconds = time.perf_counter()
        entries[case.path], torch_err = _write(case, root, entry, device, provenance_attrs)
        manifest.write(manifest_path, entries)
        seconds = time.perf_counter() - seconds
        log(f"{prefix} {_size(entries[case.path].size):>9} {seconds:7.2f} s  torch fp32 err {torch_err:.2e}")
        written += 1
    log(f"{written} written, {len(cases) - written} up to date, {time.perf_counter() - started:.1f} s")


def _write(case, root, entry, device, provenance_attrs):
    tensors = inputs.input_tensors(case)
    inv = inputs.inv_freq(case.base, case.D)
    inputs_sha = inputs.inputs_sha256(tensors, inv)
    if entry and entry.inputs_sha256 != inputs_sha:
        raise RefgenError(
            f"{case.path}: the inputs generated here hash to {inputs_sha}, but MANIFEST says "
            f"{entry.inputs_sha256}. Either the inputs are not reproducible on this machine (a generator bug: "
            "report it), or the case's shape or seed changed in cases.yaml on purpose (then delete the line "
            f"{case.path} from MANIFEST and run again)"
        )
    result = build.outputs(case, tensors, inv, device)
    attrs = {
        **case.attributes(),
        "torch_fp32_max_abs_err": result.torch_fp32_max_abs_err,
        "torch_fp32_method": result.torch_fp32_method,
        **provenance_attrs,
    }
    path = root / case.path
    h5file.write(path, attrs, build.datasets(case, tensors, inv, result))
    entry = manifest.Entry(case.path, path.stat().st_size, manifest.file_sha256(path), inputs_sha)
    return entry, attrs["torch_fp32_max_abs_err"]


def _size(size):
    return f"{size / 1e6:.2f} MB" if size >= 1e5 else f"{size / 1e3:.1f} kB"
