"""How a reference file on disk compares with its case and its MANIFEST line."""
from dataclasses import dataclass

from . import h5file, manifest

# Problem kinds
NO_LINE = "no MANIFEST line"
MISSING = "missing"
DIFFERS = "differs from MANIFEST"
UNREADABLE = "unreadable"
PARAMETERS = "parameters differ from cases.yaml"


@dataclass(frozen=True)
class Problem:
    kind: str
    detail: str

    def __str__(self):
        return f"{self.kind}: {self.detail}" if self.detail else self.kind


def file_problems(case, root, entry):
    """Problems of root/case.path against MANIFEST entry (None if absent); [] when up to date."""
    problems = [] if entry else [Problem(NO_LINE, "")]
    path = root / case.path
    if not path.is_file():
        return problems + [Problem(MISSING, str(path))]
    if entry:
        size = path.stat().st_size
        if size != entry.size:
            problems.append(Problem(DIFFERS, f"size {size}, MANIFEST says {entry.size}"))
        elif manifest.file_sha256(path) != entry.sha256:
            problems.append(Problem(DIFFERS, "sha256 differs"))
    try:
        stored = h5file.read_attributes(path)
    except OSError as err:
        return problems + [Problem(UNREADABLE, str(err))]
    changed = [
        f"{key} = {stored.get(key)!r} (cases.yaml: {want!r})"
        for key, want in case.attributes().items()
        if stored.get(key) != want
    ]
    if changed:
        problems.append(Problem(PARAMETERS, ", ".join(changed)))
    return problems


def regenerate_command(case):
    return f"$(scripts/find_python.sh) reference_data/generate.py --only {case.id} --force"
