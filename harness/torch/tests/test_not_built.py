"""Without the ops' library (any machine): fuselab.torch imports, says why the ops are unavailable, and a call
raises one error naming the library and the fix (a subprocess, so the loaded library of this process is not
disturbed)."""
import os
import subprocess
import sys

from conftest import REPO

SCRIPT = """
import fuselab.torch as ft, torch
ok, why = ft.available()
assert not ok and "/nowhere/libfuselab_torch_ops.so does not exist" in why and "Fix:" in why, why
try:
    ft.attention(torch.zeros(1, 1, 1, 2), torch.zeros(1, 1, 1, 2), torch.zeros(1, 1, 1, 2))
except ft.NotBuilt as err:
    assert str(err).startswith("fuselab.torch: /nowhere/libfuselab_torch_ops.so does not exist"), err
    print("refused")
"""


def test_without_the_library_a_call_says_what_to_build():
    env = dict(os.environ, FUSELAB_TORCH_OPS_LIBRARY="/nowhere/libfuselab_torch_ops.so",
               PYTHONPATH=str(REPO / "python"))
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, timeout=300)
    assert done.returncode == 0 and done.stdout.strip() == "refused", done.stdout + done.stderr
