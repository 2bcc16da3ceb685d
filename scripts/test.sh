#!/usr/bin/env bash
# The test command (README): set up, build, generate the references the tests
# need, run every C++ and Python test. GPU tests skip, with their reason, where
# no GPU exists.
set -euo pipefail
cd "$(dirname "$0")/.."
tree_before=$(git status --porcelain 2>/dev/null || true)
scripts/setup.sh --tests
# It installed Slurm and munge: cli.slurm_live must run, and fails (not skips)
# where it cannot (FUSELAB_REQUIRE_SLURM=0 lets it skip).
export FUSELAB_REQUIRE_SLURM=${FUSELAB_REQUIRE_SLURM:-1}
# On Debian it installed Chromium: the site's browser test must run, and fails
# (not skips) where it cannot (FUSELAB_REQUIRE_CHROMIUM=0 lets it skip).
if grep -qx 'ID=debian' /etc/os-release 2>/dev/null; then
  export FUSELAB_REQUIRE_CHROMIUM=${FUSELAB_REQUIRE_CHROMIUM:-1}
fi
scripts/build.sh
python=$(scripts/find_python.sh)
# Label `slow` (a worktree build of HEAD for `run --at`, ~2 min) is left to
# `ctest --test-dir build -L slow`, to keep this command inside CI's budget.
ctest --test-dir "${BUILD_DIR:-build}" --output-on-failure -j"$(nproc)" -LE slow
if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "test: the tests labelled gpu were skipped: no CUDA GPU on this machine (fuselab check exits 3)"
fi
"$python" -m pytest -q reference_data/tests
FUSELAB_BIN="$PWD/${BUILD_DIR:-build}/harness/cli/fuselab" "$python" -m pytest -q harness/peers/tests
# The model bench's record (CPU), and the PyTorch ops' tests: skipped, with the
# reason, without a GPU or where fuselab_torch_ops is not built (docs/torch.md).
"$python" -m pytest -q harness/models/tests
"$python" -m pytest -q -rs harness/torch/tests
# The site (`fuselab report --html`) in headless Chromium (docs/site.md).
FUSELAB_BIN="$PWD/${BUILD_DIR:-build}/harness/cli/fuselab" "$python" -m pytest -q harness/site_tests

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

# The bad-input campaign (issue 42) once more under AddressSanitizer and
# UndefinedBehaviorSanitizer: the core and its tests alone, built in
# ${BUILD_DIR:-build}-sanitize (cmake/sanitize.cmake). Any report fails it:
# UBSan's by -fno-sanitize-recover, ASan's by halt_on_error. Leak checking is
# off: the only leaks it finds are libhdf5's own, on its error paths for
# corrupt files. A small quarantine keeps the process small, for the loader
# forks a child per reference file whose bytes are not the MANIFEST's. -O1, as
# ASan advises, with assertions on: the build takes a third of -O3's time.
san_dir="${BUILD_DIR:-build}-sanitize"
mkdir -p "$san_dir"
if ! command -v nvcc >/dev/null 2>&1 && [[ -x /usr/local/cuda/bin/nvcc ]]; then
  export PATH=/usr/local/cuda/bin:$PATH  # CMake enables CUDA, also for the core alone
fi
cmake -S . -B "$san_dir" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS_RELEASE=-O1 -DFUSELAB_CORE_ONLY=ON \
  -DFUSELAB_SANITIZE=ON >"$san_dir/configure.log" 2>&1 || { cat "$san_dir/configure.log"; exit 1; }
cmake --build "$san_dir" --target fuselab_core_tests -j"$(nproc)"
ASAN_OPTIONS=halt_on_error=1:detect_leaks=0:quarantine_size_mb=16 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  ctest --test-dir "$san_dir" --output-on-failure -j"$(nproc)" -R '^BadInputCampaign\.'
echo "test: the bad-input campaign passed under ASan + UBSan ($san_dir)"
