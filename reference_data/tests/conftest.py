"""Shared helpers: the refgen package on sys.path, paths, and running generate.py."""
import contextlib
import io
import sys
from pathlib import Path
from types import SimpleNamespace

REFERENCE_DATA = Path(__file__).resolve().parents[1]
REPO = REFERENCE_DATA.parent
sys.path.insert(0, str(REFERENCE_DATA))

import generate  # noqa: E402  (needs the path above)


def run_generate(*args):
    """generate.py's main on the CPU, in this process; returns returncode, stdout, stderr."""
    stdout, stderr = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        code = generate.main(["--device", "cpu", *map(str, args)])
    return SimpleNamespace(returncode=code, stdout=stdout.getvalue(), stderr=stderr.getvalue())
