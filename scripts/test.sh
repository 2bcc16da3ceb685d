#!/usr/bin/env bash
# The test command (README): set up, build, generate the references the tests
# need, run every C++ and Python test. GPU tests skip, with their reason, where
# no GPU exists.
set -euo pipefail
cd "$(dirname "$0")/.."
tree_before=$(git status --porcelain 2>/dev/null || true)
scripts/setup.sh
scripts/build.sh
python=$(scripts/find_python.sh)
ctest --test-dir "${BUILD_DIR:-build}" --output-on-failure -j"$(nproc)"
if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "test: the tests labelled gpu were skipped: no CUDA GPU on this machine (fuselab check exits 3)"
fi
"$python" -m pytest -q reference_data/tests
FUSELAB_BIN="$PWD/${BUILD_DIR:-build}/harness/cli/fuselab" "$python" -m pytest -q harness/peers/tests

# Without a GPU the main job is quick (the CPU pipeline, in build/cpu-run/):
# run it too, and check that neither command changed the tree.
if ! nvidia-smi -L >/dev/null 2>&1 && git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  log="${BUILD_DIR:-build}/main-job.log"
  scripts/main.sh >"$log" 2>&1 || { tail -20 "$log"; echo "test: the main job failed (log: $log)"; exit 1; }
  if [[ "$(git status --porcelain)" != "$tree_before" ]]; then
    echo "test: the main job or the tests changed the tree:"
    diff <(echo "$tree_before") <(git status --porcelain) || true
    exit 1
  fi
  echo "test: the main job ran (CPU pipeline, $log) and the tree is as it was"
fi
