"""The site the browser test reads: `fuselab report --html` on the sample
records (harness/tests/data), written once per session into a temporary
folder; and the headless browser, started once."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))

import sitecheck  # noqa: E402


def fuselab_bin():
    path = Path(os.environ.get("FUSELAB_BIN", REPO / "build/harness/cli/fuselab"))
    if not path.is_file():
        pytest.fail(f"no fuselab binary at {path}. Fix: scripts/build.sh, or set FUSELAB_BIN")
    return path


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    work = tmp_path_factory.mktemp("site")
    runs = work / "runs"
    runs.mkdir()
    for sub in ("records", "peer_records"):
        for record in (REPO / "harness/tests/data" / sub).iterdir():
            shutil.copy(record, runs / record.name)
    command = [str(fuselab_bin()), "--records-dir", str(runs), "--log", str(work / "OPTIMIZATION_LOG.md"),
               "report", "--reports-dir", str(work / "reports"), "--html", str(work / "site")]
    done = subprocess.run(command, capture_output=True, text=True)
    assert done.returncode == 0, f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}"
    return work / "site"


@pytest.fixture(scope="session")
def driver():
    chrome = sitecheck.browser()
    yield chrome
    chrome.quit()
