#!/usr/bin/env bash
# The test command (README): set up, build, generate the references the tests
# need, run every C++ and Python test. GPU tests skip, with their reason, where
# no GPU exists.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
python=$(scripts/find_python.sh)
ctest --test-dir "${BUILD_DIR:-build}" --output-on-failure -j"$(nproc)"
if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "test: the tests labelled gpu were skipped: no CUDA GPU on this machine (fuselab check exits 3)"
fi
"$python" -m pytest -q reference_data/tests
FUSELAB_BIN="$PWD/${BUILD_DIR:-build}/harness/cli/fuselab" "$python" -m pytest -q harness/peers/tests
