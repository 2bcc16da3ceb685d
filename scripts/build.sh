#!/usr/bin/env bash
# Configures and builds into build/ (BUILD_DIR overrides).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build}
if ! command -v nvcc >/dev/null 2>&1 && [[ -x /usr/local/cuda/bin/nvcc ]]; then
  export PATH=/usr/local/cuda/bin:$PATH
fi
mkdir -p "$build_dir"
# FUSELAB_ONLY (experiment ids, ;-separated): build those alone, no probes;
# unset builds everything (passed either way, so the cache never keeps a subset).
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release "-DFUSELAB_ONLY=${FUSELAB_ONLY:-}" >"$build_dir/configure.log" 2>&1 \
  || { cat "$build_dir/configure.log"; exit 1; }
cmake --build "$build_dir" -j"$(nproc)"
