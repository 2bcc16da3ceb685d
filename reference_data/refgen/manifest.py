"""reference_data/MANIFEST: one line per file, sorted by path (docs/reference-format.md)."""
import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from .errors import RefgenError

HEADER = (
    "# fuselab reference data. Written by reference_data/generate.py; format: docs/reference-format.md\n"
    "# <path relative to reference_data/>  <size in bytes>  <sha256 of the file>  <sha256 of the inputs>\n"
)


@dataclass(frozen=True)
class Entry:
    path: str
    size: int
    sha256: str
    inputs_sha256: str

    def line(self):
        return f"{self.path}  {self.size}  {self.sha256}  {self.inputs_sha256}\n"


def read(path):
    """path -> Entry; an absent MANIFEST is empty."""
    path = Path(path)
    if not path.exists():
        return {}
    entries = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fields = line.split()
        if len(fields) != 4 or not fields[1].isdigit():
            raise RefgenError(
                f"{path}:{number}: expected '<path> <size> <sha256> <inputs sha256>', got {line!r}; "
                "fix or delete the line"
            )
        if fields[0] in entries:
            raise RefgenError(f"{path}:{number}: {fields[0]} is listed twice; delete one line")
        entries[fields[0]] = Entry(fields[0], int(fields[1]), fields[2], fields[3])
    return entries


def write(path, entries):
    """Atomically rewrite MANIFEST with the header and the entries sorted by path."""
    path = Path(path)
    temp = path.with_name(path.name + ".tmp")
    temp.write_text(HEADER + "".join(entries[key].line() for key in sorted(entries)), encoding="utf-8")
    os.replace(temp, path)


def file_sha256(path):
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        for block in iter(lambda: stream.read(1 << 22), b""):
            digest.update(block)
    return digest.hexdigest()
