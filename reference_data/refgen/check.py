"""--check: verify files and inputs against MANIFEST without writing anything.

Per case: the MANIFEST line exists; the inputs regenerated here hash to the
line's inputs hash; an existing file has the line's size and sha256, the case's
parameters, and (full storage) input datasets with the same inputs hash. A
missing non-fixture file is not a problem (it is generated on demand); a
missing fixture is. With every case selected, MANIFEST lines no case produces
are problems too.
"""
from . import h5file, inputs, manifest, status


def check(cases, root, manifest_path, all_paths, log):
    """Returns the list of problems (empty = all good); all_paths: every case's path, or None to skip orphans."""
    entries = manifest.read(manifest_path)
    problems = []
    for case in cases:
        entry = entries.get(case.path)
        found = [p for p in status.file_problems(case, root, entry) if case.fixture or p.kind != status.MISSING]
        path = root / case.path
        if entry:
            found += _inputs_problems(case, path, entry, file_ok=not found)
        if found:
            fix = status.regenerate_command(case)
            if case.fixture:
                fix = f"git checkout -- reference_data/{case.path} reference_data/MANIFEST, or {fix}"
            problems += [f"{case.path}: {problem}; fix: {fix}" for problem in found]
            log(f"{case.id:<48} PROBLEM: {'; '.join(map(str, found))}")
        else:
            log(f"{case.id:<48} {'ok' if path.is_file() else 'ok (not generated here)'}")
    if all_paths is not None:
        for orphan in sorted(set(entries) - set(all_paths)):
            problems.append(
                f"MANIFEST lists {orphan}, which no case in experiments/*/cases.yaml produces; delete the line"
            )
    return problems


def _inputs_problems(case, path, entry, file_ok):
    """The inputs regenerated here, and a sound full file's input datasets, must hash to the MANIFEST line."""
    regenerated = inputs.inputs_sha256(inputs.input_tensors(case), inputs.inv_freq(case.base, case.D))
    if regenerated != entry.inputs_sha256:
        return [f"inputs regenerated here hash to {regenerated}, MANIFEST says {entry.inputs_sha256}"]
    if case.sampled or not file_ok or not path.is_file():
        return []
    stored = h5file.read_datasets(path, list(case.input_shapes) + ["inv_freq"])
    if inputs.sha256_of_arrays(stored.values()) != entry.inputs_sha256:
        return ["the file's input datasets do not hash to MANIFEST's inputs hash"]
    return []
